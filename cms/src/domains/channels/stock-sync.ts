import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { MercadoLibreSettings, Product } from '@shop/shared';
import { ApiError } from '../../utils/http';
import { affectedRows, isRecord, newDocumentId, table, writeSoon } from '../../utils/db-write';
import { readAccount, settingsOf } from './channel-account';
import { contentHashOf, listingPrice, plainDescription, sellable, updateItemBody, type StoredVariation } from './listing-body';
import { itemOf, mercadoLibreApi, MercadoLibreRefusal } from './listing-client';
import { JOBS_TABLE, LISTINGS_TABLE, listings, listingsByItem, productsNow, storedVariations, type ListingRow } from './listing-store';
import { refusalInSpanish } from './listing-errors';
import { MercadoLibreCallError, mercadoLibreConfig } from './mercadolibre-client';

/**
 * Every change of a listed product (its units, through the stock ledger's `stock.changed`; its texts, photos, price
 * and variants, through `product.changed`) reaches Mercado Libre through a durable job: one row per item in
 * `channel_sync_jobs`, written in the changing transaction. Changes coalesce: a second change while the row waits
 * only bumps its `version`, so twenty changes in a second make one call. A worker (every process) takes a due row with
 * a lease (a conditional UPDATE: one process, one call in flight per item), reads the product as it is THEN, sends
 * the item's variations with those figures, and deletes the row only when no change arrived meanwhile (same version);
 * otherwise the row waits another coalescing window. 429, 5xx and network failures retry with exponential backoff;
 * the row survives a restart (a dead process's lease runs out).
 */
const env = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
export const coalesceMs = () => env('MERCADOLIBRE_COALESCE_MS', 400);
const retryBaseMs = () => env('MERCADOLIBRE_RETRY_BASE_MS', 1000);
const retryMaxMs = () => env('MERCADOLIBRE_RETRY_MAX_MS', 60_000);
/**
 * How long a process holds an item's job while it sends it: longer than one send's worst case (a token refresh and two
 * calls of 20 s). A process that dies holding it leaves the job waiting that long (MERCADOLIBRE_JOB_LEASE_MS; tests
 * set it short).
 */
export const leaseMs = () => env('MERCADOLIBRE_JOB_LEASE_MS', 90_000);
const BATCH = 100;
const CONCURRENCY = 8;
/** Not connected, or the account needs reconnecting: the job waits this long (the owner has to act). */
const NOT_CONNECTED_WAIT_MS = 5 * 60_000;

interface JobRow {
  id: number;
  item_id: string;
  product_document_id: string;
  version: string | null;
  attempts: number | null;
}

/**
 * A change of the product, inside the changing transaction (`trx`) or after it (the connection): its listing's job is
 * written, or its version bumped when one waits (never its turn: a row in backoff keeps it).
 */
export async function enqueueSync(knex: Knex, productDocumentId: string): Promise<void> {
  // One statement whether the product is listed or not (a look-up, then the insert, were two round trips while a
  // checkout holds the product's row); on PostgreSQL a checkout holds it for the statement that ends its locked part.
  const schema = strapi.db.getSchemaName();
  const named = (name: string) => (schema ? `${schema}.${name}` : name);
  const now = new Date();
  const insert = knex.raw(
    `INSERT INTO ?? (document_id, item_id, product_document_id, version, due_at, attempts, created_at, updated_at, published_at)
     SELECT ?, l.item_id, ?, ?, ?, 0, ?, ?, ? FROM ?? AS l
     WHERE l.product_document_id = ? AND (l.status IS NULL OR l.status <> 'closed') LIMIT 1
     ON CONFLICT (item_id) DO UPDATE SET version = excluded.version, updated_at = excluded.updated_at`,
    [
      named(JOBS_TABLE),
      newDocumentId(),
      productDocumentId,
      randomUUID(),
      now.getTime() + coalesceMs(),
      now,
      now,
      now,
      named(LISTINGS_TABLE),
      productDocumentId,
    ],
  );
  await writeSoon(knex, insert);
}

/** What one round of the worker read at once for its leased jobs (three queries, not three per job). */
interface RoundContext {
  listings: Map<string, ListingRow>;
  products: Map<string, Product>;
  settings: MercadoLibreSettings;
}

