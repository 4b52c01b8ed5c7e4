import { useEffect, useState } from 'react';

/**
 * The value as it stood once it had not changed for `delayMs` (the first value at once). A value compares by
 * identity: memoise objects, or every render restarts the wait.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
