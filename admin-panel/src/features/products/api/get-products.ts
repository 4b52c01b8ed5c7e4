import { LIMITS, productListAnswerSchema } from '@shop/shared';
import { api } from '@/lib/api-client';

export interface ProductFilters {
  page: number;
  searchTerm: string;
  category: string;
  /** '' = all, 'true' = active, 'false' = inactive */
  status: '' | 'true' | 'false';
}

export function getProducts(filters: ProductFilters) {
  const params: Record<string, string | number> = { page: filters.page, limit: LIMITS.adminProductsPageSize };
  if (filters.searchTerm.trim()) params.searchTerm = filters.searchTerm.trim();
  if (filters.category) params.category = filters.category;
  if (filters.status) params.status = filters.status;
  return api.request({ url: '/products', params, schema: productListAnswerSchema, errorMessage: 'Error al obtener productos' });
}
