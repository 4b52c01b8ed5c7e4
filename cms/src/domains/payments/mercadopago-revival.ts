// Late approvals of orders cancelled meanwhile: reviving the order, and finishing revivals a dead process left pending.
import { table, writeTransaction, type Trx, isRecord } from '../../utils/db-write';
import { ApiError } from '../../utils/http';
import { applyStatusChange, getOrder, lockOrder, recordStatusChange, type Actor } from '../orders';
import type { MercadoPagoPayment } from './mercadopago-client';
import {
  approvedNote,
  MERCADOPAGO_ACTOR,
  PAYMENT_EVENTS_TABLE,
  PROVIDER,
  storedPaymentOf,
  type AppliedPayment,
} from './mercadopago-payments';

/**
 * The outcome of an approved payment recorded for an order cancelled meanwhile, until the order is revived (or the
 * revival refused): a process that dies between the two transactions leaves it, and the payment sweep finishes it.
 */
export const REVIVE_PENDING = 'revive_pending';

/** Marks what became of a pending revival, in the transaction that did it (so that it is finished exactly once). */
async function settleRevival(trx: Trx, paymentId: string, outcome: 'revived' | 'revive_refused' | 'revive_skipped'): Promise<void> {
  await table(trx, PAYMENT_EVENTS_TABLE)
    .where({ provider: PROVIDER, payment_id: paymentId, payment_status: 'approved', outcome: REVIVE_PENDING })
    .update({ outcome, updated_at: new Date() });
}

/** Makes a cancelled order paid again when Mercado Pago approved it late; without its units, staff are told to refund. */
export async function reviveOrder(
  payment: Pick<MercadoPagoPayment, 'id'>,
  documentId: string,
  reason: string,
  by: Actor,
): Promise<AppliedPayment> {
  try {
    // Only while it is still the cancelled order this approved payment belongs to (a refund may have come meanwhile).
    const revived = await writeTransaction(async (trx) => {
      const order = await lockOrder(trx, documentId);
      const stored = await storedPaymentOf(trx, order.id);
      if (order.status !== 'cancelled' || stored.paymentId !== payment.id || stored.paymentStatus !== 'approved') {
        await settleRevival(trx, payment.id, 'revive_skipped');
        return false;
      }
      await applyStatusChange(trx, documentId, order, { status: 'paid', reason }, by);
      await settleRevival(trx, payment.id, 'revived');
      return true;
    });
    if (!revived) return { outcome: 'noted' };
    await strapi.service('api::email-outbox.email-outbox').statusChanged(await getOrder(documentId), 'cancelled', null, null);
    return { outcome: 'applied', changed: { documentId, from: 'cancelled' } };
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    await writeTransaction(async (trx) => {
      const order = await lockOrder(trx, documentId);
      await recordStatusChange({
        orderDocumentId: documentId,
        from: order.status,
        to: order.status,
        by,
        note:
          `ATENCIÓN: Mercado Pago aprobó el pago ${payment.id} de una orden ya cancelada, y ` +
          `${err.message.replace(/^No se puede reactivar la orden: /, '')}. Reembolsalo desde el detalle de la orden.`,
        at: new Date(),
      });
      await settleRevival(trx, payment.id, 'revive_refused');
    });
    return { outcome: 'noted' };
  }
}

/**
 * Finishes the revivals a process recorded but did not get to apply (it died between recording the approved payment
 * and making the order paid): each is tried again exactly as after the webhook, under the order's lock, so the order
 * ends paid once and its units are taken once. Run by the payment sweep; the number of orders made paid.
 */
export async function finishPendingRevivals(limit = 100): Promise<number> {
  const rows: unknown[] = await table(strapi.db.connection, PAYMENT_EVENTS_TABLE)
    .select('payment_id', 'order_document_id')
    .where({ provider: PROVIDER, payment_status: 'approved', outcome: REVIVE_PENDING })
    .whereNotNull('order_document_id')
    .orderBy('id', 'asc')
    .limit(limit);
  let revived = 0;
  for (const row of rows) {
    if (!isRecord(row) || typeof row.order_document_id !== 'string') continue;
    const paymentId = String(row.payment_id);
    try {
      const result = await reviveOrder({ id: paymentId }, row.order_document_id, approvedNote(paymentId), MERCADOPAGO_ACTOR);
      if (result.outcome === 'applied') revived += 1;
    } catch (err) {
      strapi.log.warn(
        `[payments] could not finish reviving order ${row.order_document_id} (payment ${paymentId}): ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  }
  if (revived > 0) strapi.log.info(`[payments] the sweep made paid ${revived} order(s) whose late approval was recorded but not applied`);
  return revived;
}
