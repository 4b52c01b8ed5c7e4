import { randomInt, timingSafeEqual } from 'node:crypto';
import { ACCOUNT_LIMITS, accountCodeMail } from '@shop/shared';
import { enqueueMail, shopOf } from '../notifications';
import { shopBaseUrl } from '../../utils/public-url';
import { affectedRows, isRecord, newDocumentId, table } from '../../utils/db-write';
import { CODES_TABLE, codeHash, emailHash } from './account-store';

const MINUTE = 60_000;

/**
 * A new 6-digit code for this address (any address: the answer never tells whether she has bought or has an
 * account). Her earlier unused codes stop counting, the new one is stored as an HMAC only and mailed. The mail's
 * body holds the digits until it is sent; the worker then blanks it (notifications/outbox-worker.ts).
 */
export async function sendCode(email: string, now = new Date()): Promise<void> {
  const code = String(randomInt(0, 10 ** ACCOUNT_LIMITS.codeDigits)).padStart(ACCOUNT_LIMITS.codeDigits, '0');
  const hash = emailHash(email);
  const knex = strapi.db.connection;
  await table(knex, CODES_TABLE).where({ email_hash: hash }).whereNull('used_at').update({ used_at: now, updated_at: now });
  await table(knex, CODES_TABLE).insert({
    document_id: newDocumentId(),
    email_hash: hash,
    code_hash: codeHash(email, code),
    expires_at: new Date(now.getTime() + ACCOUNT_LIMITS.codeMinutes * MINUTE),
    tries: 0,
    created_at: now,
    updated_at: now,
    published_at: now,
  });
  const content = await strapi.service('api::site-content.site-content').cachedContent();
  const mail = accountCodeMail({
    shop: shopOf(content),
    code,
    validMinutes: ACCOUNT_LIMITS.codeMinutes,
    accountUrl: `${shopBaseUrl(null)}/cuenta?email=${encodeURIComponent(email)}&codigo=1`,
  });
  await enqueueMail({ to: email, kind: 'account_code', ...mail, orderDocumentId: null, orderNumber: null });
}

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Whether this code signs her in: her latest code, unexpired, unused, with tries left. A wrong code spends a try
 * (a conditional update: two wrong guesses at once both count); the right one is used with a conditional update
 * too, so two sign-ins with one code give one session.
 */
export async function useCode(email: string, code: string, now = new Date()): Promise<boolean> {
  const knex = strapi.db.connection;
  const row: unknown = await table(knex, CODES_TABLE)
    .where({ email_hash: emailHash(email) })
    .whereNull('used_at')
    .where('expires_at', '>', now)
    .orderBy('id', 'desc')
    .first('id', 'code_hash', 'tries');
  if (!isRecord(row)) return false;
  const tries = Number(row.tries) || 0;
  if (tries >= ACCOUNT_LIMITS.codeTries) return false;
  if (!sameHash(String(row.code_hash), codeHash(email, code))) {
    await table(knex, CODES_TABLE).where({ id: row.id }).increment('tries', 1);
    return false;
  }
  const used = await table(knex, CODES_TABLE).where({ id: row.id }).whereNull('used_at').update({ used_at: now, updated_at: now });
  return affectedRows(used) === 1;
}
