// Refunding a Mercado Pago order in full through Mercado Pago.
import { formatPrice, refundableByMercadoPago } from '@shop/shared';
import { ApiError, badRequest } from '../../utils/http';
import { type Actor } from '../orders';
import { getOrder } from '../orders';
import { type OrderAnswer } from '../orders';
import { ORDERS_TABLE } from '../orders';
import { table, type Trx } from '../../utils/db-write';
import { mercadoPagoConfig, mercadoPagoReady } from '../platform';
import { getPayment, MercadoPagoError, refundPayment, refundPaymentPart, type MercadoPagoPayment } from './mercadopago-client';
import { badGateway } from './mercadopago-checkout';
import { applyPayment, storedPaymentOf, storePayment } from './mercadopago-payments';

export const REFUND_ONLY_PAID_MP = 'Solo se pueden reembolsar por Mercado Pago órdenes con un pago aprobado de Mercado Pago';
export const REFUND_AFTER_RETURNS =
  'Esta orden ya tuvo devoluciones parciales por Mercado Pago (cambios y devoluciones): devolvé el resto desde Mercado Pago y registralo a mano, así el stock no vuelve dos veces';

/** The approved Mercado Pago payment of a paid order that a return may give money back on (null: none, or Mercado Pago not set up). */
export function returnRefundPaymentOf(order: OrderAnswer): string | null {
  return mercadoPagoReady() && order.status === 'paid' && refundableByMercadoPago(order) ? (order.payment?.paymentId ?? null) : null;
}

/**
 * Gives `amount` back on the order's Mercado Pago payment for a return (a partial refund), under the return's own
 * idempotency key: a retry (a double click, two staff, a crash before the shop recorded it) gets Mercado Pago's first
 * answer, never a second refund. Mercado Pago refusing or not answering is a Spanish 502 and nothing is recorded.
 */
export async function refundReturnOnMercadoPago(paymentId: string, amount: number, idempotencyKey: string): Promise<{ refundId: string }> {
  try {
    const made = await refundPaymentPart(mercadoPagoConfig(), paymentId, amount, idempotencyKey);
    if (made.status === 'rejected' || made.status === 'cancelled') throw new MercadoPagoError(`rechazó el reembolso (${made.status})`, 200);
    return { refundId: made.id };
  } catch (err) {
    if (err instanceof MercadoPagoError)
      throw badGateway(
        `Mercado Pago no hizo el reembolso de ${formatPrice(amount)} (${err.message}). El cambio sigue aprobado y no se registró ` +
          'ninguna devolución: probá de nuevo en unos minutos.',
      );
    throw err;
  }
}

/**
 * Adds a return's Mercado Pago refund to the order's stored payment (`returnsRefunded`), in the caller's transaction:
 * Mercado Pago's later notice that the whole payment is refunded (the returns gave everything back) then changes
 * nothing, and the full refund of the order is refused (its units came back with the returns).
 */
export async function recordReturnRefund(trx: Trx, orderDocumentId: string, amount: number): Promise<void> {
  const row: unknown = await table(trx, ORDERS_TABLE).select('id').where('document_id', orderDocumentId).first();
  if (typeof row !== 'object' || row === null || !('id' in row)) return;
  const id = Number(row.id);
  const stored = await storedPaymentOf(trx, id);
  await storePayment(trx, id, stored, { returnsRefunded: (Number(stored.returnsRefunded) || 0) + amount });
}

/**
 * Refunds a paid Mercado Pago order (or one cancelled whose payment was approved late) in full through Mercado Pago, then marks it refunded and returns its units
 * (once, as the webhook that follows finds the state already recorded). A refusal by Mercado Pago changes nothing.
 */
export async function refundOrder(documentId: string, by: Actor): Promise<OrderAnswer> {
  const order = await getOrder(documentId);
  const paymentId = order.payment?.paymentId;
  if (!paymentId || !refundableByMercadoPago(order)) throw badRequest(REFUND_ONLY_PAID_MP);
  const row: unknown = await table(strapi.db.connection, ORDERS_TABLE).select('id').where('document_id', documentId).first();
  const stored = typeof row === 'object' && row !== null && 'id' in row ? await storedPaymentOf(strapi.db.connection, Number(row.id)) : {};
  if ((Number(stored.returnsRefunded) || 0) > 0) throw badRequest(REFUND_AFTER_RETURNS);
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
