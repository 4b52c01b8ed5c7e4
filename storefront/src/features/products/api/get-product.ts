import { productAnswerSchema } from '@shop/shared';
import { api } from '@/lib/api-client';
import { withEarlyAnswer } from '@/lib/early-requests';

export async function fetchProduct(id: string, signal?: AbortSignal) {
  const url = `/products/${encodeURIComponent(id)}`;
  const { product } = await withEarlyAnswer(url, {}, productAnswerSchema, () =>
    api.get(url, productAnswerSchema, 'Error al obtener producto', { signal }),
  );
  return product;
}
