// Mercado Pago payments as the shop records them: the payment_events log, the order's stored payment, and applying a reported payment to its order.
import { formatPrice, type OrderStatus } from '@shop/shared';
import type { Knex } from 'knex';
import { insertDocumentOnce, table, writeTransaction, type Trx, isRecord } from '../../utils/db-write';
import { applyStatusChange, lockOrder, ORDERS_TABLE, type LockedOrder } from '../orders';
import { recordStatusChange, type Actor } from '../orders';
import { getOrder, ORDER_UID } from '../orders';
import { getPayment, type MercadoPagoPayment } from './mercadopago-client';
import { REVIVE_PENDING, reviveOrder } from './mercadopago-revival';
import { mercadoPagoConfig } from '../platform';

export const PAYMENT_EVENTS_TABLE = 'payment_events';
export const PROVIDER = 'mercadopago';

/** Who changes an order when Mercado Pago reports a payment (webhook or sweep). */
export const MERCADOPAGO_ACTOR: Actor = { kind: 'system', id: null, name: 'Mercado Pago' };

export interface StoredPayment {
  preferenceId?: string | null;
  checkoutUrl?: string | null;
  paymentId?: string | null;
  paymentStatus?: string | null;
  statusDetail?: string | null;
  installments?: number | null;
  /** What returns gave back on this payment (partial refunds, recorded by the returns domain). */
  returnsRefunded?: number | null;
}

/** Stores what the shop knows of the order's Mercado Pago payment (merged onto what it had). */
export async function storePayment(trx: Trx, orderId: number, previous: StoredPayment, patch: StoredPayment): Promise<void> {
  await table(trx, ORDERS_TABLE)
    .where('id', orderId)
    .update({ mercado_pago: JSON.stringify({ ...previous, ...patch }) });
}

/** The order's stored payment, read inside the caller's transaction. */
export async function storedPaymentOf(trx: Trx | Knex, orderId: number): Promise<StoredPayment> {
  const row: unknown = await table(trx, ORDERS_TABLE).select('mercado_pago').where('id', orderId).first();
  return isRecord(row) ? parseStored(row.mercado_pago) : {};
}

/**
 * Inserts one row of `payment_events` unless its (provider, payment id, status) is there already: the unique index
 * decides, also between processes. true when this call inserted it.
 */
export function insertOnce(
  trx: Trx,
  key: { provider: string; paymentId: string; status: string },
  extra: { orderDocumentId?: string | null; outcome?: string } = {},
): Promise<boolean> {
  const now = new Date();
  const row = {
    provider: key.provider,
    payment_id: key.paymentId,
    payment_status: key.status,
    order_document_id: extra.orderDocumentId ?? null,
    outcome: extra.outcome ?? null,
    at: now,
  };
  return insertDocumentOnce(trx, PAYMENT_EVENTS_TABLE, row, ['provider', 'payment_id', 'payment_status'], now);
}

/** Records one state of one payment; false when it was already recorded (a repeated or concurrent delivery). */
function recordPaymentState(trx: Trx, payment: MercadoPagoPayment, orderDocumentId: string | null, outcome: string): Promise<boolean> {
  return insertOnce(trx, { provider: PROVIDER, paymentId: payment.id, status: payment.status }, { orderDocumentId, outcome });
}

const money = (amount: number, currency: string) => (currency === 'ARS' ? formatPrice(amount) : `${amount} ${currency}`);

/** What a payment's status does to its order (null: nothing but a note). */
function targetStatus(payment: MercadoPagoPayment, order: LockedOrder, stored: StoredPayment): OrderStatus | null {
  switch (payment.status) {
    case 'approved':
      // A payment approved after the hold expired revives the order (its units are taken again, or staff are told).
      return order.status === 'pending_payment' || (order.status === 'cancelled' && !order.paidAt) ? 'paid' : null;
    case 'refunded':
      // Refunded by returns (their partial refunds added up to the payment): their units already came back.
      if ((Number(stored.returnsRefunded) || 0) > 0) return null;
      return order.status === 'refunded' ? null : 'refunded';
    case 'charged_back':
      return order.status === 'refunded' ? null : 'refunded';
    default:
      return null;
  }
}

