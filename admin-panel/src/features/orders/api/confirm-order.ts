import { orderConfirmedAnswerSchema } from '@shop/shared';
import { orderAction } from './order-action';
import { useOrderWrite } from './order-queries';

/** PATCH /orders/{id}/confirm (only for pending_manual orders; a refusal is an error answer with its message). */
export const confirmOrder = (id: string) => orderAction('PATCH', id, 'confirm', orderConfirmedAnswerSchema, 'Error confirmando la orden');

export function useConfirmOrder() {
  return useOrderWrite(confirmOrder);
}
