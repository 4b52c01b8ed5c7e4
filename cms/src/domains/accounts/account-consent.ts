import type { AccountPreferences } from '@shop/shared';
import { isRecord, jsonColumn, onCurrentConnection, table } from '../../utils/db-write';
import { ACCOUNTS_TABLE } from './account-store';

/**
 * Whether the account of this address (if there is one) accepts this topic of optional mail: the notifications'
 * sweeps ask it through `mailAllowed`, often inside their own transaction (so the read goes through it).
 */
export function accountAcceptsMail(email: string, topic: keyof AccountPreferences): Promise<boolean> {
  return onCurrentConnection(async (knex) => {
    const row: unknown = await table(knex, ACCOUNTS_TABLE).where({ email }).first('preferences');
    if (!isRecord(row)) return true;
    const preferences = jsonColumn(row.preferences);
    return !(isRecord(preferences) && preferences[topic] === false);
  });
}
