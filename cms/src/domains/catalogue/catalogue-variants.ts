// Every variant of the catalogue with its product's name and category (the owner's stock report), kept between reads:
// issue 60 §4 found the stock views' first read after a sale over 300 ms on PostgreSQL, half of it reading and
// parsing 5,000 products' variants again when a sale had changed one or two.
import type { ProductVariant } from '@shop/shared';
import { isRecord, table, type Trx } from '../../utils/db-write';
import { settledMovementId } from './ledger-sums';
import { FULL_READ_MS, productsChangedSince } from './moved-products';
import { PRODUCTS_TABLE, productRowPages, STOCK_COLUMNS, stockOfRow } from './product-stock';

/** One variant of the catalogue with its product's name and category (the owner's stock report). */
export interface CatalogueVariant {
  productId: string;
  title: string;
  category: string;
  productActive: boolean;
  variant: ProductVariant;
}

const BATCH = 500;
const knex = () => strapi.db.connection as unknown as Trx;

interface KeptProduct {
  rowId: number;
  variants: CatalogueVariant[];
}

/**
 * The products as last read, by document id. What can have changed since: a product whose units moved (every change
 * of units writes its movement in the same transaction, stock-ledger.ts) and a product written through the model
 * (the editor, Strapi's panel: they stamp `updated_at`); a product deleted shows in the count.
 */
let kept: {
  products: Map<string, KeptProduct>;
  readAt: number;
  /** Every movement up to this id is reflected in the kept rows (ledger-sums.ts `settledMovementId`). */
  reflected: number;
  /** When the kept rows were last brought up to date: a write stamped a minute before had committed by then. */
  checkedAt: number;
  list: CatalogueVariant[] | null;
} | null = null;

function entriesOf(row: Record<string, unknown>): KeptProduct {
  const stock = stockOfRow(row);
  const category = typeof row.category === 'string' ? row.category : '';
  const variants = stock.variants.map((variant) => ({
    productId: stock.documentId,
    title: stock.title,
    category,
    productActive: stock.active,
    variant,
  }));
  return { rowId: stock.id, variants };
}

/** Every product, in batches by id (read outside any transaction). */
async function readAll(db: Trx): Promise<Map<string, KeptProduct>> {
  const products = new Map<string, KeptProduct>();
  for await (const rows of productRowPages(db, [...STOCK_COLUMNS, 'category'])) {
    for (const row of rows) products.set(String(row.document_id), entriesOf(row));
  }
  return products;
}

/** Reads these products again into `products` (one that is gone is taken out). */
async function readAgain(db: Trx, products: Map<string, KeptProduct>, documentIds: readonly string[]): Promise<void> {
  for (let i = 0; i < documentIds.length; i += BATCH) {
    const batch = documentIds.slice(i, i + BATCH);
    const rows: unknown[] = await table(db, PRODUCTS_TABLE)
      .whereIn('document_id', batch)
      .select(...STOCK_COLUMNS, 'category');
    for (const id of batch) products.delete(id);
    for (const row of rows.filter(isRecord)) products.set(String(row.document_id), entriesOf(row));
  }
}

/**
 * Every variant of every product, products in the order of their rows. Kept between calls: each call reads again
 * only the products whose units moved since the kept rows were read (movements above the settled id: those of the
 * last minute are read again until they settle, so one committed late is not missed) and those written through the
 * model since a minute before the last read; everything when the count of products differs, and every 10 minutes.
 */
export async function catalogueVariants(): Promise<CatalogueVariant[]> {
  const db = knex();
  const now = Date.now();
  const settled = await settledMovementId(db, now);
  const shape: unknown = await table(db, PRODUCTS_TABLE).count({ n: '*' }).first();
  const count = isRecord(shape) ? Number(shape.n ?? 0) : 0;
  if (kept && now - kept.readAt < FULL_READ_MS) {
    const changed = await productsChangedSince(db, kept.reflected, kept.checkedAt);
    const products = new Map(kept.products);
    await readAgain(db, products, [...changed]);
    if (products.size === count) {
      const list = changed.size === 0 ? kept.list : null;
      kept = { products, readAt: kept.readAt, reflected: settled, checkedAt: now, list };
      return listOf(kept);
    }
  }
  kept = { products: await readAll(db), readAt: now, reflected: settled, checkedAt: now, list: null };
  return listOf(kept);
}

function listOf(state: NonNullable<typeof kept>): CatalogueVariant[] {
  state.list ??= [...state.products.values()].sort((a, b) => a.rowId - b.rowId).flatMap((product) => product.variants);
  return state.list;
}
