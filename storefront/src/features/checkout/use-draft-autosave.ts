import { useEffect, useRef } from 'react';
import { ApiError } from '@shop/client-kit';
import { saveCheckoutDraft } from './api/checkout-drafts';
import { draftBody, draftSavesHeld, draftToken, forgetDraftToken, holdDraftSaves, type DraftSource } from './checkout-draft';

/** Wait after the last keystroke before the draft is saved. */
const DEBOUNCE_MS = 1200;

/**
 * Saves this browser's checkout draft (abandoned checkouts) once the cart has items and the shopper typed a valid
 * e-mail or phone, debounced; the same body is not sent twice. A draft already turned into an order (409) makes the
 * browser start a fresh one, unless this page has just sent its order (holdDraftSaves). Failures are silent: the draft only helps, the checkout never depends on it.
 */
export function useDraftAutosave(source: DraftSource, enabled: boolean): void {
  const body = enabled ? draftBody(source) : null;
  const serialized = body ? JSON.stringify(body) : null;
  const lastSent = useRef<string | null>(null);
  // A checkout opened again after an order saves its new draft.
  useEffect(() => holdDraftSaves(false), []);
  useEffect(() => {
    if (!serialized || serialized === lastSent.current) return;
    const timer = window.setTimeout(() => {
      if (draftSavesHeld()) return;
      lastSent.current = serialized;
      const send = (retry: boolean): Promise<unknown> =>
        saveCheckoutDraft({ token: draftToken(), body: JSON.parse(serialized) }).catch((err: unknown) => {
          // Converted meanwhile by the order this page just placed: nothing is left to save.
          if (retry && err instanceof ApiError && err.status === 409 && !draftSavesHeld()) {
            forgetDraftToken();
            return send(false);
          }
          return undefined;
        });
      void send(true);
    }, DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [serialized]);
}
