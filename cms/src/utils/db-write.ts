import { randomBytes, randomFillSync } from 'node:crypto';
import type { Knex } from 'knex';
import { withCommitScope } from './events';

export type Trx = Knex.Transaction;

/** PostgreSQL codes worth retrying: serialization failure, deadlock, lock not available. */
const RETRYABLE_PG_CODES = new Set(['40001', '40P01', '55P03']);
const MAX_ATTEMPTS = 8;

function errorCode(err: unknown): string {
  if (typeof err !== 'object' || err === null || !('code' in err)) return '';
  return typeof err.code === 'string' ? err.code : '';
}

/** A write that lost a race for a lock (another process holds SQLite's write lock, or a PostgreSQL deadlock). */
export function isRetryableWriteError(err: unknown): boolean {
  const code = errorCode(err);
  return code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED') || RETRYABLE_PG_CODES.has(code);
}

/** A table of the app's database, in a transaction or not (schema-qualified on PostgreSQL when a schema is set). */
export function table(trx: Knex, name: string): Knex.QueryBuilder {
  const schema = strapi.db.getSchemaName();
  return schema ? trx.withSchema(schema).table(name) : trx.table(name);
}

/**
 * Runs `work` on the current Strapi transaction when there is one (a plain knex read on `strapi.db.connection`
 * there would wait for a second connection: SQLite has one), else on the connection, with no transaction opened.
 */
export function onCurrentConnection<T>(work: (knex: Knex) => Promise<T>): Promise<T> {
  // Strapi types the answer as a promise of the callback's promise; awaiting it gives the value.
  if (strapi.db.inTransaction()) return strapi.db.transaction(({ trx }: { trx: Trx }) => work(trx)) as unknown as Promise<T>;
  return work(strapi.db.connection);
}

/** A plain object (a row, a parsed JSON value), not an array or null. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A date as read back (a Date, an ISO text or a timestamp), as ISO text; null when empty or not a date. */
export function isoDate(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : typeof value === 'string' || typeof value === 'number' ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date.toISOString() : null;
}

/** A datetime column as milliseconds: PostgreSQL gives a Date, SQLite Strapi's milliseconds (or ISO text). */
export function millisOf(value: unknown): number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number') return value;
  const text = String(value);
  return /^\d+$/.test(text) ? Number(text) : Date.parse(text);
}

