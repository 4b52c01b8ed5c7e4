import { LIMITS, productListAnswerSchema } from '@shop/shared';
import { api } from '@/lib/api-client';
import { withEarlyAnswer } from '@/lib/early-requests';
import type { ProductListFilters, SortOption } from './product-keys';

const ERROR_TEXT = 'Error al obtener productos';

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
  };
  return withEarlyAnswer('/products', params, productListAnswerSchema, () =>
    api.request({ url: '/products', schema: productListAnswerSchema, errorMessage: ERROR_TEXT, signal, params }),
  );
}
