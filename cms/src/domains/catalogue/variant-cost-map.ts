import { table } from '../../utils/db-write';
import { VARIANT_COSTS_TABLE as COSTS_TABLE } from './variant-costs';

/**
 * The known unit costs of these products' variants (whole pesos), keyed `<productId>\u0000<variantId>`: the owner's
 * reports (margins, valuation). A variant without a row, or with a null cost, is absent.
 */
export async function variantCostsOf(productIds: readonly string[] | 'all'): Promise<Map<string, number>> {
  const costs = new Map<string, number>();
  const read = async (ids: readonly string[] | null) => {
    const query = table(strapi.db.connection, COSTS_TABLE).whereNotNull('cost').select('product_document_id', 'variant_id', 'cost');
    const rows: { product_document_id: string; variant_id: string; cost: unknown }[] = await (ids
      ? query.whereIn('product_document_id', [...ids])
      : query);
    for (const row of rows) {
      const cost = Number(row.cost);
      if (Number.isFinite(cost)) costs.set(`${row.product_document_id}\u0000${row.variant_id}`, cost);
    }
  };
  if (productIds === 'all') await read(null);
  else for (let i = 0; i < productIds.length; i += 500) await read(productIds.slice(i, i + 500));
  return costs;
}
