import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { redis } from '../platform';

/**
 * The catalogue's version: what the cached public answers (products, content, page heads, sitemap) were built from.
 * Every write that changes the catalogue calls `catalogueChanged()`; after the write commits, this process drops its
 * cached answers at once, the shared `shop_catalogue_version` row goes up by one and, with Redis, a message tells the
 * other app processes to drop theirs. Without the message (no Redis, or a lost one) another process still notices
 * the row's new value: it is read at most once per second, before answering from the cache, so no process answers
 * from a cache older than about a second after a write.
 */

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

type Listener = () => void;
const listeners = new Set<Listener>();
/** This process's generation: goes up whenever its cached answers stop being valid. */
let generation = 0;
let sharedVersion: number | null = null;
let lastCheck = 0;
let checking: Promise<void> | null = null;
let subscribed = false;

/** The transactions of `writeTransaction` collect the changes their work made, applied once they commit. */
const pending = new AsyncLocalStorage<{ changed: boolean }>();

export function currentGeneration(): number {
  return generation;
}

/** Registers a cache to clear whenever the catalogue changes (here or on another process). */
export function onCatalogueChange(listener: Listener): void {
  listeners.add(listener);
}

function dropLocal(): void {
  generation += 1;
  for (const listener of listeners) listener();
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
  await target.insert({ id: 1, version: 0 }).onConflict('id').ignore();
}

async function bumpShared(): Promise<void> {
  try {
    await versionTable(strapi.db.connection).where('id', 1).increment('version', 1);
  } catch (err) {
    strapi.log.warn(`[catalogue] could not record the new version: ${err instanceof Error ? err.message : String(err)}`);
  }
  const client = redis();
  if (client) await client.publish(channel(), PROCESS_ID).catch(() => undefined);
}

let bumping: Promise<void> | null = null;
let bumpAgain: Promise<void> | null = null;

/**
 * One bump at a time: changes made while a bump is under way share the one that follows it. At a peak of orders
 * (each one changes stock) this is a handful of writes of the version row instead of one per order, and still every
 * change is followed by a bump that started after it.
 */
function bumpCoalesced(): Promise<void> {
  if (!bumping) {
    bumping = bumpShared().finally(() => {
      bumping = null;
    });
    return bumping;
  }
  bumpAgain ??= bumping.then(() => {
    bumpAgain = null;
    return bumpCoalesced();
  });
  return bumpAgain;
}

async function publishChange(): Promise<void> {
  dropLocal();
  await bumpCoalesced();
  // Read the row again on the next request: it also shows this bump, which empties the cache once more (harmless),
  // and any other process's bump made meanwhile is never mistaken for this one.
  lastCheck = 0;
}

/** Publishes the change once the Strapi transaction around the caller has ended (timers keep its context). */
function publishAfterTransaction(): void {
  const wait = () => {
    if (strapi.db.inTransaction()) setTimeout(wait, 50).unref();
    else void publishChange();
  };
  setTimeout(wait, 50).unref();
}

/**
 * Marks the catalogue as changed. Inside `writeTransaction` the change applies after the commit (a read made before
 * the commit must not be cached as fresh); inside another transaction (Strapi's panel, the seed) this process's
 * cache is emptied at once and again, with the shared row, once that transaction has ended (never waiting for a
 * connection while the transaction holds one); elsewhere at once.
 */
export function catalogueChanged(): Promise<void> {
  const store = pending.getStore();
  if (store) {
    store.changed = true;
    return Promise.resolve();
  }
  if (strapi.db.inTransaction()) {
    dropLocal();
    publishAfterTransaction();
    return Promise.resolve();
  }
  return publishChange();
}

/** Runs one write transaction attempt, applying its catalogue changes after it commits. */
export async function withCatalogueChanges<T>(run: () => Promise<T>): Promise<T> {
  const outer = pending.getStore();
  if (outer) return run();
  const store = { changed: false };
  const result = await pending.run(store, run);
  if (store.changed) await publishChange();
  return result;
}

function subscribe(): void {
  if (subscribed) return;
  subscribed = true;
  const client = redis();
  if (!client) return;
  const subscriber = client.duplicate();
  subscriber.on('error', () => undefined);
  subscriber.on('message', (_channel: string, from: string) => {
    if (from !== PROCESS_ID) dropLocal();
  });
  void subscriber.subscribe(channel()).catch(() => undefined);
}

async function readShared(): Promise<void> {
  try {
    const row: unknown = await versionTable(strapi.db.connection).where('id', 1).first('version');
    const value = row && typeof row === 'object' && 'version' in row ? Number(row.version) : 0;
    if (sharedVersion !== null && value !== sharedVersion) dropLocal();
    sharedVersion = value;
  } catch {
    // Without the row (a database being migrated) the cache cannot know about other processes: start over.
    dropLocal();
  }
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
