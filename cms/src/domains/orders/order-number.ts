import { DEFAULT_ORDER_PREFIX, formatOrderNumber, shopDayKey } from '@shop/shared';
import { HELD_NUMBER_PART, newDocumentId, sendWithHeld, table, type Trx } from '../../utils/db-write';

export const ORDER_SEQUENCES_TABLE = 'order_sequences';

/** The configured prefix (env ORDER_PREFIX): 1-10 upper-case letters or digits, else the shop's default. */
export function orderPrefix(value: string | undefined = process.env.ORDER_PREFIX): string {
  const prefix = (value ?? '').trim().toUpperCase();
  return /^[A-Z0-9]{1,10}$/.test(prefix) ? prefix : DEFAULT_ORDER_PREFIX;
}

function sequenceValue(result: unknown): number {
  const row: unknown = Array.isArray(result) ? result[0] : undefined;
  const value = typeof row === 'object' && row !== null && 'value' in row ? Number(row.value) : NaN;
  if (!Number.isInteger(value) || value < 1) throw new Error('order sequence upsert returned no value');
  return value;
}

/**
 * Takes the next number of the day's sequence in one atomic statement (insert the day at 1, or add 1 to it).
 * The unique index on order_sequences.day (created at bootstrap) is what the ON CONFLICT clause relies on.
 * Inside the order's transaction, this is the first write: it takes SQLite's write lock (or the day row's
 * lock on PostgreSQL) before anything is read, and a rolled-back order gives its number back.
 */
export async function nextSequenceValue(trx: Trx, day: string): Promise<number> {
  const now = new Date();
  const result: unknown = await table(trx, ORDER_SEQUENCES_TABLE)
    .insert({ document_id: newDocumentId(), day, value: 1, created_at: now, updated_at: now, published_at: now })
    .onConflict('day')
    .merge({ value: trx.raw('??.?? + 1', [ORDER_SEQUENCES_TABLE, 'value']), updated_at: now })
    .returning('value');
  return sequenceValue(result);
}

/** The next order number of the shop day `date` falls on, e.g. JL-20240101-0001. */
export async function nextOrderNumber(trx: Trx, date: Date = new Date()): Promise<string> {
  const day = shopDayKey(date);
  const value = await nextSequenceValue(trx, day);
  return formatOrderNumber(orderPrefix(), day, value);
}

/**
 * Gives a row of `tableName` (by id) the day's next order number and answers it. PostgreSQL: one statement (the
 * sequence's upsert in a CTE, then the UPDATE of the row), one round trip while the day's row is locked. SQLite:
 * the two statements (it has no data-modifying CTE; its one connection makes the round trip free).
 */
export async function numberRow(trx: Trx, tableName: string, id: number, column: string, date: Date = new Date()): Promise<string> {
  const day = shopDayKey(date);
  const prefix = orderPrefix();
  if (strapi.db.dialect.client !== 'postgres') {
    const orderNumber = formatOrderNumber(prefix, day, await nextSequenceValue(trx, day));
    await table(trx, tableName)
      .where('id', id)
      .update({ [column]: orderNumber });
    return orderNumber;
  }
  const schema = strapi.db.getSchemaName();
  const sequences = schema ? `${schema}.${ORDER_SEQUENCES_TABLE}` : ORDER_SEQUENCES_TABLE;
  const target = schema ? `${schema}.${tableName}` : tableName;
  const now = new Date();
  // formatOrderNumber in SQL: prefix-day-, then the value padded to at least four digits (never cut). The writes a
  // checkout held while its rows were locked (utils/db-write.ts) go in the same statement.
  const rows = await sendWithHeld(trx, {
    with: [
      {
        name: 'seq',
        sql: `INSERT INTO ?? AS s (document_id, day, value, created_at, updated_at, published_at) VALUES (?, ?, 1, ?, ?, ?)
       ON CONFLICT (day) DO UPDATE SET value = s.value + 1, updated_at = EXCLUDED.updated_at
       RETURNING value`,
        bindings: [sequences, newDocumentId(), day, now, now, now],
      },
      {
        name: HELD_NUMBER_PART,
        sql: `SELECT ? || lpad(seq.value::text, greatest(4, length(seq.value::text)), '0') AS number FROM seq`,
        bindings: [`${prefix}-${day}-`],
      },
    ],
    sql: `UPDATE ?? AS t SET ?? = n.number FROM seq, ${HELD_NUMBER_PART} AS n WHERE t.id = ? RETURNING seq.value AS value`,
    bindings: [target, column, id],
  });
  const orderNumber = formatOrderNumber(prefix, day, sequenceValue(rows));
  return orderNumber;
}
