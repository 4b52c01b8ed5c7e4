import { queryOptions } from '@tanstack/react-query';
import { bestSellersAnswerSchema } from '@shop/shared';
import { productQueries } from '@/features/products';
import { api } from '@/lib/api-client';

export async function fetchBestSellers(limit: number, signal?: AbortSignal) {
  const { payload } = await api.get('/products/best-sellers', bestSellersAnswerSchema, 'Error al obtener los más vendidos', {
    params: { limit },
    signal,
  });
  return payload;
}

/** The best sellers (GET /products/best-sellers): under 'products', so a write that changes stock refreshes them. */
export const bestSellerQueries = {
  list: (limit: number) =>
    queryOptions({
      queryKey: [...productQueries.all(), 'best-sellers', limit] as const,
      queryFn: ({ signal }) => fetchBestSellers(limit, signal),
    }),
};
