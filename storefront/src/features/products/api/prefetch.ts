import type { QueryClient } from '@tanstack/react-query';
import { preloadPicture } from '@/components/product-picture';
import { CARD_PICTURE_SIZES, GALLERY_PICTURE_SIZES, productImage } from '../product-display';
import type { ProductListFilters } from './product-keys';
import { productQueries } from './product-queries';

/*
 * A page opened from a shared link: its data and its first picture are fetched while the screen's chunk is still
 * loading, instead of one after the other (chunk, then data, then picture). Failures are left to the screen, which
 * asks again and shows its own error.
 */

/** The product page: the product, then its main picture. */
export async function prefetchProductScreen(client: QueryClient, id: string): Promise<void> {
  try {
    const product = await client.fetchQuery(productQueries.detail(id));
    preloadPicture(productImage(product), GALLERY_PICTURE_SIZES);
  } catch {
    // The page shows the error.
  }
}

/** A catalogue page: its first page of products, then the first card's picture. */
export async function prefetchCatalogScreen(client: QueryClient, filters: ProductListFilters): Promise<void> {
  try {
    const data = await client.fetchInfiniteQuery(productQueries.pages(filters));
    const first = data.pages[0]?.payload[0];
    if (first) preloadPicture(productImage(first), CARD_PICTURE_SIZES);
  } catch {
    // The page shows the error.
  }
}
