import { createHash, createHmac } from 'node:crypto';
import {
  accountAddressSchema,
  accountPreferencesSchema,
  DEFAULT_ACCOUNT_PREFERENCES,
  type AccountAddress,
  type AccountPreferences,
} from '@shop/shared';
import { secret } from '../platform';
import { isRecord, isoDate, jsonColumn, newDocumentId, table } from '../../utils/db-write';

/** The accounts' tables (content types of api::account, hidden in Strapi's panel). */
export const ACCOUNTS_TABLE = 'shop_accounts';
export const CODES_TABLE = 'account_codes';
export const SESSIONS_TABLE = 'account_sessions';

export const ACCOUNT_INDEXES = [
  // One account per address, also when two first sign-ins race: the index decides.
  { name: 'idx_shop_accounts_email', table: ACCOUNTS_TABLE, columns: ['email'], unique: true },
  { name: 'idx_shop_account_codes_email', table: CODES_TABLE, columns: ['email_hash', 'id'] },
  { name: 'idx_shop_account_sessions_token', table: SESSIONS_TABLE, columns: ['token_hash'], unique: true },
  { name: 'idx_shop_account_sessions_account', table: SESSIONS_TABLE, columns: ['account_id'] },
] as const;

export type Row = Record<string, unknown>;

/** One signed-in shopper, as every account route reads her. */
export interface Account {
  id: number;
  email: string;
  createdAt: string;
  preferences: AccountPreferences;
  addresses: AccountAddress[];
  measurements: Record<string, number>;
  favorites: string[];
}

const keyed = (purpose: string) => createHmac('sha256', `account-${purpose}:${secret('ENCRYPTION_KEY')}`);

/** An address as stored in the codes' rows: an HMAC, so the table does not list who asked for codes. */
export const emailHash = (email: string): string => keyed('email').update(email).digest('hex');

/** A code as stored: an HMAC of the address and the digits (a leaked table gives neither). */
export const codeHash = (email: string, code: string): string => keyed('code').update(`${email}:${code}`).digest('hex');

/** A session's token as stored: its SHA-256 (the token itself is 32 random bytes, only in her cookie). */
export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

function listOf<T>(value: unknown, parse: (item: unknown) => T | null): T[] {
  const raw = jsonColumn(value);
  return Array.isArray(raw) ? raw.map(parse).filter((v): v is T => v !== null) : [];
}

export function toAccount(row: Row): Account {
  const prefs = accountPreferencesSchema.safeParse(jsonColumn(row.preferences));
  const measurements = jsonColumn(row.measurements);
  return {
    id: Number(row.id),
    email: typeof row.email === 'string' ? row.email : '',
    createdAt: isoDate(row.created_at) ?? '',
    preferences: prefs.success ? prefs.data : { ...DEFAULT_ACCOUNT_PREFERENCES },
    addresses: listOf(row.addresses, (a) => {
      const parsed = accountAddressSchema.safeParse(a);
      return parsed.success ? parsed.data : null;
    }),
    measurements: isRecord(measurements)
      ? Object.fromEntries(Object.entries(measurements).filter((e): e is [string, number] => typeof e[1] === 'number'))
      : {},
    favorites: listOf(row.favorites, (v) => (typeof v === 'string' ? v : null)),
  };
}

export async function accountByEmail(email: string): Promise<Account | null> {
  const row: unknown = await table(strapi.db.connection, ACCOUNTS_TABLE).where({ email }).first();
  return isRecord(row) ? toAccount(row) : null;
}

export async function accountById(id: number): Promise<Account | null> {
  const row: unknown = await table(strapi.db.connection, ACCOUNTS_TABLE).where({ id }).first();
  return isRecord(row) ? toAccount(row) : null;
}

/** Her account, created on her first sign-in (two sign-ins racing: the unique index keeps one row). */
export async function ensureAccount(email: string, now: Date): Promise<Account> {
  await table(strapi.db.connection, ACCOUNTS_TABLE)
    .insert({
      document_id: newDocumentId(),
      email,
      preferences: JSON.stringify(DEFAULT_ACCOUNT_PREFERENCES),
      addresses: '[]',
      measurements: '{}',
      favorites: '[]',
      created_at: now,
      updated_at: now,
      published_at: now,
    })
    .onConflict(['email'])
    .ignore();
  await table(strapi.db.connection, ACCOUNTS_TABLE).where({ email }).update({ last_sign_in_at: now });
  const account = await accountByEmail(email);
  if (!account) throw new Error('account row missing after insert');
  return account;
}

/** Writes one of her JSON columns (addresses, measurements, favorites, preferences). */
export async function saveAccountColumn(id: number, column: 'addresses' | 'measurements' | 'favorites' | 'preferences', value: unknown) {
  await table(strapi.db.connection, ACCOUNTS_TABLE)
    .where({ id })
    .update({ [column]: JSON.stringify(value), updated_at: new Date() });
}
