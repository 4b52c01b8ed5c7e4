import { createHmac, timingSafeEqual } from 'node:crypto';
import { secret } from '../platform';

/** An invitation's link lasts this long (the 60 days). */
export const INVITATION_DAYS = 60;

const sign = (payload: string) =>
  createHmac('sha256', `review-invitation:${secret('ENCRYPTION_KEY')}`)
    .update(payload)
    .digest('base64url')
    .slice(0, 32);

/**
 * `<order documentId>-<expiry in seconds>-<signature>`: no account, no row to look up, unforgeable without the key.
 * No dot in it: the storefront's page `/opinar/<token>` must not look like a file to the server.
 */
export function invitationToken(orderDocumentId: string, now = Date.now()): string {
  const payload = `${orderDocumentId}-${Math.floor(now / 1000) + INVITATION_DAYS * 86_400}`;
  return `${payload}-${sign(payload)}`;
}

/** The order a token names, or null when it is forged, malformed or expired. */
export function orderOfToken(token: unknown, now = Date.now()): string | null {
  if (typeof token !== 'string' || token.length > 300) return null;
  const match = /^([A-Za-z0-9]{1,64})-(\d{1,12})-([\w-]{32})$/.exec(token);
  if (!match) return null;
  const [, orderId = '', expiry = '', signature = ''] = match;
  const expected = Buffer.from(sign(`${orderId}-${expiry}`));
  if (expected.length !== Buffer.byteLength(signature) || !timingSafeEqual(expected, Buffer.from(signature))) return null;
  return Number(expiry) * 1000 > now ? orderId : null;
}