/** The history note of an approved payment. */
export function approvedNote(paymentId: string, installments = ''): string {
  return `Mercado Pago aprobó el pago ${paymentId}${installments}`;
}

function noteFor(payment: MercadoPagoPayment): string {
  const id = `el pago ${payment.id}`;
  const installments = payment.installments && payment.installments > 1 ? ` en ${payment.installments} cuotas` : '';
  const detail = payment.status_detail ? ` (${payment.status_detail})` : '';
  switch (payment.status) {
    case 'approved':
      return approvedNote(payment.id, installments);
    case 'rejected':
      return `Mercado Pago rechazó ${id}${detail}; la orden sigue esperando el pago hasta que venza la reserva`;
    case 'cancelled':
      return `Mercado Pago canceló ${id}${detail}; la orden sigue esperando el pago hasta que venza la reserva`;
    case 'refunded':
      return `Mercado Pago devolvió ${id}; el stock volvió`;
    case 'charged_back':
      return `Contracargo de ${id} en Mercado Pago; el stock volvió`;
    default:
      return `Mercado Pago informó ${id}: ${payment.status}${detail}`;
  }
}

export type PaymentOutcome = 'applied' | 'noted' | 'duplicate' | 'mismatch' | 'unknown_order' | 'not_mercadopago';

export interface AppliedPayment {
  outcome: PaymentOutcome;
  /** The order when its status changed, and the status it had (the shopper is told after the commit). */
  changed?: { documentId: string; from: string };
  /** An order cancelled meanwhile whose payment was approved: it is made paid again after the record commits. */
  revive?: { documentId: string; reason: string };
}

async function orderForReference(reference: string | null | undefined): Promise<{ documentId: string; paymentMethod: string } | null> {
  if (!reference || reference.length > 40) return null;
  const row: unknown = await strapi.db
    .query(ORDER_UID)
    .findOne({ where: { orderNumber: reference }, select: ['documentId', 'paymentMethod'] });
  if (!isRecord(row) || typeof row.documentId !== 'string') return null;
  return { documentId: row.documentId, paymentMethod: String(row.paymentMethod) };
}

/**
 * Applies a payment as Mercado Pago reports it (read from its API, never from a webhook's body) to the order whose
 * number is its external_reference, once per payment and status: the state is recorded under a unique index in the
 * same transaction that changes the order, so a repeated, late or concurrent delivery (another process) changes
 * nothing. A payment whose amount or currency is not the order's marks nothing paid and leaves a note for staff.
 */
