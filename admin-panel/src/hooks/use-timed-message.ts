import { useCallback, useEffect, useRef, useState } from 'react';

export interface TimedMessage {
  kind: 'success' | 'error' | 'warning';
  text: string;
}

/** A message that disappears by itself after `ms` (banners last 3 s or 5 s). Errors stay until replaced. */
export function useTimedMessage() {
  const [message, setMessage] = useState<TimedMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const clear = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setMessage(null);
  }, []);

  const show = useCallback((next: TimedMessage, ms?: number) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setMessage(next);
    if (ms !== undefined) timer.current = setTimeout(() => setMessage(null), ms);
  }, []);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  return { message, show, clear };
}
