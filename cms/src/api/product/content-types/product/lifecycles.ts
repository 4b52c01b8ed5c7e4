import { finalPrice, normalizeSizes } from '@shop/shared';
import { catalogueChanged } from '../../../../utils/catalogue-version';
import { sizeIndexOf, PRODUCT_UID } from '../../services/product';

interface ProductEvent {
  params: { data?: Record<string, unknown>; where?: Record<string, unknown> };
}

const DERIVED_FROM = ['price', 'discount', 'size', 'finalPrice', 'sizeIndex'];
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

/**
 * Keeps the private finalPrice/sizeIndex columns right however a product is written: through the shop's API
 * or edited by hand in Strapi's panel (which knows nothing about them).
 */
async function syncDerived(event: ProductEvent, isCreate: boolean): Promise<void> {
  const data = event.params.data;
  // The total always follows the per-size figures written (also when edited by hand in Strapi's panel).
  if (data && isRecord(data.stockBySize)) {
    data.stock = Object.values(data.stockBySize).reduce<number>(
      (total, n) => total + (typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : 0),
      0,
    );
  }
  if (!data || !DERIVED_FROM.some((k) => k in data)) return;
  let current: { price?: unknown; discount?: unknown; size?: unknown } = {};
  if (!isCreate && event.params.where && !('price' in data && 'discount' in data && 'size' in data)) {
    const row: { price?: unknown; discount?: unknown; size?: unknown } | null = await strapi.db
      .query(PRODUCT_UID)
      .findOne({ where: event.params.where, select: ['price', 'discount', 'size'] });
    current = row ?? {};
  }
  const price = num('price' in data ? data.price : current.price, 0);
  const discount = num('discount' in data ? data.discount : current.discount, 0);
  const size = normalizeSizes('size' in data ? data.size : current.size);
  data.finalPrice = finalPrice(price, discount);
  data.sizeIndex = sizeIndexOf(size);
}

export default {
  beforeCreate: (event: ProductEvent) => syncDerived(event, true),
  beforeUpdate: (event: ProductEvent) => syncDerived(event, false),
  // Any product written (the shop's API, Strapi's panel, the seed) makes the cached catalogue answers stale.
  afterCreate: () => catalogueChanged(),
  afterUpdate: () => catalogueChanged(),
  afterUpdateMany: () => catalogueChanged(),
  afterDelete: () => catalogueChanged(),
  afterDeleteMany: () => catalogueChanged(),
};
