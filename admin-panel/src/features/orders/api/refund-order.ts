import { orderAnswerSchema } from '@shop/shared';
import { orderAction } from './order-action';
import { useOrderWrite } from './order-queries';

/**
 * POST /orders/{id}/refund (owner): Mercado Pago gives the whole payment back and the order becomes refunded (its
 * units back in stock, the change in its history). A refusal is an error answer with the server's Spanish message: 400
 * for an order that cannot be refunded this way, 502 when Mercado Pago did not refund (the order did not change).
 */
export const refundOrder = (id: string) => orderAction('POST', id, 'refund', orderAnswerSchema, 'Error al reembolsar la orden');

/** The refunded order goes into the detail cache; list, summary, history and sheets refresh (all under `orders`). */
export function useRefundOrder() {
  return useOrderWrite(refundOrder);
}