/** `%term%` for LIKE in lower case, the term's own % _ and \ taken literally. */
export const likeOf = (term: string): string => `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A boolean column as read back: `true`/`false` on PostgreSQL, `1`/`0` on SQLite; anything else is false. */
export function storedFlag(value: unknown): boolean {
  return value === true || value === 1;
}

/** A JSON column as read back: parsed on PostgreSQL, text on SQLite (parsed here; unreadable text is left as is). */
export function jsonColumn(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** Number of rows an UPDATE/DELETE built with knex reports (a number on both SQLite and PostgreSQL). */
export function affectedRows(result: unknown): number {
  return typeof result === 'number' ? result : 0;
}

/** Random bytes drawn 4 KiB at a time: one call to the generator per 341 identifiers (a call per row cost 2 % of an order). */
const idBytes = Buffer.alloc(4096);
let idOffset = idBytes.length;

/** An opaque identifier for rows written with raw SQL (Strapi's documentId column): 12 random bytes in hex. */
export function newDocumentId(): string {
  if (idOffset + 12 > idBytes.length) {
    randomFillSync(idBytes);
    idOffset = 0;
  }
  idOffset += 12;
  return idBytes.toString('hex', idOffset - 12, idOffset);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type TransactionParams = { trx: Trx } & Record<string, unknown>;
type StrapiTransaction = (cb?: (params: TransactionParams) => unknown) => Promise<unknown>;

/**
 * Makes every top-level transaction Strapi runs (the shop's writeTransaction, and the Document Service under the
 * panel, the plugins and the shop's own calls) fail when its COMMIT failed. Strapi commits through knex's transactor,
 * whose `commit()` resolves even when the COMMIT statement itself failed (a connection cut by a PostgreSQL restart:
 * nothing was written); the failure is only in the transactor's `executionPromise`. Without this an order was
 * answered 201 and did not exist (commit-failure.test.ts). Installed once, at register. A transaction opened inside
 * another one joins it and leaves the commit to its owner.
 */
export function failOnLostCommits(db: { transaction: unknown; inTransaction(): boolean }): void {
  const open = (db.transaction as StrapiTransaction).bind(db);
  const checked: StrapiTransaction = async (cb) => {
    if (!cb || db.inTransaction()) return open(cb);
    let outcome: Promise<unknown> | undefined;
    const result = await open((params) => {
      outcome = (params.trx as Trx & { executionPromise?: Promise<unknown> }).executionPromise;
      // A failed ROLLBACK after `cb` threw settles it too: handled here, as the thrown error is what the caller gets.
      outcome?.catch(() => undefined);
      return cb(params);
    });
    await outcome;
    return result;
  };
  db.transaction = checked;
}

/**
 * Inserts one row of a content type's table (document id and Strapi's timestamps filled) unless its unique columns
 * `conflict` hold it already; the unique index decides, also between processes. true when this call inserted it.
 */
export async function insertDocumentOnce(
  trx: Trx,
  name: string,
  row: Record<string, unknown>,
  conflict: string | string[],
  now: Date = new Date(),
): Promise<boolean> {
  const inserted: unknown = await table(trx, name)
    .insert({ document_id: newDocumentId(), ...row, created_at: now, updated_at: now, published_at: now })
    // knex types the string and the list forms as two overloads.
    .onConflict(conflict as string[])
    .ignore()
    .returning('id');
  return Array.isArray(inserted) && inserted.length === 1;
}

/**
 * Runs `work` in one database transaction, shared by Strapi's query engine and document service calls made
 * inside it. The whole transaction is retried when it lost a lock race (SQLite busy across processes,
 * PostgreSQL deadlock); any other failure rolls everything back and propagates.
 * On SQLite every transaction takes the write lock when it begins (config/database.ts), so a read before the first
 * write cannot go stale.
 * What the work leaves for after its commit (catalogue changes, after-commit subscribers of the events it emits:
 * utils/events.ts) runs once it has committed.
 */
export async function writeTransaction<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await withCommitScope((beforeCommit) =>
        strapi.db.transaction(async ({ trx }: { trx: Trx }) => {
          const result = await work(trx);
          await beforeCommit(trx);
          return result;
        }),
      );
    } catch (err) {
      if (attempt >= MAX_ATTEMPTS || !isRetryableWriteError(err)) throw err;
      strapi.log.debug(`[db] write transaction retried (attempt ${attempt}, ${errorCode(err)})`);
      await sleep(15 * attempt + Math.floor(Math.random() * 25));
    }
  }
}

/** A unique index refused the row (PostgreSQL 23505, SQLite's constraint error): the caller answers a 409. */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const code = String((err as { code?: unknown }).code ?? '');
  return (
    code === '23505' ||
    code.startsWith('SQLITE_CONSTRAINT') ||
    /UNIQUE constraint failed/i.test(String((err as { message?: unknown }).message ?? ''))
  );
}

/*
 * Writes of one transaction sent to PostgreSQL as one statement (issue 64). While a transaction holds rows that every
 * checkout waits for (a product's row locked for its stock, the day's order number), each statement it still sends is
 * a round trip, and each round trip's answer waits its turn in this process's event loop behind the other requests'
 * work: on PostgreSQL the lock holder was seen "idle in transaction" most of the time it held the row. So the writes
 * whose answers nobody reads (the ledger's movements, the product's new stock, the channels' sync job, the order's
 * mails) are held and go with the statement that ends the locked part (the day's number), as data-modifying parts of
 * its WITH clause: one round trip instead of five. PostgreSQL runs every part exactly once, on one snapshot; the parts write different rows.
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
