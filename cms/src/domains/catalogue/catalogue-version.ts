import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { onCurrentConnection } from '../../utils/db-write';
import { commitState, emit, outsideCommitScope } from '../../utils/events';
import { redis } from '../platform';

/**
 * The catalogue's version: what the cached public answers (products, content, page heads, sitemap) were built from.
 * Every write that changes the catalogue calls `catalogueChanged()`; once it commits this process drops its cached
 * answers, the shared `shop_catalogue_version` row has gone up by one and Redis tells the other processes. Without
 * the message another process still reads the row at most once a second before answering from its cache, so no
 * process answers from a cache older than about a second after a write.
 *
 * A stock move (every order) is a change of scope 'stock': it empties the cached answers that show stock, but not
 * the caches of the shop's settings (site content, promotions), which only a change of scope 'all' empties. Row 1
 * of the table counts the changes of scope 'all' (as it always did: any writer bumping it empties every cache), row 2
 * the stock moves; the Redis message names the scope.
 */

/** What a change touched: only units of stock, or anything (texts, prices, rules, promotions, products). */
export type ChangeScope = 'stock' | 'all';

export const CATALOGUE_VERSION_TABLE = 'shop_catalogue_version';
/** One channel per installation sharing a Redis (the rate limits' prefix names it). */
const channel = () => `${process.env.RATE_LIMIT_PREFIX ?? 'shop-rl'}:catalogue-changed`;
/** Names this process in its messages (process ids repeat across containers). */
const PROCESS_ID = randomBytes(8).toString('hex');
/**
 * How long a process may answer from its cache without reading the shared version row: one second.
 * CATALOGUE_VERSION_CHECK_MS changes it outside production (tests use a long one to prove the Redis message alone).
 */
let checkEveryMs: number | undefined;
function versionCheckMs(): number {
  if (checkEveryMs !== undefined) return checkEveryMs;
  const raw = Number(process.env.CATALOGUE_VERSION_CHECK_MS);
  checkEveryMs = process.env.NODE_ENV !== 'production' && Number.isInteger(raw) && raw >= 100 && raw <= 600_000 ? raw : 1000;
  return checkEveryMs;
}

/** This process's generation: goes up whenever its cached answers stop being valid. */
let generation = 0;
/** Goes up with changes of scope 'all' only: the caches of the shop's settings. */
let settings = 0;
/** The shared rows as last read: 1 counts the changes of scope 'all', 2 the stock moves. */
let sharedVersion: number | null = null;
let sharedStock: number | null = null;
let lastCheck = 0;
let checking: Promise<void> | null = null;
let subscribed = false;

/** The transactions of `writeTransaction` collect the changes their work made, applied once they commit. */
const PENDING = Symbol('catalogue changes');

const wider = (a: ChangeScope | null, b: ChangeScope | null): ChangeScope | null => (a === 'all' || b === 'all' ? 'all' : (a ?? b));

export function currentGeneration(): number {
  return generation;
}

/** The generation of the shop's settings (site content, promotions): unchanged by stock moves. */
export function settingsGeneration(): number {
  return settings;
}

/**
 * This process's cached answers stop being valid: the caches subscribed to 'catalogue.changed' (bootstrap/
 * subscribers.ts) are emptied now, never held for a transaction under way (a change is reported here once it
 * applies). A cache of settings only ignores scope 'stock'.
 */
function dropLocal(scope: ChangeScope = 'all'): void {
  generation += 1;
  if (scope === 'all') settings += 1;
  outsideCommitScope(() => void emit('catalogue.changed', { scope }));
}

function versionTable(knex: Knex): Knex.QueryBuilder {
  const schema = strapi.db.getSchemaName();
  return schema ? knex.withSchema(schema).table(CATALOGUE_VERSION_TABLE) : knex.table(CATALOGUE_VERSION_TABLE);
}

