import type { Knex } from 'knex';

/**
 * Summary tables kept by a trigger's change log (customers, order counts): the trigger only appends to a log, and
 * the first reader applies the log in one transaction. This runs that transaction: on PostgreSQL in REPEATABLE READ
 * (one snapshot, so the log rows deleted are exactly those whose changes were read; a change committed meanwhile
 * stays logged for the next reader) under a transaction advisory lock taken without waiting (`lockKey`), so two
 * processes never apply the same log at once; on SQLite the write lock does it.
 */

export const isPostgres = (knex: Knex): boolean => /^(pg|postgres)/.test(String(knex.client.config.client));

/** A schema-qualified, quoted name for DDL (triggers and functions) on PostgreSQL. */
export const quotedName = (schema: string | undefined, name: string): string => (schema ? `"${schema}"."${name}"` : `"${name}"`);

async function applyOnce(knex: Knex, lockKey: number, work: (trx: Knex.Transaction) => Promise<void>): Promise<boolean> {
  const postgres = isPostgres(knex);
  return knex.transaction(async (trx) => {
    if (postgres) {
      await trx.raw('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
      const locked = await trx.raw('SELECT pg_try_advisory_xact_lock(?) AS ok', [lockKey]);
      if (!(locked as { rows: { ok: boolean }[] }).rows[0]?.ok) return false;
    }
    await work(trx);
    return true;
  });
}

/**
 * Applies a change log with `work` (called inside the transaction). A PostgreSQL process that finds another one at
 * it waits for it (a few tries), then answers false and reads what is there; a catch-up that raced another one
 * (PostgreSQL's serialization check) is tried again.
 */
export async function catchUp(knex: Knex, lockKey: number, work: (trx: Knex.Transaction) => Promise<void>): Promise<boolean> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    try {
      if (await applyOnce(knex, lockKey, work)) return true;
    } catch (err) {
      if (attempt >= 3) throw err;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
}

/**
 * Empties the log and fills the table again from the orders, in one snapshot (a write committed meanwhile stays
 * logged, never counted twice); at start, when the table is new or its trigger was missing.
 */
async function rebuildFromScratch(
  knex: Knex,
  lockKey: number,
  log: string,
  rebuild: (trx: Knex.Transaction) => Promise<void>,
): Promise<void> {
  const done = await catchUp(knex, lockKey, async (trx) => {
    await trx(log).delete();
    await rebuild(trx);
  });
  if (!done) throw new Error('another process kept the summary table busy');
}

/**
 * After a failed set-up: the trigger goes only when its log is missing (it would refuse every order); with the log
 * there it stays, as other processes may rely on it.
 */
async function dropTriggerWithoutLog(
  knex: Knex,
  schema: string | undefined,
  names: { trigger: string; on: string; log: string },
): Promise<void> {
  const builder = schema ? knex.schema.withSchema(schema) : knex.schema;
  if (await builder.hasTable(names.log)) return;
  await dropTriggers(knex, schema, names.trigger, names.on, ['ai', 'ad', 'au']);
}

/** The highest id of a log table (0 when empty): the rows up to it are the ones a catch-up applies. */
export async function lastLogId(trx: Knex, table: string): Promise<number> {
  const last: unknown = await trx(table).max({ id: 'id' }).first();
  return Number((last as { id?: unknown } | undefined)?.id ?? 0);
}

/** Drops SQLite triggers by name, or one PostgreSQL trigger of `on`. */
export async function dropTriggers(
  knex: Knex,
  schema: string | undefined,
  name: string,
  on: string,
  sqliteSuffixes: string[],
): Promise<void> {
  if (isPostgres(knex)) await knex.raw(`DROP TRIGGER IF EXISTS ${name} ON ${quotedName(schema, on)}`);
  else for (const suffix of sqliteSuffixes) await knex.raw(`DROP TRIGGER IF EXISTS ${name}_${suffix}`);
}

/** Whether a trigger is there (a table Strapi rebuilt loses its triggers). */
async function triggerPresent(knex: Knex, postgresName: string, sqliteName: string): Promise<boolean> {
  if (isPostgres(knex)) {
    const r = await knex.raw('SELECT 1 FROM pg_trigger WHERE tgname = ? AND NOT tgisinternal', [postgresName]);
    return (r as { rows: unknown[] }).rows.length > 0;
  }
  const rows: unknown[] = await knex('sqlite_master').where({ type: 'trigger', name: sqliteName }).select('name');
  return rows.length > 0;
}

/** A summary table kept by a trigger's log: what `ensureLoggedTable` makes. */
export interface LoggedTable {
  table: string;
  log: string;
  /** The trigger's name (PostgreSQL), or its names' stem with `_ai`, `_ad`, `_au` (SQLite). */
  trigger: string;
  lockKey: number;
  createTable: (t: Knex.CreateTableBuilder) => void;
  createLog: (t: Knex.CreateTableBuilder) => void;
  createTrigger: (knex: Knex, schema: string | undefined) => Promise<void>;
  rebuild: (trx: Knex.Transaction) => Promise<void>;
}

/**
 * Creates the table, its log and the trigger on `orders` (idempotent; at start, after Strapi's schema sync) and fills
 * the table again when it is new or the trigger was missing (a table Strapi rebuilt loses its triggers). Throws when
 * it cannot, after dropping a trigger left without its log (it would refuse every order).
 */
export async function ensureLoggedTable(knex: Knex, schema: string | undefined, spec: LoggedTable): Promise<void> {
  // A schema builder runs every statement given to it so far: one per statement.
  const builder = () => (schema ? knex.schema.withSchema(schema) : knex.schema);
  try {
    const exists = await builder().hasTable(spec.table);
    const fresh = !exists || !(await triggerPresent(knex, spec.trigger, `${spec.trigger}_au`));
    if (!exists) await builder().createTable(spec.table, spec.createTable);
    if (!(await builder().hasTable(spec.log))) await builder().createTable(spec.log, spec.createLog);
    await spec.createTrigger(knex, schema);
    if (fresh) await rebuildFromScratch(knex, spec.lockKey, spec.log, spec.rebuild);
  } catch (err) {
    await dropTriggerWithoutLog(knex, schema, { trigger: spec.trigger, on: 'orders', log: spec.log }).catch(() => undefined);
    throw err;
  }
}