export async function applyPayment(payment: MercadoPagoPayment, by: Actor = MERCADOPAGO_ACTOR, note?: string): Promise<AppliedPayment> {
  const target = await orderForReference(payment.external_reference);
  if (!target) {
    // Money may have been taken for an order the shop does not have: recorded once and logged as an error.
    const first = await writeTransaction((trx) => recordPaymentState(trx, payment, null, 'unknown_order'));
    const log = payment.status === 'approved' && first ? strapi.log.error : strapi.log.warn;
    log(
      `[payments] Mercado Pago payment ${payment.id} (${payment.status}) names no order of this shop (${payment.external_reference ?? 'sin referencia'})`,
    );
    return { outcome: 'unknown_order' };
  }
  if (target.paymentMethod !== PROVIDER) {
    strapi.log.warn(`[payments] Mercado Pago payment ${payment.id} names order ${payment.external_reference}, not a Mercado Pago order`);
    return { outcome: 'not_mercadopago' };
  }
  const result = await writeTransaction(async (trx): Promise<AppliedPayment> => {
    const order = await lockOrder(trx, target.documentId);
    const row: unknown = await table(trx, ORDERS_TABLE).select('total', 'mercado_pago').where('id', order.id).first();
    const total = isRecord(row) ? Number(row.total) : NaN;
    const stored = isRecord(row) ? parseStored(row.mercado_pago) : {};
    const matches = payment.currency_id === 'ARS' && Math.abs(payment.transaction_amount - total) < 0.005;
    if (!(await recordPaymentState(trx, payment, target.documentId, matches ? 'recorded' : 'mismatch'))) return { outcome: 'duplicate' };
    const at = new Date();
    if (!matches) {
      const reported = money(payment.transaction_amount, payment.currency_id);
      await recordStatusChange({
        orderDocumentId: target.documentId,
        from: order.status,
        to: order.status,
        by,
        note:
          `ATENCIÓN: Mercado Pago informó el pago ${payment.id} (${payment.status}) por ${reported}, que no coincide con el total ` +
          `de la orden (${formatPrice(total)}). No se cambió la orden: revisalo en Mercado Pago.`,
        at,
      });
      return { outcome: 'mismatch' };
    }
    const paymentPatch: StoredPayment = {
      paymentId: payment.id,
      paymentStatus: payment.status,
      statusDetail: payment.status_detail ?? null,
      installments: payment.installments ?? null,
    };
    // A later state of an older attempt never overwrites what the order shows of the payment that paid it.
    const keepShown = stored.paymentStatus === 'approved' && stored.paymentId !== payment.id;
    const to = targetStatus(payment, order, stored);
    const byReturns = payment.status === 'refunded' && (Number(stored.returnsRefunded) || 0) > 0;
    const reason = byReturns
      ? `Mercado Pago informó el pago ${payment.id} como devuelto: lo devolvieron los cambios y devoluciones; la orden no cambia`
      : (note ?? noteFor(payment));
    if (keepShown) {
      // Another payment than the one that paid the order never changes it (nor what the order shows of its payment).
      // An approved one means the shopper paid twice (two tabs, or the link again before the first notice came).
      const twice =
        payment.status === 'approved'
          ? `ATENCIÓN: Mercado Pago aprobó un segundo pago (${payment.id}) de esta orden, ya pagada con el pago ` +
            `${stored.paymentId ?? ''}. Devolvé uno de los dos desde Mercado Pago.`
          : `${reason} (otro intento de pago; la orden sigue con el pago ${stored.paymentId ?? ''})`;
      await recordStatusChange({ orderDocumentId: target.documentId, from: order.status, to: order.status, by, note: twice, at });
      return { outcome: 'noted' };
    }
    if (to === null) {
      await storePayment(trx, order.id, stored, paymentPatch);
      await recordStatusChange({ orderDocumentId: target.documentId, from: order.status, to: order.status, by, note: reason, at });
      return { outcome: 'noted' };
    }
    if (to === 'paid' && order.stockReturned) {
      // Approved after the hold expired: the units must be taken again, which may fail (sold meanwhile). That is
      // done in its own transaction below, so that a refusal leaves this record and the order as they are.
      // Recorded as pending in this transaction: should the process die before the revival, the sweep finishes it.
      await storePayment(trx, order.id, stored, paymentPatch);
      await table(trx, PAYMENT_EVENTS_TABLE)
        .where({ provider: PROVIDER, payment_id: payment.id, payment_status: payment.status })
        .update({ outcome: REVIVE_PENDING });
      return { outcome: 'applied', revive: { documentId: target.documentId, reason } };
    }
    await applyStatusChange(trx, target.documentId, order, { status: to, reason }, by, { mercadoPago: { ...stored, ...paymentPatch } });
    return { outcome: 'applied', changed: { documentId: target.documentId, from: order.status } };
  });
  if (result.revive) return reviveOrder(payment, result.revive.documentId, result.revive.reason, by);
  if (result.changed) {
    const order = await getOrder(result.changed.documentId);
    await strapi.service('api::email-outbox.email-outbox').statusChanged(order, result.changed.from, null, null);
  }
  return result;
}

function parseStored(value: unknown): StoredPayment {
  if (isRecord(value)) return value as StoredPayment;
  if (typeof value !== 'string') return {};
  try {
    const parsed: unknown = JSON.parse(value);
    return isRecord(parsed) ? (parsed as StoredPayment) : {};
  } catch {
    return {};
  }
}

/** A webhook's payment id: fetched from Mercado Pago and applied (the body of the call is never trusted). */
export async function applyNotifiedPayment(paymentId: string): Promise<AppliedPayment> {
  return applyPayment(await getPayment(mercadoPagoConfig(), paymentId));
}
