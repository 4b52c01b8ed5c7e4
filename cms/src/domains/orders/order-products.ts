import { currentVariants, normalizeSizes, resolveStockBySize, storedStockOf, type QuoteProduct } from '@shop/shared';
import { jsonColumn, storedFlag, table, type Trx, isRecord } from '../../utils/db-write';
import { colorList } from '../catalogue';

/** The product columns the pricing reads (quoteProductOf), read with one plain SELECT. */
const PRICED_COLUMNS = [
  'document_id',
  'title',
  'price',
  'discount',
  'is_active',
  'size',
  'category',
  'thumbnails',
  'colors',
  'stock_by_size',
  'stock',
  'variants',
];

/**
 * The products of an order as the pricing needs them: one SELECT of the columns it reads (not Strapi's query
 * engine, whose mapping of every attribute costs more JavaScript than the statement).
 */
export async function pricedProducts(trx: Trx, documentIds: readonly string[]): Promise<Map<string, QuoteProduct>> {
  const rows: Record<string, unknown>[] = await table(trx, 'products').whereIn('document_id', documentIds).select(PRICED_COLUMNS);
  const products = new Map<string, QuoteProduct>();
  for (const row of rows) {
    const product = quoteProductOf({
      documentId: row.document_id,
      title: row.title,
      price: row.price,
      discount: row.discount,
      isActive: row.is_active,
      size: jsonColumn(row.size ?? null),
      category: row.category,
      thumbnails: jsonColumn(row.thumbnails ?? null),
      colors: row.colors,
      stockBySize: row.stock_by_size,
      stock: row.stock,
      variants: row.variants,
    });
    if (product) products.set(product.id, product);
  }
  return products;
}

/** A product row as the pricing needs it (stock is taken, and checked, by takeStock in the transaction). */
export function quoteProductOf(row: unknown): QuoteProduct | null {
  if (!isRecord(row) || typeof row.documentId !== 'string') return null;
  const thumbnails = Array.isArray(row.thumbnails) ? row.thumbnails : [];
  const image = thumbnails.find((t): t is string => typeof t === 'string' && t.trim() !== '') ?? null;
  return {
    id: row.documentId,
    title: typeof row.title === 'string' ? row.title : row.documentId,
    price: typeof row.price === 'number' ? row.price : Number(row.price ?? 0),
    discount: typeof row.discount === 'number' ? row.discount : Number(row.discount ?? 0),
    active: storedFlag(row.isActive),
    sizes: normalizeSizes(row.size),
    category: typeof row.category === 'string' ? row.category : null,
    image,
    variants: variantsOfRow(row),
  };
}

/** The row's variants (or, not yet migrated, what the migration makes of its per-size stock). */
function variantsOfRow(row: Record<string, unknown>) {
  const title = typeof row.title === 'string' ? row.title : String(row.documentId);
  const sizes = [...new Set(normalizeSizes(row.size))];
  const colors = colorList(jsonColumn(row.colors ?? null));
  const stockBySize = resolveStockBySize(sizes, jsonColumn(row.stockBySize ?? null), row.stock);
  return currentVariants(
    storedStockOf({ title, colors, sizes, variants: jsonColumn(row.variants ?? null), stockBySize, stock: Number(row.stock ?? 0) }),
  );
}
