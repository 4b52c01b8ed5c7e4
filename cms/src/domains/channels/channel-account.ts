import {
  DEFAULT_MERCADOLIBRE_SETTINGS,
  MERCADOLIBRE_MESSAGES,
  mercadoLibreSettingsSchema,
  type MercadoLibreChannelAnswer,
  type MercadoLibreSettings,
} from '@shop/shared';
import { sealSecret } from '../platform';
import { isoDate, storedFlag } from '../../utils/db-write';
import { mercadoLibreConfig, type TokenAnswer } from './mercadolibre-client';

/**
 * The shop's account on a sales channel: one row per channel (`channel_accounts`), its tokens sealed with
 * `sealSecret('mercadolibre', …)` (ENCRYPTION_KEY), never answered. The settings survive a disconnection.
 */
export const ACCOUNT_UID = 'api::channel.channel-account';
export const MERCADOLIBRE = 'mercadolibre';
/** The purpose the tokens are sealed under (a value sealed for another purpose does not open here). */
export const TOKEN_PURPOSE = 'mercadolibre';

export interface AccountRow {
  id: number;
  channel: string;
  externalUserId: string | number | null;
  nickname: string | null;
  accessTokenSealed: string | null;
  refreshTokenSealed: string | null;
  accessExpiresAt: string | Date | null;
  needsReconnect: boolean | number | null;
  connectedAt: string | Date | null;
  refreshLeaseUntil: string | number | null;
  refreshLeaseOwner: string | null;
  refreshCount: number | null;
  settings: unknown;
}

const accounts = () => strapi.db.query(ACCOUNT_UID);

export async function readAccount(channel = MERCADOLIBRE): Promise<AccountRow | null> {
  const row: unknown = await accounts().findOne({ where: { channel } });
  return row as AccountRow | null;
}

export function settingsOf(row: AccountRow | null): MercadoLibreSettings {
  let raw = row?.settings;
  if (typeof raw === 'string') {
    try {
      raw = JSON.parse(raw);
    } catch {
      raw = null;
    }
  }
  const parsed = mercadoLibreSettingsSchema.safeParse(raw);
  return parsed.success ? parsed.data : DEFAULT_MERCADOLIBRE_SETTINGS;
}

export const isConnected = (row: AccountRow | null): row is AccountRow => Boolean(row?.refreshTokenSealed);

/** GET /channels/mercadolibre: what the owner sees, never a token. */
export async function channelView(): Promise<MercadoLibreChannelAnswer> {
  const row = await readAccount();
  const connected = isConnected(row);
  const needsReconnect = connected && storedFlag(row.needsReconnect);
  const problem = !mercadoLibreConfig()
    ? MERCADOLIBRE_MESSAGES.notConfigured
    : needsReconnect
      ? MERCADOLIBRE_MESSAGES.needsReconnect
      : null;
  return {
    connected,
    nickname: connected ? (row.nickname ?? null) : null,
    userId: connected && row.externalUserId !== null ? Number(row.externalUserId) : null,
    needsReconnect,
    problem,
    connectedAt: connected ? isoDate(row.connectedAt) : null,
    settings: settingsOf(row),
  };
}

/** Sealed token columns of a fresh token answer. */
export function sealedTokens(tokens: TokenAnswer, now = Date.now()) {
  return {
    accessTokenSealed: sealSecret(TOKEN_PURPOSE, tokens.accessToken),
    refreshTokenSealed: sealSecret(TOKEN_PURPOSE, tokens.refreshToken),
    accessExpiresAt: new Date(now + tokens.expiresInSeconds * 1000),
  };
}

/** The callback's end: the account connected with these tokens (a reconnection replaces the previous ones). */
export async function saveConnection(tokens: TokenAnswer, user: { id: number; nickname: string }, staffId: number): Promise<void> {
  const data = {
    ...sealedTokens(tokens),
    externalUserId: user.id || tokens.userId,
    nickname: user.nickname,
    needsReconnect: false,
    connectedAt: new Date(),
    connectedBy: staffId,
    refreshLeaseUntil: null,
    refreshLeaseOwner: null,
  };
  const existing = await readAccount();
  if (existing) await accounts().update({ where: { id: existing.id }, data });
  else await accounts().create({ data: { channel: MERCADOLIBRE, refreshCount: 0, settings: DEFAULT_MERCADOLIBRE_SETTINGS, ...data } });
}

/** DELETE /channels/mercadolibre: the tokens are deleted (the settings are kept for a later connection). */
export async function disconnect(): Promise<void> {
  await accounts().updateMany({
    where: { channel: MERCADOLIBRE },
    data: {
      accessTokenSealed: null,
      refreshTokenSealed: null,
      accessExpiresAt: null,
      externalUserId: null,
      nickname: null,
      needsReconnect: false,
      connectedAt: null,
      connectedBy: null,
      refreshLeaseUntil: null,
      refreshLeaseOwner: null,
    },
  });
}

export async function saveSettings(settings: MercadoLibreSettings): Promise<void> {
  const existing = await readAccount();
  if (existing) await accounts().update({ where: { id: existing.id }, data: { settings } });
  else await accounts().create({ data: { channel: MERCADOLIBRE, refreshCount: 0, needsReconnect: false, settings } });
}
