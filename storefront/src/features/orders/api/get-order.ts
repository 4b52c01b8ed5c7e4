import { orderAnswerSchema } from '@shop/shared';
import { api } from '@/lib/api-client';

/** GET /orders/{id}: the shopper's own order by its unguessable id. */
export async function fetchOrder(id: string, signal?: AbortSignal) {
  const { order } = await api.get(`/orders/${encodeURIComponent(id)}`, orderAnswerSchema, 'Error al obtener orden', { signal });
  return order;
}