/** Creates the one-row version table when missing (idempotent; the migration and the start-up both call it). */
export async function ensureCatalogueVersionTable(knex: Knex, schema?: string): Promise<void> {
  const builder = schema ? knex.schema.withSchema(schema) : knex.schema;
  if (!(await builder.hasTable(CATALOGUE_VERSION_TABLE))) {
    await builder.createTable(CATALOGUE_VERSION_TABLE, (t) => {
      t.integer('id').primary();
      t.bigInteger('version').notNullable().defaultTo(0);
    });
  }
  const target = schema ? knex.withSchema(schema).table(CATALOGUE_VERSION_TABLE) : knex.table(CATALOGUE_VERSION_TABLE);
  await target
    .insert([
      { id: 1, version: 0 },
      { id: 2, version: 0 },
    ])
    .onConflict('id')
    .ignore();
}

/** Takes `value` as the shared row's, read: this process knows the row without reading it again. */
function knowShared(scope: ChangeScope, value: number): void {
  // The value itself, never one more than the last read: a read that saw it already leaves it as it is.
  if (scope === 'all') sharedVersion = value;
  else sharedStock = value;
}

/**
 * Bumps the shared row on `knex` (a transaction or the connection); its new value when it is the one after the value
 * this process last read (no other process changed the catalogue between), else null.
 */
async function bumpRow(knex: Knex, scope: ChangeScope): Promise<number | null> {
  const rows: { version: unknown }[] = await versionTable(knex)
    .where('id', scope === 'all' ? 1 : 2)
    .increment('version', 1)
    .returning('version');
  const value = Number(rows[0]?.version);
  const known = scope === 'all' ? sharedVersion : sharedStock;
  return known !== null && value === known + 1 ? value : null;
}

/** Bumps the shared row after a commit; true when this process then knows its value (bumpRow). */
async function bumpShared(scope: ChangeScope): Promise<boolean> {
  let next: number | null = null;
  try {
    next = await bumpRow(strapi.db.connection, scope);
    if (next !== null) knowShared(scope, next);
  } catch (err) {
    strapi.log.warn(`[catalogue] could not record the new version: ${err instanceof Error ? err.message : String(err)}`);
  }
  await announce(scope);
  return next !== null;
}

/**
 * On SQLite the shared row is bumped inside the change's own transaction, just before its commit: a write after the
 * commit was a second commit, and each commit waits for its fsync with the whole process (better-sqlite3 is
 * synchronous), at every order. On PostgreSQL the row would be one more lock that every order's transaction holds to
 * its commit, beside the day's number: there it is bumped after the commit, coalesced (bumpCoalesced).
 */
const bumpsInside = (): boolean => strapi.db.dialect.client !== 'postgres';

let bumping: Promise<boolean> | null = null;
let bumpAgain: Promise<boolean> | null = null;
/** The widest scope of the changes waiting for the next bump. */
let againScope: ChangeScope | null = null;

/**
 * One bump at a time: changes made while a bump is under way share the one that follows it. At a peak of orders
 * (each one changes stock) this is a handful of writes of the version row instead of one per order, and still every
 * change is followed by a bump that started after it.
 */
function bumpCoalesced(scope: ChangeScope): Promise<boolean> {
  if (!bumping) {
    bumping = bumpShared(scope).finally(() => {
      bumping = null;
    });
    return bumping;
  }
  againScope = wider(againScope, scope);
  bumpAgain ??= bumping.then(() => {
    const next = againScope ?? scope;
    bumpAgain = null;
    againScope = null;
    return bumpCoalesced(next);
  });
  return bumpAgain;
}

/** Tells the other processes through Redis, when there is one (the shared row was bumped already). */
async function announce(scope: ChangeScope): Promise<void> {
  const client = redis();
  if (client) await client.publish(channel(), scope === 'stock' ? `${PROCESS_ID}:stock` : PROCESS_ID).catch(() => undefined);
}

/**
 * `bumped`: the change's own transaction bumped the shared row already (bumpsInside); `next`: the row's new value when
 * it was the one after the value this process knew, which it now takes as read.
 */
async function publishChange(scope: ChangeScope, bumped = false, next: number | null = null): Promise<void> {
  dropLocal(scope);
  let known = false;
  if (bumped) {
    if (next !== null) knowShared(scope, next);
    known = next !== null;
    await announce(scope);
  } else if (scope === 'stock') {
    // A stock move (every order on PostgreSQL) does not wait for the coalesced bump: the orders waiting for one bump
    // were answered together, in bursts. Other processes learn it as before; this one has dropped its cache.
    void bumpCoalesced(scope).then((bumpKnown) => {
      if (!bumpKnown) lastCheck = 0;
    });
    return;
  } else {
    known = await bumpCoalesced(scope);
  }
  if (known) return;
  // Read the row again on the next request (any other process's bump meanwhile is never mistaken for this one).
  lastCheck = 0;
}

