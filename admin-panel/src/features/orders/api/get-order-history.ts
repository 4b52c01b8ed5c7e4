import { z } from 'zod';
import { orderEventSchema } from '@shop/shared';
import { apiClient, request } from '@/lib/api-client';

const historyResponseSchema = z.object({ history: z.array(orderEventSchema) });

/** GET /orders/{id}/history (staff only): the order's status changes, oldest first. */
export async function getOrderHistory(id: string) {
  const { history } = await request('Error al obtener el historial de la orden', historyResponseSchema, () =>
    apiClient.get(`/orders/${encodeURIComponent(id)}/history`),
  );
  return history;
}
