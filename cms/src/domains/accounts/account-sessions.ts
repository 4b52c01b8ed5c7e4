import { randomBytes } from 'node:crypto';
import type { Context } from 'koa';
import { ACCOUNT_COOKIE, ACCOUNT_LIMITS, ACCOUNT_MSG } from '@shop/shared';
import { forbidden, unauthorized } from '../../utils/http';
import { isRecord, newDocumentId, table } from '../../utils/db-write';
import { accountById, SESSIONS_TABLE, tokenHash, type Account } from './account-store';

const DAY = 86_400_000;
/** A session's last use is written at most this often (not on every read). */
const SEEN_EVERY_MS = 60 * 60_000;

/**
 * Her routes answer only her own browser: a request a browser marks as coming from another site
 * (`Sec-Fetch-Site: cross-site` or `same-site`) or whose Origin is not this shop's is refused with a 403, whatever
 * the cookie (the cookie is SameSite=Strict as well). Clients that send neither header (curl, the tests) pass.
 */
export function refuseCrossSite(ctx: Context): void {
  const site = ctx.get('Sec-Fetch-Site');
  if (site && site !== 'same-origin' && site !== 'none') throw forbidden(ACCOUNT_MSG.crossSite);
  const origin = ctx.get('Origin');
  if (!origin) return;
  let host = '';
  try {
    host = new URL(origin).host;
  } catch {
    throw forbidden(ACCOUNT_MSG.crossSite);
  }
  const configured: unknown = strapi.config.get('server.url', '');
  const publicHost = typeof configured === 'string' && /^https?:\/\//.test(configured) ? new URL(configured).host : '';
  if (host !== ctx.host && host !== publicHost) throw forbidden(ACCOUNT_MSG.crossSite);
}

function cookieOptions(ctx: Context, maxAge: number) {
  // Secure over HTTPS (behind the proxy: X-Forwarded-Proto, with `proxy` on); never readable by scripts.
  return { httpOnly: true, sameSite: 'strict' as const, secure: ctx.secure, path: '/api/account', maxAge, overwrite: true };
}

/** A new session for her on this device: 32 random bytes in her cookie, their hash in the table. */
export async function startSession(ctx: Context, account: Account, now = new Date()): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const maxAge = ACCOUNT_LIMITS.sessionDays * DAY;
  await table(strapi.db.connection, SESSIONS_TABLE).insert({
    document_id: newDocumentId(),
    token_hash: tokenHash(token),
    account_id: account.id,
    expires_at: new Date(now.getTime() + maxAge),
    last_seen_at: now,
    created_at: now,
    updated_at: now,
    published_at: now,
  });
  ctx.cookies.set(ACCOUNT_COOKIE, token, cookieOptions(ctx, maxAge));
}

function clearCookie(ctx: Context): void {
  ctx.cookies.set(ACCOUNT_COOKIE, '', { ...cookieOptions(ctx, 0), expires: new Date(0) });
}

const cookieToken = (ctx: Context): string | null => {
  const value = ctx.cookies.get(ACCOUNT_COOKIE);
  return value && /^[\w-]{43}$/.test(value) ? value : null;
};

/** The signed-in shopper of this request (her cookie's live session), or a Spanish 401. */
export async function currentAccount(ctx: Context, now = new Date()): Promise<Account & { sessionId: number }> {
  refuseCrossSite(ctx);
  ctx.set('Cache-Control', 'no-store');
  const token = cookieToken(ctx);
  if (!token) throw unauthorized(ACCOUNT_MSG.noSession);
  const knex = strapi.db.connection;
  const row: unknown = await table(knex, SESSIONS_TABLE)
    .where({ token_hash: tokenHash(token) })
    .where('expires_at', '>', now)
    .first('id', 'account_id', 'last_seen_at');
  const account = isRecord(row) ? await accountById(Number(row.account_id)) : null;
  if (!isRecord(row) || !account) {
    clearCookie(ctx);
    throw unauthorized(ACCOUNT_MSG.noSession);
  }
  const seen = row.last_seen_at ? new Date(row.last_seen_at as string).getTime() : 0;
  if (now.getTime() - seen > SEEN_EVERY_MS) await table(knex, SESSIONS_TABLE).where({ id: row.id }).update({ last_seen_at: now });
  return { ...account, sessionId: Number(row.id) };
}

/** "Cerrar sesión": this device's session ends (its row deleted) and the cookie is cleared. */
export async function endSession(ctx: Context): Promise<void> {
  const account = await currentAccount(ctx);
  await table(strapi.db.connection, SESSIONS_TABLE).where({ id: account.sessionId }).delete();
  clearCookie(ctx);
}

/** "Cerrar todas las sesiones": every device's. */
export async function endAllSessions(ctx: Context): Promise<void> {
  const account = await currentAccount(ctx);
  await table(strapi.db.connection, SESSIONS_TABLE).where({ account_id: account.id }).delete();
  clearCookie(ctx);
}

export async function sessionCount(accountId: number, now = new Date()): Promise<number> {
  const row: unknown = await table(strapi.db.connection, SESSIONS_TABLE)
    .where({ account_id: accountId })
    .where('expires_at', '>', now)
    .count({ n: '*' })
    .first();
  return isRecord(row) ? Number(row.n) || 0 : 0;
}

export { clearCookie };
