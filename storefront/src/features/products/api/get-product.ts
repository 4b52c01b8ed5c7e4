import { queryOptions, useQuery } from '@tanstack/react-query';
import { productSchema } from '@shop/shared';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { productKeys } from './product-keys';

const productResponseSchema = z.object({ product: productSchema });

export async function fetchProduct(id: string, signal?: AbortSignal) {
  const data = await apiRequest({
    url: `/products/${encodeURIComponent(id)}`,
    schema: productResponseSchema,
    errorMessage: 'Error al obtener producto',
    signal,
  });
  return data.product;
}

export function productDetailQuery(id: string) {
  return queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: ({ signal }) => fetchProduct(id, signal),
  });
}

export function useProduct(id: string) {
  return useQuery(productDetailQuery(id));
}
