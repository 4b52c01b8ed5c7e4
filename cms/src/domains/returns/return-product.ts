import type { ProductVariant } from '@shop/shared';
import { jsonColumn } from '../../utils/db-write';

/** What a request reads of a product: its category and its variants as stored now (stock shown, not taken). */
export interface ProductFacts {
  title: string;
  category: string;
  variants: ProductVariant[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

export async function productFacts(documentId: string): Promise<ProductFacts | null> {
  const doc: unknown = await strapi.documents('api::product.product').findOne({ documentId });
  if (!isRecord(doc)) return null;
  const stored = jsonColumn(doc.variants);
  const variants = (Array.isArray(stored) ? stored.filter(isRecord) : []).map((v) => ({
    id: String(v.id ?? ''),
    sku: String(v.sku ?? ''),
    color: typeof v.color === 'string' && v.color !== '' ? v.color : null,
    size: typeof v.size === 'string' && v.size !== '' ? v.size : null,
    stock: Math.max(0, Number(v.stock) || 0),
    barcode: typeof v.barcode === 'string' ? v.barcode : null,
    active: v.active !== false,
  })) as ProductVariant[];
  return { title: String(doc.title ?? ''), category: String(doc.category ?? ''), variants };
}

/** Per product, read once for a whole request. */
export async function productsOf(ids: readonly string[]): Promise<Map<string, ProductFacts>> {
  const found = new Map<string, ProductFacts>();
  for (const id of new Set(ids)) {
    const facts = await productFacts(id);
    if (facts) found.set(id, facts);
  }
  return found;
}
