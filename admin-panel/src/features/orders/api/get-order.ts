import { z } from 'zod';
import { orderSchema } from '@shop/shared';
import { apiClient, request } from '@/lib/api-client';

const orderResponseSchema = z.object({ order: orderSchema.nullable() });

/** GET /orders/{id}: the order, or null when the server says it does not exist. */
export async function getOrder(id: string) {
  const { order } = await request('Error al obtener orden', orderResponseSchema, () => apiClient.get(`/orders/${encodeURIComponent(id)}`));
  return order;
}
