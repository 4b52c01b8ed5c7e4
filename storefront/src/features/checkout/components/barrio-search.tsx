import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { searchBarrios, type DeliveryZone } from '@shop/shared';

const INPUT_ID = 'checkout-barrio';
const LIST_ID = 'checkout-barrio-list';
const optionId = (index: number) => `checkout-barrio-option-${index}`;

interface BarrioSearchProps {
  zones: readonly DeliveryZone[];
  value: string;
  onChange: (value: string) => void;
  /** Ids of the texts that describe the field (hint, zone found, problem). */
  describedBy?: string;
  invalid?: boolean;
}

/**
 * The barrio of a home delivery: a text field that suggests the barrios of the enabled zones as the shopper types
 * (ARIA combobox with a listbox popup: arrows move, Enter picks, Escape closes; a click picks too).
 */
export function BarrioSearch({ zones, value, onChange, describedBy, invalid = false }: BarrioSearchProps) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listRef = useRef<HTMLUListElement>(null);
  const choices = useMemo(() => searchBarrios(zones, value), [zones, value]);
  const expanded = open && choices.length > 0;
  const activeIndex = expanded && active < choices.length ? active : -1;

  useEffect(() => {
    if (activeIndex < 0) return;
    listRef.current?.querySelector(`#${optionId(activeIndex)}`)?.scrollIntoView({ block: 'nearest' });
  }, [activeIndex]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const choose = (index: number) => {
    const choice = choices[index];
    if (!choice) return;
    onChange(choice.barrio);
    close();
  };
  const move = (step: 1 | -1) => {
    if (choices.length === 0) return;
    setOpen(true);
    if (!expanded || activeIndex < 0) setActive(step === 1 ? 0 : choices.length - 1);
    else setActive((activeIndex + step + choices.length) % choices.length);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter' && expanded) {
      // With the list open, Enter picks (the highlighted barrio, or the only one listed) instead of sending the order.
      event.preventDefault();
      if (activeIndex >= 0) choose(activeIndex);
      else if (choices.length === 1) choose(0);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      close();
    }
  };

  return (
    <div className="field combobox" data-testid="barrio-search">
      <label htmlFor={INPUT_ID}>Barrio</label>
      <input
        id={INPUT_ID}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={LIST_ID}
        aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder="Escribí tu barrio"
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={close}
      />
      <ul id={LIST_ID} ref={listRef} role="listbox" aria-label="Barrios con envío" className="combobox__list" hidden={!expanded}>
        {choices.map((choice, index) => (
          <li
            key={`${choice.zone.id}-${choice.barrio}`}
            id={optionId(index)}
            role="option"
            aria-selected={index === activeIndex}
            className="combobox__option"
            // Keep the focus in the field: the click picks, the blur must not close the list first.
            onMouseDown={(event) => event.preventDefault()}
            onMouseEnter={() => setActive(index)}
            onClick={() => choose(index)}
          >
            <span className="combobox__option-name">{choice.barrio}</span>
            <span className="combobox__option-zone">{choice.zone.name}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
