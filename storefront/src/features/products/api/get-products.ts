import { LIMITS, productListAnswerSchema } from '@shop/shared';
import { api } from '@/lib/api-client';
import { withEarlyAnswer } from '@/lib/early-requests';
import type { ProductListFilters, SortOption } from './product-keys';

/** The spec's default error texts (§8): for a page of the catalogue, and for the whole catalogue (`limit: 'all'`). */
const ERROR_TEXT = 'Error al obtener productos';
const ALL_ERROR_TEXT = 'Error al obtener todos los productos';

const SORTS: Record<SortOption, { sortBy: 'title' | 'price'; sortOrder: 'asc' | 'desc' }> = {
  'title-asc': { sortBy: 'title', sortOrder: 'asc' },
  'price-asc': { sortBy: 'price', sortOrder: 'asc' },
  'price-desc': { sortBy: 'price', sortOrder: 'desc' },
};

export function fetchProducts(filters: ProductListFilters, page: number, signal?: AbortSignal) {
  const sort = filters.sort ? SORTS[filters.sort] : undefined;
  const params = {
    page,
    limit: filters.limit ?? LIMITS.storefrontPageSize,
    category: filters.category || undefined,
    sizes: filters.sizes && filters.sizes.length > 0 ? filters.sizes.join(',') : undefined,
    sortBy: sort?.sortBy,
    sortOrder: sort?.sortOrder,
    searchTerm: filters.searchTerm || undefined,
  };
  return withEarlyAnswer('/products', params, productListAnswerSchema, () =>
    api.request({
      url: '/products',
      schema: productListAnswerSchema,
      errorMessage: filters.limit === 'all' ? ALL_ERROR_TEXT : ERROR_TEXT,
      signal,
      params,
    }),
  );
}
