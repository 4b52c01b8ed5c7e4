// The sum of every variant's movements, kept between the ledger's checks (issue 60 §4: a million movements took 1.2 s
// to sum on SQLite at each GET /stock-check).
import { isRecord, table, type Trx } from '../../utils/db-write';
import { MOVEMENTS_TABLE } from './stock-ledger';

export interface LedgerSum {
  productId: string;
  variantId: string;
  sku: string;
  units: number;
}

/**
 * Movements are append-only, so the sums of the rows up to `upTo` never change: a check adds only what came after.
 * The kept part advances only over rows older than a minute (`SETTLED_MS`): a row whose transaction had not
 * committed when a later row was read would otherwise be skipped for good (PostgreSQL gives ids at insert, not at
 * commit); no transaction of the shop stays open that long. Rows of the last minute are summed afresh each time.
 * A row deleted or changed by hand below `upTo` is not seen until the process restarts (the ledger's rule forbids
 * both; the start-up check sums everything).
 *
 * Which rows are settled: the newest row older than a minute, found by its time, and every row up to the greatest
 * id a check saw at least a minute ago (an id is taken when its row is written, so a row below it was written
 * before; its transaction has ended since). The second also holds where ids do not follow time: movements
 * imported with their own past dates after the shop's first ones (issue 60 §4: the scale data's million rows had
 * ids above the demo's, newer rows, and every check summed them all again). On PostgreSQL, every row up to the
 * greatest id is also settled when no writing transaction was open as it was read (a young process, a quiet shop). On
 * SQLite every row up to the greatest id is settled at once: its one writer commits each transaction before the next
 * takes an id.
 */
/** No transaction of the shop stays open this long: a row stamped earlier has committed or is gone. */
export const SETTLED_MS = 60_000;
let kept: { upTo: number; sums: Map<string, LedgerSum> } | null = null;
/** The greatest ids callers saw, with when (one every 5 s at most); those a minute old move to `settledById`. */
let seen: { at: number; id: number }[] = [];
let settledById = 0;

export const ledgerKey = (productId: string, variantId: string) => `${productId}\u0000${variantId}`;

/**
 * `column || '' as column`: the same text, but not the column itself, so the database reads the rows by their id range
 * and groups or dedupes them apart (a GROUP BY repeats the expression: `groupByRaw`). Grouped by the columns, SQLite
 * walked the whole (product, variant, id) index to find the few rows above an id: 85–110 ms at a million movements
 * for each check or stock view after a sale, against 0.3 ms.
 */
export const byIdRange = (db: Trx, column: string) => db.raw(`?? || '' as ??`, [column, column]);

async function sumRows(db: Trx, after: number, upTo: number | null, into: Map<string, LedgerSum>): Promise<void> {
  const q = table(db, MOVEMENTS_TABLE).where('id', '>', after);
  if (upTo !== null) void q.andWhere('id', '<=', upTo);
  const rows: unknown[] = await q
    .groupByRaw(`?? || '', ?? || ''`, ['product_document_id', 'variant_id'])
    .select(byIdRange(db, 'product_document_id'), byIdRange(db, 'variant_id'))
    .sum({ units: 'quantity' })
    .max({ sku: 'sku' });
  for (const row of rows) {
    if (!isRecord(row)) continue;
    const productId = String(row.product_document_id);
    const variantId = String(row.variant_id);
    const key = ledgerKey(productId, variantId);
    const before = into.get(key);
    const sku = String(row.sku ?? '');
    into.set(key, {
      productId,
      variantId,
      // As one grouped read of every row would answer: the greatest SKU the variant's rows carry.
      sku: before && before.sku > sku ? before.sku : sku,
      units: (before?.units ?? 0) + Number(row.units ?? 0),
    });
  }
}

/**
 * The greatest movement id below which every movement's transaction has ended (see above): the newest row older
 * than a minute by its time, or the greatest id a caller saw a minute ago, whichever is greater.
 */
export async function settledMovementId(db: Trx, now = Date.now()): Promise<number> {
  // SQLite has one writer: a transaction takes its ids and commits before the next one starts, so whatever a read sees
  // is every row up to the greatest id (a process younger than a minute summed the million rows at each check).
  if (strapi.db.dialect.client !== 'postgres') {
    const newest: unknown = await table(db, MOVEMENTS_TABLE).max({ id: 'id' }).first();
    return isRecord(newest) ? Number(newest.id ?? 0) : 0;
  }
  // The newest row older than a minute, found in the (created_at, id) index without reading the others.
  const settled: unknown = await table(db, MOVEMENTS_TABLE)
    .where('created_at', '<', new Date(now - SETTLED_MS))
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .first('id');
  // Read with the snapshot it is read on: when no transaction that has written was still open then (the snapshot's
  // xmin is its xmax), every row up to the greatest id had committed. A movement is written after its product row
  // was updated or locked in the same transaction, so a transaction holding an id below it has written already.
  const schema = strapi.db.getSchemaName();
  const newest: unknown = await db
    .select(
      db.raw('(select max(id) from ??) as id', [schema ? `${schema}.${MOVEMENTS_TABLE}` : MOVEMENTS_TABLE]),
      db.raw('pg_snapshot_xmin(pg_current_snapshot()) = pg_snapshot_xmax(pg_current_snapshot()) as quiet'),
    )
    .first();
  const newestId = isRecord(newest) ? Number(newest.id ?? 0) : 0;
  const quiet = isRecord(newest) && newest.quiet === true;
  const last = seen[seen.length - 1];
  if (!last || (newestId > last.id && now - last.at >= 5_000)) seen.push({ at: now, id: newestId });
  while (seen.length > 0 && now - seen[0]!.at >= SETTLED_MS) settledById = Math.max(settledById, seen.shift()!.id);
  return Math.max(isRecord(settled) ? Number(settled.id ?? 0) : 0, settledById, quiet ? newestId : 0);
}

/** The sum of the movements of every variant the ledger knows, with its latest SKU. */
export async function ledgerSums(db: Trx, now = Date.now()): Promise<Map<string, LedgerSum>> {
  const settledId = await settledMovementId(db, now);
  const base = kept && kept.upTo <= settledId ? kept : { upTo: 0, sums: new Map<string, LedgerSum>() };
  if (settledId > base.upTo) {
    const sums = new Map(base.sums);
    await sumRows(db, base.upTo, settledId, sums);
    kept = { upTo: settledId, sums };
  } else {
    kept = base;
  }
  const all = new Map(kept.sums);
  await sumRows(db, kept.upTo, null, all);
  return all;
}

/** Forgets the kept sums (tests that rewrite the ledger by hand; a restore restarts the process anyway). */
export function forgetLedgerSums(): void {
  kept = null;
  seen = [];
  settledById = 0;
}
