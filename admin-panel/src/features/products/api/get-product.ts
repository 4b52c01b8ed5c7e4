import { z } from 'zod';
import { productSchema } from '@shop/shared';
import { apiClient, request } from '@/lib/api-client';

const productResponseSchema = z.object({ product: productSchema });

export async function getProduct(id: string) {
  const { product } = await request('Error al obtener producto', productResponseSchema, () =>
    apiClient.get(`/products/${encodeURIComponent(id)}`),
  );
  return product;
}
