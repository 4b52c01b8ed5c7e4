import type { ProductFit } from '@shop/shared';

/**
 * Where the product answer's `fit` comes from. The figure is counted from the returns' requests, a domain above the
 * catalogue: the returns domain provides it at start-up (bootstrap/subscribers.ts) and the catalogue never imports it.
 * Without a provider (or when it fails) the answer simply has no `fit`: a product page never breaks for a note.
 */
export type FitProvider = (productId: string) => Promise<Required<ProductFit> | null>;

let provider: FitProvider | null = null;

export function provideProductFit(source: FitProvider | null): void {
  provider = source;
}

export async function productFitOf(productId: string): Promise<Required<ProductFit> | null> {
  if (!provider) return null;
  try {
    return await provider(productId);
  } catch (error) {
    strapi.log.warn(`[catalogue] the fit of product ${productId} could not be read: ${(error as Error).message}`);
    return null;
  }
}

/**
 * Where the products' `rating` (approved reviews' average and count) comes from: the reviews domain, above the
 * catalogue, provides it at start-up (bootstrap/subscribers.ts). Without it (or when it fails) no answer has a rating.
 */
export type RatingsProvider = (productIds: readonly string[]) => Promise<Map<string, { average: number; count: number }>>;

let ratings: RatingsProvider | null = null;

export function provideProductRatings(source: RatingsProvider | null): void {
  ratings = source;
}

/** The products with `rating` added to those with at least one approved review (one grouped read for the page). */
export async function withRatings<T extends { _id: string }>(
  products: T[],
): Promise<(T & { rating?: { average: number; count: number } })[]> {
  if (!ratings || products.length === 0) return products;
  try {
    const found = await ratings(products.map((p) => p._id));
    return products.map((p) => {
      const rating = found.get(p._id);
      return rating ? { ...p, rating } : p;
    });
  } catch (error) {
    strapi.log.warn(`[catalogue] the products' ratings could not be read: ${(error as Error).message}`);
    return products;
  }
}
