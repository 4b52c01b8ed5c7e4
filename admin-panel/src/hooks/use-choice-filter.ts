import { useState } from 'react';

/**
 * A list's filter by one of `choices` ('' for all), spread into its ChoiceField (value, onChange, choices): an
 * unknown value reads as all, and `onChoose` runs after each choice (a paged list goes back to its first page).
 */
export function useChoiceFilter<T extends string>(choices: readonly { value: T; label: string }[], onChoose?: () => void) {
  const [value, setValue] = useState<T | ''>('');
  const onChange = (next: string) => {
    setValue(choices.find((choice) => choice.value === next)?.value ?? '');
    onChoose?.();
  };
  return { value, onChange, choices };
}
