import { z } from 'zod';
import { LIMITS, productListResponseSchema } from '@shop/shared';
import { apiClient, request } from '@/lib/api-client';

export interface ProductFilters {
  page: number;
  searchTerm: string;
  category: string;
  /** '' = all, 'true' = active, 'false' = inactive */
  status: '' | 'true' | 'false';
}

const listSchema = productListResponseSchema.extend({ totalPages: z.number().default(1), totalDocs: z.number().default(0) });

export function getProducts(filters: ProductFilters) {
  const params: Record<string, string | number> = { page: filters.page, limit: LIMITS.adminProductsPageSize };
  if (filters.searchTerm.trim()) params.searchTerm = filters.searchTerm.trim();
  if (filters.category) params.category = filters.category;
  if (filters.status) params.status = filters.status;
  return request('Error al obtener productos', listSchema, () => apiClient.get('/products', { params }));
}
