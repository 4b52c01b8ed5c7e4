import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Trx } from './db-write';

/*
 * Writes of one transaction sent to PostgreSQL as one statement (issue 64). While a transaction holds rows that every
 * checkout waits for (a product's row locked for its stock, the day's order number), each statement it still sends is
 * a round trip, and each round trip's answer waits its turn in this process's event loop behind the other requests'
 * work: on PostgreSQL the lock holder was seen "idle in transaction" most of the time it held the row. So the writes
 * whose answers nobody reads (the ledger's movements, the product's new stock, the channels' sync job) are held and
 * go with the statement that ends the locked part (the day's number), as data-modifying parts of its WITH clause: one
 * round trip instead of four. PostgreSQL runs every part exactly once, on one snapshot; the parts write different rows.
 * SQLite has one connection in the same process, so a round trip costs nothing there: its statements run at once.
 */

/**
 * Stands for the order number the held statement gives (numberRow): a text written before the number is known (the
 * new order's mails) carries it, and the statement puts the number in its place. Upper-case letters and digits, so
 * upper-casing, HTML escaping and URL encoding leave it as it is.
 */
export const HELD_NUMBER = `NUMERO${randomBytes(6).toString('hex').toUpperCase()}PENDIENTE`;
/** The part of the held statement that answers the order number (`number`), defined by numberRow. */
export const HELD_NUMBER_PART = 'held_number';

interface HeldPart {
  sql: string;
  bindings: readonly Knex.Value[];
}

const held = new WeakMap<Trx, HeldPart[]>();

/**
 * From here on, the writes `writeSoon` is given on this transaction wait for `sendWithHeld` (PostgreSQL only; false
 * on SQLite, where nothing is held). Whatever reads those rows before then does not see them: only writes nobody
 * reads back inside the transaction go through `writeSoon`.
 */
export function holdWrites(trx: Trx): boolean {
  if (strapi.db.dialect.client !== 'postgres') return false;
  held.set(trx, []);
  return true;
}

/** A write whose answer nobody reads: held when the transaction holds its writes (see holdWrites), else sent now. */
export async function writeSoon(trx: Knex, query: Knex.QueryBuilder | Knex.Raw): Promise<void> {
  const parts = held.get(trx as Trx);
  if (!parts) {
    await query;
    return;
  }
  const { sql, bindings } = query.toSQL();
  // knex.raw would spread an array binding into a list: such a write is sent on its own.
  if (bindings.some((value) => Array.isArray(value))) {
    await query;
    return;
  }
  parts.push({ sql, bindings });
}

/**
 * A value to write: a text that carries HELD_NUMBER becomes the SQL that puts the held statement's number in its
 * place; anything else is answered as it is. Only a held write may carry it (the number exists only in that statement).
 */
export function withHeldNumber(trx: Knex, value: unknown): unknown {
  if (typeof value !== 'string' || !value.includes(HELD_NUMBER)) return value;
  if (!held.has(trx as Trx)) throw new Error('a text waits for an order number that no held statement gives');
  return trx.raw(`replace(?::text, ?, (SELECT number FROM ${HELD_NUMBER_PART}))`, [value, HELD_NUMBER]);
}

/** The statement that ends the held part: its own WITH parts (named) and its main statement, `?` bindings. */
export interface FinalStatement {
  with: { name: string; sql: string; bindings: readonly Knex.Value[] }[];
  sql: string;
  bindings: readonly Knex.Value[];
}

/**
 * Sends the held writes with `last` as one statement (`WITH held_1 AS (…), …, <last's parts> <last>`) and answers
 * its rows; with nothing held (SQLite, or no holdWrites) `last` alone. Writes stop being held.
 */
export async function sendWithHeld(trx: Trx, last: FinalStatement): Promise<unknown[]> {
  const parts = held.get(trx) ?? [];
  held.delete(trx);
  // The last statement's own parts first: a held write may read them (the number, see withHeldNumber).
  const ctes = [...last.with, ...parts.map((part, i) => ({ name: `held_${i + 1}`, sql: part.sql, bindings: part.bindings }))];
  const sql = ctes.length > 0 ? `WITH ${ctes.map((cte) => `${cte.name} AS (${cte.sql})`).join(',\n')}\n${last.sql}` : last.sql;
  const bindings = [...ctes.flatMap((cte) => cte.bindings), ...last.bindings];
  const result: unknown = await trx.raw(sql, bindings as Knex.Value[]);
  const rows = (result as { rows?: unknown }).rows ?? result;
  return Array.isArray(rows) ? rows : [];
}
