import { finalPrice } from './pricing.js';

/** What a line's price depends on: the catalogue's price and discount. */
export interface PricedProduct {
  price: number;
  discount?: number | null;
}

/** The unit price a cart or order line is charged: the product's price after its discount, in whole pesos. */
export function linePrice(product: PricedProduct): number {
  return finalPrice(product.price, product.discount);
}

export type LineSize = { ok: true; size: string | null } | { ok: false; problem: 'missing' | 'unknown'; size: string | null };

/**
 * The size a line takes of a product offering `sizes` (already normalised: upper case), or why it cannot:
 * `missing` when the product has sizes and none was chosen, `unknown` when the product does not offer it.
 * A product without sizes takes the requested size as given (or none).
 */
export function lineSize(sizes: readonly string[], requested: string | null | undefined): LineSize {
  const wanted = (requested ?? '').trim().toUpperCase();
  if (sizes.length === 0) return { ok: true, size: wanted || null };
  if (!wanted) return { ok: false, problem: 'missing', size: null };
  if (!sizes.includes(wanted)) return { ok: false, problem: 'unknown', size: wanted };
  return { ok: true, size: wanted };
}
