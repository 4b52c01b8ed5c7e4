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
