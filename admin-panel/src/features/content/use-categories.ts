import { useQuery } from '@tanstack/react-query';
import { FALLBACK_CATEGORIES, type Category, type SizeGuide } from '@shop/shared';
import { contentQueries } from './api/get-content';

export interface CategoriesState {
  categories: Category[];
  sizeGuides: SizeGuide[];
  loading: boolean;
  /** True when the content could not be read and the fallback categories are in use. */
  usingFallback: boolean;
}

/** Categories and size guides come from the site content; a failure falls back to the default categories and guides. */
export function useCategories(): CategoriesState {
  const query = useQuery(contentQueries.site());
  if (query.isError) return { categories: FALLBACK_CATEGORIES, sizeGuides: [], loading: false, usingFallback: true };
  const categories = (query.data?.productCatalog.categories ?? []).filter((c) => c.name.trim() !== '');
  return { categories, sizeGuides: query.data?.sizeGuides ?? [], loading: query.isPending, usingFallback: false };
}

export function categoryLabel(categories: readonly Category[], name: string): string {
  return categories.find((c) => c.name === name)?.display_name || name;
}
