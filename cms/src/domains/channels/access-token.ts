import { randomUUID } from 'node:crypto';
import { MERCADOLIBRE_MESSAGES } from '@shop/shared';
import { openSecret } from '../platform';
import { ApiError, conflict } from '../../utils/http';
import { isRecord, storedFlag } from '../../utils/db-write';
import { ACCOUNT_UID, TOKEN_PURPOSE, isConnected, readAccount, sealedTokens, type AccountRow } from './channel-account';
import { MercadoLibreCallError, mercadoLibreConfig, refreshTokens, usersMe, type TokenAnswer } from './mercadolibre-client';

/**
 * Mercado Libre's access token for the shop's calls, refreshed before it expires. Its refresh tokens are single use,
 * so one refresh at a time across every process: the refresher takes a lease on the account's row with a conditional
 * UPDATE (`refresh_lease_until` empty or past), re-reads the row (another process may have refreshed meanwhile), spends
 * the refresh token and stores the new pair; the others wait and re-read the new token. A refused refresh
 * (invalid_grant) marks the account "needs reconnect" once; nothing retries it in a loop.
 */
export const REFRESH_EARLY_MS = 5 * 60_000;
/** Longer than a token call may take (15 s timeout), so that a lease is never taken from a refresher still working. */
const LEASE_MS = 60_000;
const WAIT_STEP_MS = 150;
const MAX_WAIT_MS = 45_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const accounts = () => strapi.db.query(ACCOUNT_UID);
const unavailable = () => new ApiError(503, MERCADOLIBRE_MESSAGES.unavailable);

/** Rows an updateMany changed (Strapi answers `{count}`). */
const changed = (result: unknown) => (isRecord(result) ? Number(result.count) || 0 : 0);

const expiresAtMs = (row: AccountRow) => (row.accessExpiresAt ? new Date(row.accessExpiresAt).getTime() : 0);

function usable(row: AccountRow | null): AccountRow {
  if (!mercadoLibreConfig()) throw conflict(MERCADOLIBRE_MESSAGES.notConfigured);
  if (!isConnected(row)) throw conflict(MERCADOLIBRE_MESSAGES.notConnected);
  if (storedFlag(row.needsReconnect)) throw conflict(MERCADOLIBRE_MESSAGES.needsReconnect);
  return row;
}

async function releaseLease(id: number, owner: string): Promise<void> {
  await accounts().updateMany({ where: { id, refreshLeaseOwner: owner }, data: { refreshLeaseUntil: null, refreshLeaseOwner: null } });
}

/** Spends the refresh token while holding the lease; answers the new access token. */
async function refreshHoldingLease(row: AccountRow, owner: string): Promise<string> {
  const config = mercadoLibreConfig();
  if (!config || !row.refreshTokenSealed) throw conflict(MERCADOLIBRE_MESSAGES.notConnected);
  let tokens: TokenAnswer;
  try {
    tokens = await refreshTokens(config, openSecret(TOKEN_PURPOSE, row.refreshTokenSealed));
  } catch (error) {
    if (error instanceof MercadoLibreCallError && error.kind === 'invalid_grant') {
      // Only the refresh token this lease spent: a newer one (a reconnection meanwhile) is left alone.
      await accounts().updateMany({
        where: { id: row.id, refreshLeaseOwner: owner, refreshTokenSealed: row.refreshTokenSealed },
        data: { needsReconnect: true, refreshLeaseUntil: null, refreshLeaseOwner: null },
      });
      strapi.log.warn('[channels] Mercado Libre refused the refresh token (invalid_grant): the account needs to be connected again');
      throw conflict(MERCADOLIBRE_MESSAGES.needsReconnect);
    }
    await releaseLease(row.id, owner);
    strapi.log.warn(`[channels] Mercado Libre's token refresh failed: ${error instanceof Error ? error.message : 'unknown error'}`);
    throw unavailable();
  }
  await accounts().updateMany({
    where: { id: row.id, refreshLeaseOwner: owner },
    data: { ...sealedTokens(tokens), refreshLeaseUntil: null, refreshLeaseOwner: null, refreshCount: (row.refreshCount ?? 0) + 1 },
  });
  return tokens.accessToken;
}

/**
 * A valid access token. `rejected`: a token Mercado Libre just answered 401 to (expired early, or ended by a refresh
 * elsewhere): refreshed unless the stored one is already another.
 */
export async function accessToken({ rejected }: { rejected?: string } = {}): Promise<string> {
  const deadline = Date.now() + MAX_WAIT_MS;
  while (Date.now() < deadline) {
    const row = usable(await readAccount());
    const current = row.accessTokenSealed ? openSecret(TOKEN_PURPOSE, row.accessTokenSealed) : '';
    if (current && current !== rejected && expiresAtMs(row) - Date.now() > REFRESH_EARLY_MS) return current;
    const owner = randomUUID();
    const now = Date.now();
    const taken: unknown = await accounts().updateMany({
      where: { id: row.id, $or: [{ refreshLeaseUntil: { $null: true } }, { refreshLeaseUntil: { $lt: now } }] },
      data: { refreshLeaseUntil: now + LEASE_MS, refreshLeaseOwner: owner },
    });
    if (changed(taken) === 1) {
      // Another process may have refreshed between the read and the lease: its new token is used, not spent again.
      const fresh = await readAccount();
      if (!fresh || fresh.refreshTokenSealed !== row.refreshTokenSealed || storedFlag(fresh.needsReconnect)) {
        if (fresh) await releaseLease(fresh.id, owner);
        continue;
      }
      return refreshHoldingLease(fresh, owner);
    }
    await sleep(WAIT_STEP_MS + Math.floor(Math.random() * 50));
  }
  throw unavailable();
}

/**
 * Runs a call with the access token; a 401 (the token ended early) refreshes once and tries again. Answers the
 * call's result.
 */
export async function withAccessToken<T>(work: (token: string) => Promise<T>): Promise<T> {
  const token = await accessToken();
  try {
    return await work(token);
  } catch (error) {
    if (!(error instanceof MercadoLibreCallError) || error.kind !== 'unauthorized') throw error;
    return work(await accessToken({ rejected: token }));
  }
}

/** "Probar conexión": the account's nickname as Mercado Libre answers it now (refreshing the token when due). */
export async function checkConnection(): Promise<{ nickname: string; userId: number }> {
  const config = mercadoLibreConfig();
  if (!config) throw conflict(MERCADOLIBRE_MESSAGES.notConfigured);
  try {
    const me = await withAccessToken((token) => usersMe(config, token));
    return { nickname: me.nickname, userId: me.id };
  } catch (error) {
    if (error instanceof MercadoLibreCallError)
      throw error.kind === 'unauthorized' ? conflict(MERCADOLIBRE_MESSAGES.needsReconnect) : unavailable();
    throw error;
  }
}
