import { RETURN_MESSAGES, type ReturnStatusUpdate } from '@shop/shared';
import { getOrder, type Actor } from '../orders';
import { refundReturnOnMercadoPago, returnRefundPaymentOf } from '../payments';
import { table } from '../../utils/db-write';
import { badRequest } from '../../utils/http';
import { RETURNS_TABLE, findReturnRow, intentOf, statusOf, type RefundIntent, type Row } from './return-store';

/** Another staff member moved the request first: the caller reads it again. */
export class RequestMoved extends Error {}

/** How "Recibido" gives the money back, decided (and, through Mercado Pago, done) before the step is written. */
export type RefundPlan =
  | { method: 'coupon' | 'transfer' }
  | { method: 'cash'; registerId: number }
  | { method: 'mercadopago'; paymentId: string; refundId: string }
  | null;

/** The Mercado Pago refund key of a request: one per request and payment, so Mercado Pago refunds it once. */
export const refundKeyOf = (returnNumber: string, paymentId: string) => `devolucion-${returnNumber}-${paymentId}`;

/**
 * Before "Recibido" moves an approved request: the way the money goes back (asked, else Mercado Pago when the order
 * was paid there, else store credit). Through Mercado Pago the intent (payment, amount, key) is written on the row
 * first, then the refund is asked with the key: whoever calls again (a double click, another staff member at the
 * same time, a retry after Mercado Pago was down or the process died after the refund) sends the same key and gets
 * Mercado Pago's first answer, never a second refund. Mercado Pago refusing or down: a Spanish 502, the request stays
 * approved and nothing is recorded as refunded; once an intent exists, only Mercado Pago may finish it.
 */
export async function refundBeforeReceiving(
  row: Row,
  { refundMethod: asked, registerId }: Pick<ReturnStatusUpdate, 'refundMethod' | 'registerId'>,
  by: Actor,
): Promise<RefundPlan> {
  const amount = Number(row.refund_due) || 0;
  if (amount <= 0) return null;
  const intent = intentOf(row);
  const paymentId = intent?.paymentId ?? returnRefundPaymentOf(await getOrder(String(row.order_document_id)));
  const method = asked ?? (paymentId ? 'mercadopago' : 'coupon');
  if (intent && method !== 'mercadopago') throw badRequest(RETURN_MESSAGES.refundStarted);
  if (method === 'cash') return { method, registerId: registerId ?? 0 };
  if (method !== 'mercadopago') return { method };
  if (!paymentId) throw badRequest(RETURN_MESSAGES.refundNotMercadoPago);
  let key = intent?.key ?? refundKeyOf(String(row.return_number), paymentId);
  if (!intent) {
    const written: RefundIntent = { method: 'mercadopago', paymentId, amount, key, at: new Date().toISOString(), by: by.name };
    const changed: unknown = await table(strapi.db.connection, RETURNS_TABLE)
      .where('id', Number(row.id))
      .andWhere('return_status', 'approved')
      .whereNull('refund_intent')
      .update({ refund_intent: JSON.stringify(written) });
    if (changed !== 1) {
      // Someone else got there first: received it already (another way, or this one), or wrote the intent a moment ago.
      const fresh = await findReturnRow(strapi.db.connection, String(row.document_id));
      const theirs = fresh ? intentOf(fresh) : null;
      if (!fresh || statusOf(fresh) !== 'approved' || !theirs) throw new RequestMoved();
      key = theirs.key;
    }
  }
  const { refundId } = await refundReturnOnMercadoPago(paymentId, amount, key);
  return { method: 'mercadopago', paymentId, refundId };
}
