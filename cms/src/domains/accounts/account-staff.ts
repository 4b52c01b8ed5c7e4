import { isRecord, isoDate, table } from '../../utils/db-write';
import { ACCOUNTS_TABLE } from './account-store';

/**
 * What the staff see of her account in the customer's page: only that it exists and since when (never her
 * measurements, addresses or codes; nobody can sign in as her).
 */
export async function accountSince(email: string | null): Promise<string | null> {
  if (!email) return null;
  const row: unknown = await table(strapi.db.connection, ACCOUNTS_TABLE).where({ email: email.trim().toLowerCase() }).first('created_at');
  return isRecord(row) ? isoDate(row.created_at) : null;
}
