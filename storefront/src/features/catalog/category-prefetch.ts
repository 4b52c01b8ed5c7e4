import type { QueryClient } from '@tanstack/react-query';
import { prefetchCatalogScreen, type SortOption } from '@/features/products';

/** The order a category page opens with. */
export const DEFAULT_SORT: SortOption = 'title-asc';

/** A category page opened directly: its first products and first picture, fetched while its chunk loads. */
export function prefetchCategoryScreen(client: QueryClient, category: string): Promise<void> {
  return prefetchCatalogScreen(client, { category, sort: DEFAULT_SORT });
}
