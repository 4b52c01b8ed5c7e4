/**
 * One Idempotency-Key per checkout attempt. Pressing 'Confirmar Pedido' again with the same order (after a
 * network error or a server failure, when the first request may have created the order) reuses the key, so the
 * server answers the order it already made; any change to the order is a new attempt with a new key.
 */
export interface CheckoutAttempt {
  key: string;
  /** The order body the key was made for, as sent. */
  body: string;
}

/** 32 random hex characters (crypto.getRandomValues also works on plain-http pages, unlike randomUUID). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The attempt for this body: the previous one when the body is unchanged, else a new key. */
export function attemptFor(previous: CheckoutAttempt | null, payload: unknown, makeKey: () => string = newIdempotencyKey): CheckoutAttempt {
  const body = JSON.stringify(payload);
  return previous && previous.body === body ? previous : { key: makeKey(), body };
}
