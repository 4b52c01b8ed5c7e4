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

/**
 * A ref for an element and whether it has come within `margin` of the viewport once the browser is idle (once true,
 * it stays true). For code far below the first screen: it never competes with the first screen, and a shopper who
 * never scrolls there never downloads it. Where the browser cannot tell (no IntersectionObserver), true once idle.
 */
export function useNearViewport<T extends Element>(margin = '600px'): [(element: T | null) => void, boolean] {
  const idle = useIdle();
  const [element, setElement] = useState<T | null>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near || !idle) return undefined;
    if (typeof window.IntersectionObserver !== 'function') {
      setNear(true);
      return undefined;
    }
    if (!element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, idle, margin, near]);
  return [setElement, near];
}
