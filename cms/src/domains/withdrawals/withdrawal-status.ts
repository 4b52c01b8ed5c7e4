import {
  CARRIER_LABELS,
  WITHDRAWAL_MESSAGES,
  withdrawalChangedMail,
  withdrawalStatusLabel,
  withdrawalStepCheck,
  type StaffWithdrawal,
  type WithdrawalStatusUpdate,
} from '@shop/shared';
import { getOrder, recordStatusChange, returnStock, type Actor, type StockLine } from '../orders';
import { queueCreditNoteForOrder } from '../invoicing';
import { enqueueMails, shopOf } from '../notifications';
import { refundReturnOnMercadoPago, returnRefundPaymentOf } from '../payments';
import { affectedRows, table, writeTransaction } from '../../utils/db-write';
import { emit } from '../../utils/events';
import { badRequest, conflict, notFound } from '../../utils/http';
import { shopBaseUrl } from '../../utils/public-url';
import {
  WITHDRAWALS_TABLE,
  findStaffWithdrawal,
  findWithdrawal,
  linesOf,
  refundOf,
  returnShipmentOf,
  statusOf,
  stepsOf,
  type Row,
  type StoredRefund,
} from './withdrawal-store';

/** The units that go back to their shelves when the goods reach the shop (the order lines' own variants). */
const stockLinesOf = (row: Row): StockLine[] =>
  linesOf(row)
    .filter((line) => line.productId)
    .map((line) => ({
      productId: line.productId!,
      quantity: line.quantity,
      title: line.title,
      size: line.size,
      color: line.color,
      variantId: line.variantId,
      sku: line.sku,
    }));

/**
 * The refund, decided before the step is written: through Mercado Pago (the order's payment, a partial refund under
 * the request's own idempotency key, so a retry never refunds twice; Mercado Pago refusing is a Spanish 502 and
 * nothing is recorded), or a transfer or cash staff made, recorded with its reference. Always everything due.
 */
async function refundFor(row: Row, update: WithdrawalStatusUpdate, by: Actor): Promise<StoredRefund> {
  const amount = Number(row.refund_due) || 0;
  const at = new Date().toISOString();
  const reference = update.reference?.trim() || null;
  if (update.refundMethod === 'cash')
    return { method: 'cash', amount, at, reference: reference ?? `Efectivo de la caja, entregado por ${by.name}` };
  if (update.refundMethod !== 'mercadopago') return { method: update.refundMethod!, amount, at, reference };
  const paymentId = returnRefundPaymentOf(await getOrder(String(row.order_document_id)));
  if (!paymentId) throw badRequest(WITHDRAWAL_MESSAGES.notMercadoPago);
  const { refundId } = await refundReturnOnMercadoPago(paymentId, amount, `arrepentimiento-${String(row.code)}-${paymentId}`);
  return { method: 'mercadopago', amount, at, reference: refundId };
}

/** Her e-mail's line about the return shipment, when the shop made one (the carrier and the number). */
function returnShipmentSentence(row: Row): string | null {
  const shipment = returnShipmentOf(row);
  return shipment ? WITHDRAWAL_MESSAGES.returnPickup(CARRIER_LABELS[shipment.carrier], shipment.trackingNumber) : null;
}

/**
 * PUT /withdrawals/{id}: the shop's next step, one at a time (received → pickup_arranged → received_in_store →
 * refunded, or rejected with a reason before the goods are back). The step is a conditional update of the status it
 * came from, so two staff members at once move it once: the units go back to stock once (on "Recibido en tienda"),
 * the refund is recorded once and its credit note queued once (on "Reintegrado"). Each step is written into the
 * order's history and e-mailed to the shopper through the outbox, in the same transaction.
 */
export async function changeWithdrawalStatus(
  documentId: string,
  update: WithdrawalStatusUpdate,
  by: Actor,
  origin: string | null,
): Promise<StaffWithdrawal> {
  const row = await findWithdrawal(strapi.db.connection, documentId);
  if (!row) throw notFound(WITHDRAWAL_MESSAGES.notFoundStaff);
  const from = statusOf(row);
  const check = withdrawalStepCheck(from, update.status);
  if (check === 'same') return (await findStaffWithdrawal(documentId))!;
  if (check !== 'ok') throw conflict(check);
  const reason = update.reason?.trim() || null;
  if (update.status === 'rejected' && !reason) throw badRequest(WITHDRAWAL_MESSAGES.rejectReason);
  if (update.status === 'refunded' && !update.refundMethod) throw badRequest(WITHDRAWAL_MESSAGES.refundMethod);
  const refund = update.status === 'refunded' ? (refundOf(row) ?? (await refundFor(row, update, by))) : null;
  const now = new Date();
  const code = String(row.code);
  const orderId = String(row.order_document_id);
  const orderNumber = String(row.order_number);
  const order = await getOrder(orderId);
  const content = await strapi.service('api::site-content.site-content').getContent();
  await writeTransaction(async (trx) => {
    const moved = affectedRows(
      await table(trx, WITHDRAWALS_TABLE)
        .where('id', Number(row.id))
        .andWhere('withdrawal_status', from)
        .update({
          withdrawal_status: update.status,
          steps: JSON.stringify([...stepsOf(row), { status: update.status, at: now.toISOString(), by: by.name }]),
          ...(reason ? { reason } : {}),
          ...(refund ? { refund: JSON.stringify(refund) } : {}),
          updated_at: now,
        }),
    );
    // Another staff member moved it first: nothing here happens twice.
    if (moved !== 1) throw conflict('Otra persona del equipo cambió este arrepentimiento recién: actualizá la página');
    if (update.status === 'received_in_store') {
      await returnStock(trx, stockLinesOf(row), {
        reason: 'return',
        reference: { kind: 'order', id: orderId, label: `${orderNumber} (arrepentimiento ${code})` },
        staff: by.id === null ? null : { id: by.id, email: by.email ?? null },
      });
    }
    if (refund) await queueCreditNoteForOrder(trx, orderId, orderNumber, `withdrawal-${code}`, refund.amount);
    // Cash goes back out of a register's open session: the counter writes the refund movement in its Caja, or refuses
    // (404 unknown register, 409 not open or short of cash) and nothing of this step is written.
    if (refund?.method === 'cash' && update.registerId !== undefined && refund.amount > 0) {
      await emit('return.cashRefund', {
        trx,
        registerId: update.registerId,
        amount: refund.amount,
        returnNumber: `Arrepentimiento ${code}`,
        orderNumber,
        by: { id: by.id, name: by.name },
      });
    }
    const detail = refund ? `: ${refund.amount} pesos por ${refund.method}` : reason ? `: ${reason}` : '';
    await recordStatusChange({
      orderDocumentId: orderId,
      from: order.status,
      to: order.status,
      by,
      note: `Arrepentimiento ${code} → ${withdrawalStatusLabel(update.status)}${detail}`,
      at: now,
    });
    if (order.shippingInfo.email) {
      const mail = withdrawalChangedMail({
        shop: shopOf(content),
        firstName: order.shippingInfo.fullName.split(' ')[0] ?? '',
        orderNumber,
        code,
        status: update.status,
        reason,
        statusUrl: `${shopBaseUrl(origin)}/arrepentimiento?codigo=${encodeURIComponent(code)}`,
        returnShipment: update.status === 'pickup_arranged' ? returnShipmentSentence(row) : null,
      });
      await enqueueMails(trx, [
        { to: order.shippingInfo.email, kind: 'withdrawal_changed', ...mail, orderDocumentId: orderId, orderNumber },
      ]);
    }
  });
  return (await findStaffWithdrawal(documentId))!;
}
