// The ledger's proof (every variant's stock equals the sum of its movements), the opening balances, the history.
import {
  STOCK_MOVEMENTS_COUNT_CAP,
  STOCK_MOVEMENTS_PAGE_SIZE,
  type StockCheckAnswer,
  type StockMismatch,
  type StockMovementsAnswer,
  type StockReason,
} from '@shop/shared';
import { isRecord, table, writeTransaction, type Trx } from '../../utils/db-write';
import type { CatalogueVariant } from './catalogue-variants';
import { lockProductStock, PRODUCTS_TABLE, productRowPages, STOCK_COLUMNS, stockOfRow, type LockedStock } from './product-stock';
import { MOVEMENTS_TABLE, recordStockChange, referenceLabels, toMovement } from './stock-ledger';
import { GenerationMemo } from './generation-memo';
import { ledgerKey, ledgerSums } from './ledger-sums';

const knex = () => strapi.db.connection as unknown as Trx;

/** The columns that hold JSON: PostgreSQL answers them parsed unless asked for their text. */
const JSON_COLUMNS: readonly string[] = ['size', 'stock_by_size', 'variants', 'colors'];
const asText = (db: Trx) =>
  strapi.db.dialect.client === 'postgres'
    ? STOCK_COLUMNS.map((column) => (JSON_COLUMNS.includes(column) ? db.raw('??::text as ??', [column, column]) : column))
    : STOCK_COLUMNS;

/**
 * SQLite: each product's figures as the last full pass read them, with the columns they came from. A row whose columns read
 * exactly the same is not parsed again (issue 60 §4: parsing 5,000 products' variants was most of a check's 300 ms
 * after a sale); any change to a row, by the shop or by hand, is parsed and so still shows.
 */
let parsed = new Map<string, { columns: unknown[]; stock: LockedStock }>();

/**
 * PostgreSQL: each product row's figures as the last full pass read them, with the row's version (`xmin`: every write
 * of a row, by the shop or by hand, makes a new version of it). A pass reads the versions first and the columns only
 * of the rows whose version differs (issue 60 §4: reading 5,000 rows' variants was most of a check after a sale).
 */
let versions = new Map<number, { version: string; stock: LockedStock }>();

async function* everyStockByVersion(db: Trx): AsyncGenerator<LockedStock[]> {
  const next = new Map<number, { version: string; stock: LockedStock }>();
  for await (const page of productRowPages(db, ['id', db.raw('xmin::text as row_version')])) {
    const stale = page.filter((row) => versions.get(Number(row.id))?.version !== String(row.row_version)).map((row) => Number(row.id));
    const fresh = new Map<number, LockedStock>();
    if (stale.length > 0) {
      const rows: unknown[] = await table(db, PRODUCTS_TABLE)
        .whereIn('id', stale)
        .select(...asText(db));
      for (const row of rows.filter(isRecord)) fresh.set(Number(row.id), stockOfRow(row));
    }
    const stocks: LockedStock[] = [];
    for (const row of page) {
      const id = Number(row.id);
      // On one snapshot (the check) every row of the page is in one map or the other; outside one (the opening at
      // start) a row deleted between the two reads is left out, and one written between them is read again next time
      // (its version then differs from the one kept).
      const kept = versions.get(id);
      const stock = fresh.get(id) ?? (kept?.version === String(row.row_version) ? kept.stock : undefined);
      if (!stock) continue;
      next.set(id, { version: String(row.row_version), stock });
      stocks.push(stock);
    }
    yield stocks;
  }
  // Only a whole pass replaces them: a deleted product leaves with it.
  versions = next;
}

/** Every product's stock figures, oldest first, in batches. */
async function* everyStock(db: Trx = knex()): AsyncGenerator<LockedStock[]> {
  if (strapi.db.dialect.client === 'postgres') {
    yield* everyStockByVersion(db);
    return;
  }
  const next = new Map<string, { columns: unknown[]; stock: LockedStock }>();
  for await (const rows of productRowPages(db, asText(db))) {
    yield rows.map((row) => {
      const columns = STOCK_COLUMNS.map((column) => row[column]);
      const before = parsed.get(String(row.document_id));
      const stock = before && before.columns.every((value, i) => value === columns[i]) ? before.stock : stockOfRow(row);
      next.set(String(row.document_id), { columns, stock });
      return stock;
    });
  }
  // Only a whole pass replaces them: a deleted product leaves with it.
  parsed = next;
}

