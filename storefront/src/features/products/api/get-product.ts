import { productAnswerSchema } from '@shop/shared';
import { api } from '@/lib/api-client';

export async function fetchProduct(id: string, signal?: AbortSignal) {
  const { product } = await api.get(`/products/${encodeURIComponent(id)}`, productAnswerSchema, 'Error al obtener producto', { signal });
  return product;
}
