import {
  currentVariants,
  normalizeSizes,
  resolveStockBySize,
  stockOfVariants,
  storedStockOf,
  sumStock,
  type ProductVariant,
  type StockBySize,
} from '@shop/shared';
import type { Knex } from 'knex';
import { colorList } from './product-row';
import { catalogueChanged } from './catalogue-version';
import { affectedRows, jsonColumn, storedFlag, table, writeSoon, type Trx } from '../../utils/db-write';
import { recordStockChange, type StockSource } from './stock-ledger';

export const PRODUCTS_TABLE = 'products';

/** A product's stock figures read while its row is locked by the current transaction. */
export interface LockedStock {
  id: number;
  documentId: string;
  title: string;
  active: boolean;
  sizes: string[];
  /** One entry per offered size ({} without sizes). */
  stockBySize: StockBySize;
  /** The single stock of a product without sizes; the sum of `stockBySize` otherwise. */
  stock: number;
  /** Every colour × size with its units (the stock; the figures above are their sums). */
  variants: ProductVariant[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Locks one product row for the rest of the transaction and reads its stock. PostgreSQL: `SELECT … FOR UPDATE` holds
 * the row lock until commit, so concurrent writers of this product queue up and then read the committed figures.
 * SQLite: every transaction holds the database's write lock from its `BEGIN IMMEDIATE` (config/database.ts), so a
 * plain read is current. Null when missing.
 */
export async function lockProductStock(trx: Trx, documentId: string): Promise<LockedStock | null> {
  const query = table(trx, PRODUCTS_TABLE).where('document_id', documentId);
  // PostgreSQL: one round trip, the row read and locked by the same statement.
  if (strapi.db.dialect.client === 'postgres') void query.forUpdate();
  const row: unknown = await query.first(...STOCK_COLUMNS);
  return isRecord(row) ? stockOfRow(row) : null;
}

/** The columns stockOfRow reads. */
export const STOCK_COLUMNS = ['id', 'document_id', 'title', 'is_active', 'size', 'stock', 'stock_by_size', 'variants', 'colors'] as const;

/** A product row's stock figures and variants, as every stock writer and the ledger's check read them. */
export function stockOfRow(row: Record<string, unknown>): LockedStock {
  const documentId = String(row.document_id);
  const sizes = [...new Set(normalizeSizes(jsonColumn(row.size)))];
  const stockBySize = resolveStockBySize(sizes, jsonColumn(row.stock_by_size ?? null), row.stock);
  const single = Number(row.stock ?? 0);
  const title = typeof row.title === 'string' ? row.title : documentId;
  const stock = sizes.length > 0 ? sumStock(stockBySize) : Number.isFinite(single) ? Math.max(0, single) : 0;
  const variants = currentVariants(
    storedStockOf({
      title,
      colors: colorList(jsonColumn(row.colors ?? null)),
      sizes,
      variants: jsonColumn(row.variants ?? null),
      stockBySize,
      stock,
    }),
  );
  return { id: Number(row.id), documentId, title, active: storedFlag(row.is_active), sizes, stockBySize, stock, variants };
}

/**
 * Writes the variants and their sums (per size, and the total) in one UPDATE, and the ledger's movement of every
 * variant whose units changed (same transaction): `source` says why (stock-ledger.ts).
 */
export async function writeProductStock(
  trx: Trx,
  product: LockedStock,
  variants: readonly ProductVariant[],
  source: StockSource,
): Promise<void> {
  await recordStockChange(trx, product, product.variants, variants, source);
  const sums = stockOfVariants(variants, product.sizes);
  await writeSoon(
    trx,
    table(trx, PRODUCTS_TABLE)
      .where('id', product.id)
      .update({
        stock: sums.stock,
        stock_by_size: JSON.stringify(product.sizes.length > 0 ? sums.stockBySize : {}),
        variants: JSON.stringify(variants),
      }),
  );
  // Every stock move (orders, cancels, returns, the sweep, staff saves) ends here: the cached answers that show
  // stock go stale (the settings' caches, site content and promotions, stay: see catalogue-version.ts).
  await catalogueChanged('stock');
}

/**
 * Start-up migration of databases from before per-size stock: every product without a stored map gets one by
 * the documented rule (the whole old stock on its first size, 0 on the others; `{}` without sizes), so the sum
 * equals the old stock and no unit is lost. Conditional on the map still being empty: safe to run on every start
 * and from two processes at once.
 */
export async function migrateStockBySize(): Promise<number> {
  const knex = strapi.db.connection;
  const schema = strapi.db.getSchemaName();
  const products = () => (schema ? knex.withSchema(schema).table(PRODUCTS_TABLE) : knex.table(PRODUCTS_TABLE));
  const rows: unknown[] = await products().whereNull('stock_by_size').select('id', 'size', 'stock');
  let migrated = 0;
  for (const row of rows) {
    if (!isRecord(row)) continue;
    const map = resolveStockBySize(jsonColumn(row.size), null, row.stock);
    const done = affectedRows(
      await products()
        .where('id', Number(row.id))
        .whereNull('stock_by_size')
        .update({ stock_by_size: JSON.stringify(map) }),
    );
    migrated += done;
  }
  if (migrated > 0) strapi.log.info(`[products] per-size stock: ${migrated} product(s) migrated (old stock assigned to the first size)`);
  return migrated;
}

/** Every product row with these columns, oldest first, 500 a page (the ledger's check, the kept catalogue). */
export async function* productRowPages(db: Trx, columns: readonly (string | Knex.Raw)[]): AsyncGenerator<Record<string, unknown>[]> {
  let after = 0;
  for (;;) {
    const rows: unknown[] = await table(db, PRODUCTS_TABLE)
      .where('id', '>', after)
      .orderBy('id', 'asc')
      .limit(500)
      .select(...columns);
    const page = rows.filter(isRecord);
    if (page.length === 0) return;
    yield page;
    after = Number(page[page.length - 1]!.id);
  }
}