async function roundContext(jobs: readonly JobRow[]): Promise<RoundContext> {
  const found = await listingsByItem(jobs.map((job) => job.item_id));
  const products = await productsNow([...found.values()].map((row) => row.productDocumentId));
  return { listings: found, products, settings: settingsOf(await readAccount()) };
}

/**
 * The item's variations, price, and (when they changed) title, photos and description, as the shop has them now
 * (read by this round, after the job was leased: never older than the change that queued it).
 */
async function pushListing(itemId: string, context: RoundContext): Promise<void> {
  const listing = context.listings.get(itemId);
  if (!listing || listing.status === 'closed') return;
  const product = context.products.get(listing.productDocumentId) ?? null;
  if (!product) {
    // The product was deleted: its listing ends with it.
    await mercadoLibreApi('PUT', `/items/${encodeURIComponent(itemId)}`, { status: 'closed' });
    await listings().update({ where: { id: listing.id }, data: { status: 'closed', syncedAt: new Date(), lastError: null } });
    return;
  }
  const settings = context.settings;
  const price = listingPrice(product, settings, listing.price);
  if (price === null) throw new MercadoLibreRefusal(400, 'price', [{ code: 'shop.price.missing', message: '', references: [] }]);
  const stored = storedVariations(listing.variations);
  const contentHash = contentHashOf(product);
  const content = contentHash !== listing.contentHash;
  const answer = itemOf(
    await mercadoLibreApi('PUT', `/items/${encodeURIComponent(itemId)}`, updateItemBody(product, settings, price, stored, content)),
  );
  if (content) await mercadoLibreApi('PUT', `/items/${encodeURIComponent(itemId)}/description`, { plain_text: plainDescription(product) });
  const bySku = new Map(answer.variations.flatMap((variation) => (variation.sku ? [[variation.sku, variation.id] as const] : [])));
  const known = new Set(stored.map((entry) => entry.variantId));
  const variations: StoredVariation[] = [
    ...stored.map((entry) => ({ ...entry, variationId: bySku.get(entry.sku.toUpperCase()) ?? entry.variationId })),
    ...sellable(product)
      .filter((variant) => !known.has(variant.id))
      .map((variant) => ({ variantId: variant.id, sku: variant.sku, variationId: bySku.get(variant.sku.toUpperCase()) ?? null })),
  ];
  const data = { status: answer.status || listing.status, permalink: answer.permalink, variations, contentHash, lastError: null };
  // Nothing new to record (the usual stock send): the row is left alone, a write less on the database, except that
  // `syncedAt` is kept within a minute of the truth.
  const unchanged =
    data.status === listing.status &&
    data.permalink === listing.permalink &&
    data.contentHash === listing.contentHash &&
    listing.lastError === null &&
    JSON.stringify(variations) === JSON.stringify(stored) &&
    listing.syncedAt !== null &&
    Date.now() - new Date(listing.syncedAt).getTime() < 60_000;
  if (!unchanged) await listings().update({ where: { id: listing.id }, data: { ...data, syncedAt: new Date() } });
}

export const jobs = (knex: Knex = strapi.db.connection) => table(knex, JOBS_TABLE);

async function retryLater(job: JobRow, owner: string, waitMs: number, error: string): Promise<void> {
  await jobs()
    .where({ id: job.id, lease_owner: owner })
    .update({
      due_at: Date.now() + waitMs,
      attempts: (Number(job.attempts) || 0) + 1,
      lease_until: null,
      lease_owner: null,
      last_error: error.slice(0, 500),
    });
}

function backoffMs(attempts: number): number {
  const wait = Math.min(retryMaxMs(), retryBaseMs() * 2 ** Math.min(attempts, 16));
  return Math.round(wait * (0.8 + Math.random() * 0.4));
}

