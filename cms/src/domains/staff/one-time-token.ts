// One-time tokens of an account (`<account id>.<secret>`): the sign-in challenge and the invitation link. Only the
// secret's SHA-256 is stored; a token is matched in constant time.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/** A new token for the account and the hash to store. */
export function newOneTimeToken(accountId: number): { token: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { token: `${accountId}.${secret}`, hash: sha256Hex(secret) };
}

/** The account id and the secret's hash of a token as received (id 0 when it names none). */
export function readOneTimeToken(token: string): { id: number; hash: string; hasSecret: boolean } {
  const [idText = '', secret = ''] = token.trim().split('.');
  return { id: /^\d{1,9}$/.test(idText) ? Number(idText) : 0, hash: sha256Hex(secret), hasSecret: secret !== '' };
}

/** Whether a stored hash is the given one, in constant time. */
export function sameHash(stored: string | null | undefined, given: string): boolean {
  const a = Buffer.from(stored ?? '');
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
