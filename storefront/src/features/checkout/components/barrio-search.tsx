import { useMemo } from 'react';
import { searchBarrios, type DeliveryZone } from '@shop/shared';
import { useCombobox } from '@/lib/use-combobox';

const INPUT_ID = 'checkout-barrio';
const LIST_ID = 'checkout-barrio-list';

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
  const choices = useMemo(() => searchBarrios(zones, value), [zones, value]);
  const { expanded, listRef, inputProps, optionProps, reopen } = useCombobox({
    listId: LIST_ID,
    count: choices.length,
    onPick: (index) => {
      const choice = choices[index];
      if (choice) onChange(choice.barrio);
    },
    // With the list open, Enter picks (the highlighted barrio, or the only one listed) instead of sending the order.
    enterWithoutHighlight: 'only-option',
  });

  return (
    <div className="field combobox" data-testid="barrio-search">
      <label htmlFor={INPUT_ID}>Barrio</label>
      <input
        {...inputProps}
        id={INPUT_ID}
        type="text"
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        placeholder="Escribí tu barrio"
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          reopen();
        }}
      />
      <ul id={LIST_ID} ref={listRef} role="listbox" aria-label="Barrios con envío" className="combobox__list" hidden={!expanded}>
        {choices.map((choice, index) => (
          <li key={`${choice.zone.id}-${choice.barrio}`} {...optionProps(index)} className="combobox__option">
            <span className="combobox__option-name">{choice.barrio}</span>
            <span className="combobox__option-zone">{choice.zone.name}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
