// Refunding a Mercado Pago order in full through Mercado Pago.
import { refundableByMercadoPago } from '@shop/shared';
import { ApiError, badRequest } from '../../utils/http';
import { type Actor } from '../orders';
import { getOrder } from '../orders';
import { type OrderAnswer } from '../orders';
import { getPayment, mercadoPagoConfig, MercadoPagoError, refundPayment, type MercadoPagoPayment } from './mercadopago-client';
import { badGateway } from './mercadopago-checkout';
import { applyPayment } from './mercadopago-payments';

export const REFUND_ONLY_PAID_MP = 'Solo se pueden reembolsar por Mercado Pago órdenes con un pago aprobado de Mercado Pago';

/**
 * Refunds a paid Mercado Pago order (or one cancelled whose payment was approved late) in full through Mercado Pago, then marks it refunded and returns its units
 * (once, as the webhook that follows finds the state already recorded). A refusal by Mercado Pago changes nothing.
 */
export async function refundOrder(documentId: string, by: Actor): Promise<OrderAnswer> {
  const order = await getOrder(documentId);
  const paymentId = order.payment?.paymentId;
  if (!paymentId || !refundableByMercadoPago(order)) throw badRequest(REFUND_ONLY_PAID_MP);
  const config = mercadoPagoConfig();
  try {
    await refundPayment(config, paymentId, `refund-${order.orderNumber}-${paymentId}`);
  } catch (err) {
    if (err instanceof MercadoPagoError) throw badGateway(`Mercado Pago no hizo el reembolso (${err.message}); la orden no cambió`);
    throw err;
  }
  const refunded = await getPayment(config, paymentId).catch(
    (): MercadoPagoPayment => ({
      id: paymentId,
      status: 'refunded',
      status_detail: null,
      external_reference: order.orderNumber,
      transaction_amount: order.total,
      currency_id: 'ARS',
      installments: order.payment?.installments ?? null,
    }),
  );
  // Mercado Pago reports the refund on the payment; the shop records it as its refunded state.
  try {
    await applyPayment({ ...refunded, status: 'refunded' }, by, `Reembolso total por Mercado Pago del pago ${paymentId}; el stock volvió`);
  } catch (err) {
    // The money went back; Mercado Pago's notice of the refund (or the sweep) records it here later.
    strapi.log.error(
      `[payments] refund of ${order.orderNumber} done at Mercado Pago but not recorded: ${err instanceof Error ? err.message : String(err)}`,
    );
    throw new ApiError(
      500,
      'Mercado Pago devolvió el dinero, pero la tienda no pudo registrar el reembolso todavía: se registrará solo con el aviso de Mercado Pago. No lo repitas.',
    );
  }
  return getOrder(documentId);
}
