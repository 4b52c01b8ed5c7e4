import { useEffect, useState } from 'react';

/**
 * Runs `work` once the browser is idle (after the first screen has been drawn), at the latest after `timeout` ms;
 * where the browser cannot tell idleness, after `fallbackDelay` ms. For what the first screen does not show:
 * below-the-fold requests then do not compete with the screen's own. Returns a function that cancels it.
 */
export function whenIdle(work: () => void, { timeout = 2000, fallbackDelay = 1 } = {}): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(work, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  // No idle callbacks (Safari): after the page's load event, when the first screen's requests are done.
  let timer: number | undefined;
  const later = () => {
    timer = window.setTimeout(work, fallbackDelay);
  };
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
  return () => {
    window.removeEventListener('load', later);
    window.clearTimeout(timer);
  };
}

/** False on the first render, true once the browser has been idle (see whenIdle). */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => (idle ? undefined : whenIdle(() => setIdle(true))), [idle]);
  return idle;
}