/**
 * Runs the check's reads on one snapshot, so that an order committed between them cannot show as a mismatch:
 * PostgreSQL's REPEATABLE READ; SQLite's transaction (its write lock: writers wait for the few reads).
 */
function onOneSnapshot<T>(work: (db: Trx) => Promise<T>): Promise<T> {
  const connection = strapi.db.connection;
  if (strapi.db.dialect.client === 'postgres') return connection.transaction((trx) => work(trx), { isolationLevel: 'repeatable read' });
  return connection.transaction((trx) => work(trx));
}

/**
 * Recomputes every variant's units from its movements and compares them with the product rows (GET /stock-check and
 * start-up), on one snapshot. A variant the ledger never met counts 0 movements; a product deleted since must sum to 0.
 */
export function checkStock(): Promise<StockCheckAnswer> {
  return checks.get('check', () => onOneSnapshot(compareStock));
}

/**
 * The check's answer, kept until the next stock move or change of products (a new catalogue generation, any process's
 * within about a second) and a minute at most (what a script changed behind the shop's back shows within it): the
 * owner's page and its reloads do not read 40,000 variants each time (issue 60 §4: 1.5 s a check at scale).
 */
const checks = new GenerationMemo<StockCheckAnswer>(1, 60_000);

async function compareStock(db: Trx): Promise<StockCheckAnswer> {
  const sums = await ledgerSums(db);
  const mismatches: StockMismatch[] = [];
  let variants = 0;
  for await (const page of everyStock(db)) {
    for (const product of page) {
      for (const variant of product.variants) {
        variants += 1;
        const key = ledgerKey(product.documentId, variant.id);
        const ledger = sums.get(key)?.units ?? 0;
        sums.delete(key);
        if (ledger !== variant.stock) {
          mismatches.push({ sku: variant.sku, productId: product.documentId, variantId: variant.id, stock: variant.stock, ledger });
        }
      }
    }
  }
  // Movements of variants that no longer exist (a deleted product, a removed size) must have come back to 0.
  for (const left of sums.values()) {
    if (left.units !== 0)
      mismatches.push({ sku: left.sku, productId: left.productId, variantId: left.variantId, stock: 0, ledger: left.units });
  }
  return { ok: mismatches.length === 0, variants, mismatches };
}

const OPENING_BATCH = 25;

/** The opening balance of each variant of one product with units and no movement yet, its row locked. */
async function openProduct(trx: Trx, documentId: string): Promise<number> {
  const product = await lockProductStock(trx, documentId);
  if (!product) return 0;
  const rows: unknown[] = await table(trx, MOVEMENTS_TABLE).where('product_document_id', documentId).distinct('variant_id');
  const met = new Set(rows.filter(isRecord).map((row) => String(row.variant_id)));
  const unmet = product.variants.filter((variant) => variant.stock !== 0 && !met.has(variant.id));
  // From nothing to its units: recordStockChange writes them as the opening balance of each.
  const empty = unmet.map((variant) => ({ ...variant, stock: 0 }));
  await recordStockChange(trx, product, empty, unmet, { reason: 'opening' });
  return unmet.length;
}

/**
 * Start-up: every variant with units the ledger has not met yet gets its opening movement (a shop from before the
 * ledger). Candidates are found with two reads; each is then written with its product row locked and checked again,
 * so that an order taking units meanwhile (another process) and this step never both open the same variant.
 */
export async function openStockLedger(): Promise<number> {
  const sums = await ledgerSums(knex());
  const candidates: string[] = [];
  for await (const page of everyStock()) {
    for (const product of page) {
      if (product.variants.some((variant) => variant.stock !== 0 && !sums.has(ledgerKey(product.documentId, variant.id)))) {
        candidates.push(product.documentId);
      }
    }
  }
  // In the order orders lock product rows (by document id), so that the two never wait for each other in a circle.
  candidates.sort();
  let opened = 0;
  // A few products a transaction: a large catalogue from before the ledger opens in a few hundred short transactions.
  for (let i = 0; i < candidates.length; i += OPENING_BATCH) {
    const batch = candidates.slice(i, i + OPENING_BATCH);
    opened += await writeTransaction(async (trx) => {
      let count = 0;
      for (const documentId of batch) count += await openProduct(trx, documentId);
      return count;
    });
  }
  if (opened > 0) strapi.log.info(`[stock] ledger: opening balance written for ${opened} variant(s)`);
  return opened;
}

