import { orderHistoryAnswerSchema } from '@shop/shared';
import { api } from '@/lib/api-client';

/** GET /orders/{id}/history (staff only): the order's status changes, oldest first. */
export async function getOrderHistory(id: string) {
  const url = `/orders/${encodeURIComponent(id)}/history`;
  const { history } = await api.request({
    url,
    schema: orderHistoryAnswerSchema,
    errorMessage: 'Error al obtener el historial de la orden',
  });
  return history;
}