/** Publishes the change once the Strapi transaction around the caller has ended (timers keep its context). */
function publishAfterTransaction(scope: ChangeScope): void {
  const wait = () => {
    if (strapi.db.inTransaction()) setTimeout(wait, 50).unref();
    else void publishChange(scope);
  };
  setTimeout(wait, 50).unref();
}

/**
 * Marks the catalogue as changed. Inside `writeTransaction` the change applies after the commit (on SQLite the row
 * goes up with the commit itself, bumpsInside); inside another transaction (Strapi's panel, the seed) this process's
 * cache is emptied at once and again, with the shared row, once that transaction has ended (never waiting for a
 * connection while the transaction holds one); elsewhere at once.
 */
export function catalogueChanged(scope: ChangeScope = 'all'): Promise<void> {
  const store = commitState(PENDING, () => {
    const state: { changed: ChangeScope | null; bumped: ChangeScope | null; next: number | null } = {
      changed: null,
      bumped: null,
      next: null,
    };
    return {
      state,
      beforeCommit: async (trx: Knex.Transaction) => {
        if (!state.changed || !bumpsInside()) return;
        state.next = await bumpRow(trx, state.changed);
        state.bumped = state.changed;
      },
      afterCommit: () => (state.changed ? publishChange(state.changed, state.bumped === state.changed, state.next) : undefined),
    };
  });
  if (store) {
    store.changed = wider(store.changed, scope);
    return Promise.resolve();
  }
  if (strapi.db.inTransaction()) {
    dropLocal(scope);
    publishAfterTransaction(scope);
    return Promise.resolve();
  }
  return publishChange(scope);
}

function subscribe(): void {
  if (subscribed) return;
  subscribed = true;
  const client = redis();
  if (!client) return;
  const subscriber = client.duplicate();
  subscriber.on('error', () => undefined);
  subscriber.on('message', (_channel: string, message: string) => {
    const [from, scope] = message.split(':');
    if (from !== PROCESS_ID) dropLocal(scope === 'stock' ? 'stock' : 'all');
  });
  void subscriber.subscribe(channel()).catch(() => undefined);
}

async function readShared(): Promise<void> {
  try {
    // On the current transaction when there is one (a cached read from inside a write, e.g. an order's mails when Strapi's
    // panel changes its status): a read on the bare connection would wait for SQLite's one connection, held by it.
    const rows: { id: unknown; version: unknown }[] = await onCurrentConnection((knex) =>
      versionTable(knex).whereIn('id', [1, 2]).select('id', 'version'),
    );
    const valueOf = (id: number) => Number(rows.find((row) => Number(row.id) === id)?.version ?? 0);
    const [value, stockValue] = [valueOf(1), valueOf(2)];
    if (sharedVersion !== null && value !== sharedVersion) dropLocal('all');
    else if (sharedStock !== null && stockValue !== sharedStock) dropLocal('stock');
    sharedVersion = value;
    sharedStock = stockValue;
  } catch {
    // Without the row (a database being migrated) the cache cannot know about other processes: start over.
    dropLocal();
  }
}

/**
 * Reads the shared version row now, whatever the last check's age (a new read, not one already on its way, which may
 * have started before another process's change committed): what must not act on settings a second old (the
 * checkout's options) calls it before the cached content.
 */
export function checkCatalogueNow(): Promise<void> {
  subscribe();
  lastCheck = Date.now();
  return readShared();
}

/** Resolves once this process's cache may be trusted: the shared version row was read less than a second ago. */
export function ensureFreshCatalogue(now = Date.now()): Promise<void> | null {
  subscribe();
  if (now - lastCheck < versionCheckMs()) return null;
  if (!checking) {
    lastCheck = now;
    checking = readShared().finally(() => {
      checking = null;
    });
  }
  return checking;
}