/** One leased job: sent, then deleted (or left for the change that came meanwhile, or retried later). */
async function sendLeased(job: JobRow, owner: string, context: RoundContext): Promise<boolean> {
  try {
    await pushListing(job.item_id, context);
  } catch (error) {
    if (error instanceof MercadoLibreRefusal) {
      // Mercado Libre refused the item's data: said on the listing, and not sent again until the next change.
      const message = refusalInSpanish(error).message;
      await listings().updateMany({ where: { itemId: job.item_id }, data: { lastError: message } });
      strapi.log.warn(
        `[channels] Mercado Libre refused the update of ${job.item_id}: ${error.status} ${error.causes.map((c) => c.code).join(', ')}`,
      );
      await jobs().where({ id: job.id, lease_owner: owner, version: job.version }).delete();
      await jobs().where({ id: job.id, lease_owner: owner }).update({ lease_until: null, lease_owner: null });
      return true;
    }
    const waiting = error instanceof ApiError && error.status === 409;
    const wait = waiting ? NOT_CONNECTED_WAIT_MS : backoffMs(Number(job.attempts) || 0);
    const reason = error instanceof MercadoLibreCallError || error instanceof ApiError ? error.message : String(error);
    strapi.log.warn(`[channels] Mercado Libre update of ${job.item_id} failed (${reason}): retried in ${Math.round(wait / 1000)} s`);
    await retryLater(job, owner, wait, reason);
    return true;
  }
  const done = await jobs().where({ id: job.id, lease_owner: owner, version: job.version }).delete();
  if (affectedRows(done) !== 1) {
    // A change arrived while this one was sent: its turn comes after another coalescing window.
    await jobs()
      .where({ id: job.id, lease_owner: owner })
      .update({ due_at: Date.now() + coalesceMs(), attempts: 0, lease_until: null, lease_owner: null, last_error: null });
  }
  return true;
}

let running: Promise<number> | null = null;

/** One pass over the due jobs of this process (other processes run their own: the leases keep them apart). */
export function sweepSyncJobs(): Promise<number> {
  running ??= sweep().finally(() => {
    running = null;
  });
  return running;
}

/** Leases up to BATCH due jobs at once (one UPDATE, one SELECT: few writes on SQLite's single writer). */
async function leaseDue(owner: string): Promise<JobRow[]> {
  const now = Date.now();
  const due: unknown[] = await jobs()
    .where('due_at', '<=', now)
    .andWhere((q) => void q.whereNull('lease_until').orWhere('lease_until', '<', now))
    .orderBy('due_at', 'asc')
    .limit(BATCH)
    .select('id');
  const ids = due.filter(isRecord).map((row) => Number(row.id));
  if (ids.length === 0) return [];
  // The same conditions again: a job another process leased meanwhile is not taken.
  await jobs()
    .whereIn('id', ids)
    .andWhere('due_at', '<=', now)
    .andWhere((q) => void q.whereNull('lease_until').orWhere('lease_until', '<', now))
    .update({ lease_until: now + leaseMs(), lease_owner: owner });
  const rows: unknown[] = await jobs().where('lease_owner', owner).select('id', 'item_id', 'product_document_id', 'version', 'attempts');
  return rows.filter(isRecord) as unknown as JobRow[];
}

async function sweep(): Promise<number> {
  if (!mercadoLibreConfig()) return 0;
  let sent = 0;
  for (let round = 0; round < 20; round += 1) {
    const owner = randomUUID();
    const leased = await leaseDue(owner);
    if (leased.length === 0) break;
    const context = await roundContext(leased);
    // A pool of CONCURRENCY sends (each item is one job: never two calls for one item).
    let next = 0;
    const worker = async () => {
      while (next < leased.length) {
        const job = leased[next++]!;
        if (await sendLeased(job, owner, context).catch(() => false)) sent += 1;
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, leased.length) }, worker));
    if (leased.length < BATCH) break;
  }
  return sent;
}

let kick: NodeJS.Timeout | null = null;

/** After a change committed: a sweep once its coalescing window has passed (one timer at a time). */
export function kickSyncWorker(): void {
  if (kick || !mercadoLibreConfig()) return;
  kick = setTimeout(() => {
    kick = null;
    void sweepSyncJobs().catch((err) => strapi.log.warn(`[channels] sync sweep failed: ${String(err)}`));
  }, coalesceMs() + 50);
  kick.unref();
}

/** Whether a change of this item waits to be sent. */
export async function pendingItems(): Promise<Set<string>> {
  const rows: unknown[] = await jobs().select('item_id');
  return new Set(rows.filter(isRecord).map((row) => String(row.item_id)));
}

export async function stopSyncSweeps(): Promise<void> {
  if (kick) clearTimeout(kick);
  kick = null;
  await running?.catch(() => undefined);
}
