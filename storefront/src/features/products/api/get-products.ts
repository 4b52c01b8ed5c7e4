import { infiniteQueryOptions, queryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { LIMITS, productListResponseSchema } from '@shop/shared';
import { apiRequest } from '@/lib/api-client';
import { productKeys, type ProductListFilters, type SortOption } from './product-keys';

const ERROR_TEXT = 'Error al obtener productos';

const SORTS: Record<SortOption, { sortBy: 'title' | 'price'; sortOrder: 'asc' | 'desc' }> = {
  'title-asc': { sortBy: 'title', sortOrder: 'asc' },
  'price-asc': { sortBy: 'price', sortOrder: 'asc' },
  'price-desc': { sortBy: 'price', sortOrder: 'desc' },
};

export function fetchProducts(filters: ProductListFilters, page: number, signal?: AbortSignal) {
  const sort = filters.sort ? SORTS[filters.sort] : undefined;
  return apiRequest({
    url: '/products',
    schema: productListResponseSchema,
    errorMessage: ERROR_TEXT,
    signal,
    params: {
      page,
      limit: filters.limit ?? LIMITS.storefrontPageSize,
      category: filters.category || undefined,
      sizes: filters.sizes && filters.sizes.length > 0 ? filters.sizes.join(',') : undefined,
      sortBy: sort?.sortBy,
      sortOrder: sort?.sortOrder,
    },
  });
}

/** Catalogue pages of 12, appended by 'Ver más productos'. */
export function productPagesQuery(filters: ProductListFilters) {
  return infiniteQueryOptions({
    queryKey: productKeys.pages(filters),
    queryFn: ({ pageParam, signal }) => fetchProducts(filters, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (all.length < last.totalPages ? all.length + 1 : undefined),
  });
}

export function productListQuery(filters: ProductListFilters) {
  return queryOptions({
    queryKey: productKeys.list(filters),
    queryFn: ({ signal }) => fetchProducts(filters, 1, signal),
  });
}

export function useProductPages(filters: ProductListFilters) {
  return useInfiniteQuery(productPagesQuery(filters));
}
