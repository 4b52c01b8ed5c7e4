import { createHash, randomBytes } from 'node:crypto';
import { isRecord } from '../../utils/db-write';

/**
 * The `state` of each "Conectar": a random value given to Mercado Libre in the authorization URL and checked when the
 * owner's browser comes back with it. Only its SHA-256 is stored; it is single use, expires in 10 minutes and is bound
 * to the staff member who asked and to their session (the account is recorded as connected by them, and a session
 * ended before the callback connects nothing).
 */
const STATE_UID = 'api::channel.channel-oauth-state';
export const STATE_TTL_MS = 10 * 60_000;
/** What a state looks like (43 base64url characters); anything else is refused before the database is asked. */
export const STATE_RE = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (state: string) => createHash('sha256').update(state).digest('hex');

export async function newOAuthState(channel: string, staffId: number, sessionVersion: number): Promise<string> {
  const state = randomBytes(32).toString('base64url');
  const now = Date.now();
  const states = strapi.db.query(STATE_UID);
  // Old states (used or expired) are of no use to anyone: dropped as new ones are made.
  await states.deleteMany({ where: { expiresAt: { $lt: now - STATE_TTL_MS } } });
  await states.create({ data: { stateHash: hashOf(state), channel, staffId, sessionVersion, expiresAt: now + STATE_TTL_MS } });
  return state;
}

/**
 * Spends a state: the staff member who asked for it and the session they asked in (null for a state made before
 * sessions were recorded: no session matches it), or null when it is unknown, expired, already used or of another
 * channel. One conditional UPDATE, so two callbacks with the same state cannot both pass.
 */
export async function spendOAuthState(channel: string, state: string): Promise<{ staffId: number; sessionVersion: number | null } | null> {
  if (!STATE_RE.test(state)) return null;
  const now = Date.now();
  const stateHash = hashOf(state);
  const states = strapi.db.query(STATE_UID);
  const spent: unknown = await states.updateMany({
    where: { stateHash, channel, usedAt: { $null: true }, expiresAt: { $gt: now } },
    data: { usedAt: now },
  });
  if (!isRecord(spent) || Number(spent.count) !== 1) return null;
  const row: unknown = await states.findOne({ where: { stateHash }, select: ['staffId', 'sessionVersion'] });
  if (!isRecord(row)) return { staffId: 0, sessionVersion: null };
  const session = row.sessionVersion === null || row.sessionVersion === undefined ? null : Number(row.sessionVersion);
  return { staffId: Number(row.staffId) || 0, sessionVersion: Number.isInteger(session) ? session : null };
}
