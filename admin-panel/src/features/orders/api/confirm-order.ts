import { orderConfirmedAnswerSchema } from '@shop/shared';
import { api } from '@/lib/api-client';
import { useOrderWrite } from './order-queries';

/** PATCH /orders/{id}/confirm (only for pending_manual orders; a refusal is an error answer with its message). */
export async function confirmOrder(id: string) {
  const { order } = await api.request({
    method: 'PATCH',
    url: `/orders/${encodeURIComponent(id)}/confirm`,
    schema: orderConfirmedAnswerSchema,
    errorMessage: 'Error confirmando la orden',
  });
  return order;
}

export function useConfirmOrder() {
  return useOrderWrite(confirmOrder);
}
