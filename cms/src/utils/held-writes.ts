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
  const ctes = [...parts.map((part, i) => ({ name: `held_${i + 1}`, sql: part.sql, bindings: part.bindings })), ...last.with];
  const sql = ctes.length > 0 ? `WITH ${ctes.map((cte) => `${cte.name} AS (${cte.sql})`).join(',\n')}\n${last.sql}` : last.sql;
  const bindings = [...ctes.flatMap((cte) => cte.bindings), ...last.bindings];
  const result: unknown = await trx.raw(sql, bindings as Knex.Value[]);
  const rows = (result as { rows?: unknown }).rows ?? result;
  return Array.isArray(rows) ? rows : [];
}
