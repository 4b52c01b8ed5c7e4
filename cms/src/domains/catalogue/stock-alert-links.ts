// The signed tokens of the stock alerts' unsubscribe links.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The signed token of an alert's unsubscribe link: its documentId and an HMAC of it under the app's keys. */
function signature(documentId: string): string {
  const keys: unknown = strapi.config.get('server.app.keys', []);
  const secret = Array.isArray(keys) ? keys.join(',') : '';
  if (secret === '') throw new Error('server.app.keys (APP_KEYS) is not set: stock alert links cannot be signed');
  return createHmac('sha256', `stock-alert-unsubscribe:${secret}`).update(documentId).digest('base64url').slice(0, 32);
}

export function unsubscribeToken(documentId: string): string {
  return `${documentId}.${signature(documentId)}`;
}

/** The documentId a token names, or null when it is not one this shop signed. */
export function verifiedDocumentId(token: string): string | null {
  const [documentId, sig] = token.split('.');
  if (!documentId || !sig || !/^[a-z0-9]{10,64}$/i.test(documentId)) return null;
  const expected = Buffer.from(signature(documentId));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected) ? documentId : null;
}
