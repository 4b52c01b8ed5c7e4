import { useEffect, useRef, useState, type KeyboardEvent } from 'react';

interface ComboboxOptions {
  /** The ids of the field's listbox; its options get `${listId}-option-${index}`. */
  listId: string;
  /** How many options the list shows now. */
  count: number;
  /** Picks the option at `index` (the list closes). */
  onPick: (index: number) => void;
  /**
   * Enter while the list is open and no option is highlighted: 'only-option' picks the option when it is the only one
   * and never sends the form; 'submit' lets the form send (the list closes).
   */
  enterWithoutHighlight: 'only-option' | 'submit';
}

/**
 * The keyboard and state of an ARIA combobox with a listbox popup (a text field that suggests as the shopper types):
 * arrows move round the options, Enter picks the highlighted one, Escape closes, leaving the field closes.
 */
export function useCombobox({ listId, count, onPick, enterWithoutHighlight }: ComboboxOptions) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listRef = useRef<HTMLUListElement>(null);
  const expanded = open && count > 0;
  const activeIndex = expanded && active < count ? active : -1;
  const optionId = (index: number) => `${listId}-option-${index}`;

  useEffect(() => {
    if (activeIndex < 0) return;
    listRef.current?.querySelector(`#${listId}-option-${activeIndex}`)?.scrollIntoView({ block: 'nearest' });
  }, [activeIndex, listId]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  /** The shopper typed: the list opens with nothing highlighted. */
  const reopen = () => {
    setOpen(true);
    setActive(-1);
  };
  const pick = (index: number) => {
    if (index < 0 || index >= count) return;
    onPick(index);
    close();
  };
  const move = (step: 1 | -1) => {
    if (count === 0) return;
    setOpen(true);
    if (!expanded || activeIndex < 0) setActive(step === 1 ? 0 : count - 1);
    else setActive((activeIndex + step + count) % count);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter' && expanded) {
      if (activeIndex < 0 && enterWithoutHighlight === 'submit') {
        close();
        return;
      }
      event.preventDefault();
      pick(activeIndex >= 0 ? activeIndex : count === 1 ? 0 : -1);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      close();
    }
  };

  /** Spread on the text field (it also needs its own value, onChange calling `reopen`, and a label). */
  const inputProps = {
    role: 'combobox',
    'aria-autocomplete': 'list',
    'aria-expanded': expanded,
    'aria-controls': listId,
    'aria-activedescendant': activeIndex >= 0 ? optionId(activeIndex) : undefined,
    autoComplete: 'off',
    spellCheck: false,
    onKeyDown,
    onBlur: close,
  } as const;

  /** Spread on each option: the click picks, and keeps the focus in the field so its blur does not close first. */
  const optionProps = (index: number) =>
    ({
      id: optionId(index),
      role: 'option',
      'aria-selected': index === activeIndex,
      onMouseDown: (event: { preventDefault: () => void }) => event.preventDefault(),
      onMouseEnter: () => setActive(index),
      onClick: () => pick(index),
    }) as const;

  return { expanded, listRef, inputProps, optionProps, reopen, close };
}
