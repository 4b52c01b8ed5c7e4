// The best sellers the storefront shows when a search finds nothing: units sold in recent orders, then the newest.
import type { Product } from '@shop/shared';
import { productQuery, toProduct, type ProductRow } from './product-row';
import { soldItems } from './sold-units';

/** Units sold per product (documentId) in orders placed since `since` that were not cancelled or refunded. */
async function unitsSoldSince(since: Date): Promise<Map<string, number>> {
  const sold = soldItems();
  if (!sold) return new Map();
  const rows: { product_id: string | null; sold: unknown }[] = await sold
    .where('o.created_at', '>=', since)
    .groupBy('i.product_id')
    .select('i.product_id')
    .sum({ sold: 'i.quantity' });
  return new Map(rows.flatMap((r) => (r.product_id ? [[r.product_id, Number(r.sold) || 0] as [string, number]] : [])));
}

/**
 * Active products with stock, those sold most (units, orders not cancelled or refunded) in the last 90 days first,
 * then the newest: the storefront shows them when a search finds nothing.
 */
export async function bestSellers(limit: number): Promise<Product[]> {
  const sold = await unitsSoldSince(new Date(Date.now() - 90 * 86_400_000));
  const ranked = [...sold].sort((a, b) => b[1] - a[1]).map(([documentId]) => documentId);
  const buyable = { isActive: true, stock: { $gt: 0 } };
  // Sold ones first (only those still on sale), then the newest to fill the list.
  const top: ProductRow[] =
    ranked.length === 0 ? [] : await productQuery().findMany({ where: { ...buyable, documentId: { $in: ranked.slice(0, 200) } } });
  top.sort((a, b) => (sold.get(b.documentId) ?? 0) - (sold.get(a.documentId) ?? 0));
  const chosen = top.slice(0, limit);
  const newest: ProductRow[] =
    chosen.length >= limit
      ? []
      : await productQuery().findMany({
          where: { ...buyable, documentId: { $notIn: chosen.map((r) => r.documentId) } },
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
          limit: limit - chosen.length,
        });
  return [...chosen, ...newest].map(toProduct);
}