/** Start-up: the check, its mismatches in the log (the shop keeps selling; the back office shows them too). */
export async function checkStockAtStartup(): Promise<void> {
  const answer = await onOneSnapshot(compareStock);
  if (answer.ok) {
    strapi.log.info(`[stock] ledger check: ${answer.variants} variant(s), every stock equals the sum of its movements`);
    return;
  }
  const list = answer.mismatches
    .slice(0, 20)
    .map((m) => `${m.sku} (stock ${m.stock}, movimientos ${m.ledger})`)
    .join('; ');
  strapi.log.warn(`[stock] ledger check: ${answer.mismatches.length} variant(s) differ from their movements: ${list}`);
}

export interface MovementQuery {
  sku?: string;
  productId?: string;
  reason?: StockReason;
  /** Instants (the controller turns the days into Argentina's midnights). */
  from?: Date;
  to?: Date;
  page: number;
}

/**
 * GET /stock-movements: newest first, 25 a page, with the order and return numbers. The matches are counted up to
 * STOCK_MOVEMENTS_COUNT_CAP (a count stops there instead of reading a million rows; `capped` says so).
 */
export async function listMovements(query: MovementQuery): Promise<StockMovementsAnswer> {
  const filtered = () => {
    const q = table(knex(), MOVEMENTS_TABLE);
    if (query.sku) void q.where('sku', query.sku);
    if (query.productId) void q.where('product_document_id', query.productId);
    if (query.reason) void q.where('reason', query.reason);
    if (query.from) void q.where('created_at', '>=', query.from);
    if (query.to) void q.where('created_at', '<', query.to);
    return q;
  };
  const matches = filtered()
    .select(knex().raw('1'))
    .limit(STOCK_MOVEMENTS_COUNT_CAP + 1)
    .as('matches');
  const counted: unknown = await knex().from(matches).count({ total: '*' }).first();
  const found = isRecord(counted) ? Number(counted.total ?? 0) : 0;
  const total = Math.min(found, STOCK_MOVEMENTS_COUNT_CAP);
  const pageSize = STOCK_MOVEMENTS_PAGE_SIZE;
  // A date range is read newest first along its (created_at, id) index: by id alone, the month's 27,000 rows of a
  // million were sorted for each page. Rows written together share their instant, so both orders agree.
  const order =
    query.from || query.to
      ? [
          { column: 'created_at', order: 'desc' as const },
          { column: 'id', order: 'desc' as const },
        ]
      : [{ column: 'id', order: 'desc' as const }];
  const rows: unknown[] = await filtered()
    .orderBy(order)
    .limit(pageSize)
    .offset((query.page - 1) * pageSize)
    .select('*');
  const records = rows.filter(isRecord);
  const labels = await referenceLabels(knex(), records);
  return {
    movements: records.map((row) => toMovement(row, labels)),
    page: query.page,
    pageSize,
    total,
    pageCount: Math.ceil(total / pageSize),
    capped: found > STOCK_MOVEMENTS_COUNT_CAP,
  };
}

/**
 * The variants of these SKUs only (a sale's lines), found through the products' private `sku_index` column
 * ("|s:SKU|b:CODE|") rather than by reading the whole catalogue: one query for up to 50 SKUs.
 */
export async function catalogueVariantsOfSkus(skus: readonly string[]): Promise<Map<string, CatalogueVariant>> {
  const wanted = [...new Set(skus)].slice(0, 50);
  const found = new Map<string, CatalogueVariant>();
  if (wanted.length === 0) return found;
  const escape = (sku: string) => sku.replace(/[\\%_]/g, (c) => `\\${c}`);
  const query = table(knex(), PRODUCTS_TABLE).select(...STOCK_COLUMNS, 'category');
  for (const sku of wanted) void query.orWhereRaw(`sku_index LIKE ? ESCAPE '\\'`, [`%|s:${escape(sku)}|%`]);
  const rows: unknown[] = await query;
  for (const row of rows.filter(isRecord)) {
    const stock = stockOfRow(row);
    const category = typeof row.category === 'string' ? row.category : '';
    for (const variant of stock.variants)
      if (wanted.includes(variant.sku))
        found.set(variant.sku, { productId: stock.documentId, title: stock.title, category, productActive: stock.active, variant });
  }
  return found;
}
