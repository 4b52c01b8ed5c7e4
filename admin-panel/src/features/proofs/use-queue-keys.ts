import { useEffect, useRef } from 'react';

export interface QueueKeyActions {
  move: (delta: number) => void;
  approve: () => void;
  reject: () => void;
}

/** Typing somewhere (a field, an editable area) never triggers a shortcut. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * The queue's keyboard: ArrowUp/ArrowLeft and ArrowDown/ArrowRight move between orders, A approves, R opens the
 * reject dialog. Off while typing in a field, with a dialog open (`enabled` false) or with a modifier key held.
 */
export function useQueueKeys(enabled: boolean, actions: QueueKeyActions): void {
  const latest = useRef(actions);
  latest.current = actions;
  useEffect(() => {
    if (!enabled) return;
    function onKey(event: KeyboardEvent) {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      if (document.querySelector('[aria-modal="true"]')) return;
      const key = event.key;
      if (key === 'ArrowDown' || key === 'ArrowRight') latest.current.move(1);
      else if (key === 'ArrowUp' || key === 'ArrowLeft') latest.current.move(-1);
      else if (key === 'a' || key === 'A') latest.current.approve();
      else if (key === 'r' || key === 'R') latest.current.reject();
      else return;
      event.preventDefault();
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled]);
}
