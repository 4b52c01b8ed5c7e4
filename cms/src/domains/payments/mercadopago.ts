import { formatPrice, refundableByMercadoPago, type OrderStatus } from '@shop/shared';
import { affectedRows, newDocumentId, table, writeTransaction, type Trx } from '../../utils/db-write';
import { ApiError, badRequest } from '../../utils/http';
import { shopBaseUrl, trackingUrl } from '../../utils/public-url';
import { applyStatusChange, lockOrder, ORDERS_TABLE, type LockedOrder } from '../orders/order-admin';
import { recordStatusChange, type Actor } from '../orders/order-history';
import { holdSweepNow } from '../orders/order-holds';
import { ORDER_UID, getOrder } from '../orders/order-read';
import { isRecord, type OrderAnswer } from '../orders/order-view';
import {
  createPreference,
  getPayment,
  mercadoPagoConfig,
  mercadoPagoReady,
  MercadoPagoError,
  refundPayment,
  searchPayments,
  type MercadoPagoConfig,
  type MercadoPagoPayment,
  type PreferenceItem,
} from './mercadopago-client';

export const PAYMENT_EVENTS_TABLE = 'payment_events';
const PROVIDER = 'mercadopago';

/** Who changes an order when Mercado Pago reports a payment (webhook or sweep). */
export const MERCADOPAGO_ACTOR: Actor = { kind: 'system', id: null, name: 'Mercado Pago' };

export const MERCADOPAGO_DOWN_MESSAGE =
  'No pudimos conectar con Mercado Pago para iniciar el pago. Tu pedido no se registró y no se reservó stock: ' +
  'probá de nuevo en unos minutos o elegí transferencia o efectivo.';

/** The answer when Mercado Pago fails: 502, the shop works, the payment service does not. */
export const badGateway = (message: string) => new ApiError(502, message);

interface StoredPayment {
  preferenceId?: string | null;
  checkoutUrl?: string | null;
  paymentId?: string | null;
  paymentStatus?: string | null;
  statusDetail?: string | null;
  installments?: number | null;
}

/**
 * The preference's items: the order's own lines at the prices the server charged, and the shipping as a line. When
 * discounts make the lines add up to more than what is charged for them, one line with the order's figure stands for
 * them all (Mercado Pago takes no negative prices), so the amount paid is always the order's total.
 */
export function preferenceItemsOf(order: OrderAnswer): PreferenceItem[] {
  // Discounts are in the goods' share (a free-shipping coupon too): when they leave nothing to charge for the goods,
  // the whole order is one line, so that the items always add up to the total.
  const goods = order.total - order.shippingCost;
  if (goods <= 0)
    return [{ id: order.orderNumber, title: `Pedido ${order.orderNumber}`, quantity: 1, unit_price: order.total, currency_id: 'ARS' }];
  const lines: PreferenceItem[] = order.items.map((item, index) => ({
    id: item.productId ?? `linea-${index + 1}`,
    title: [item.title, item.size ? `talle ${item.size}` : '', item.color ?? ''].filter(Boolean).join(' · ').slice(0, 250),
    quantity: item.quantity,
    unit_price: item.price,
    currency_id: 'ARS',
    ...(item.image && /^https?:\/\//.test(item.image) ? { picture_url: item.image } : {}),
  }));
  const sum = lines.reduce((total, line) => total + line.quantity * line.unit_price, 0);
  const units = order.items.reduce((total, item) => total + item.quantity, 0);
  const goodsLines: PreferenceItem[] =
    sum === goods
      ? lines
      : [
          {
            id: order.orderNumber,
            title: `Pedido ${order.orderNumber} (${units} productos)`,
            quantity: 1,
            unit_price: goods,
            currency_id: 'ARS',
          },
        ];
  // Shipping is one more line (not `shipments`), so that the payment's transaction_amount is the order's total.
  if (order.shippingCost <= 0) return goodsLines;
  const place = order.zone?.name ? ` (${order.zone.name})` : '';
  return [
    ...goodsLines,
    { id: 'envio', title: `Envío a domicilio${place}`, quantity: 1, unit_price: order.shippingCost, currency_id: 'ARS' },
  ];
}

/** Stores what the shop knows of the order's Mercado Pago payment (merged onto what it had). */
async function storePayment(trx: Trx, orderId: number, previous: StoredPayment, patch: StoredPayment): Promise<void> {
  await table(trx, ORDERS_TABLE)
    .where('id', orderId)
    .update({ mercado_pago: JSON.stringify({ ...previous, ...patch }) });
}

/** The order's stored payment, read inside the caller's transaction. */
async function storedPaymentOf(trx: Trx, orderId: number): Promise<StoredPayment> {
  const row: unknown = await table(trx, ORDERS_TABLE).select('mercado_pago').where('id', orderId).first();
  return isRecord(row) ? parseStored(row.mercado_pago) : {};
}

/**
 * The X-Idempotency-Key of an order's preference: the checkout's Idempotency-Key joined to the order number (never
 * the key alone: after a failed attempt the key is free again for a new order with a new number, and Mercado Pago
 * must not answer that order with a preference made for the discarded one), else the order's documentId.
 */
export function preferenceKey(order: OrderAnswer, idempotencyKey: string | null): string {
  return idempotencyKey ? `${idempotencyKey}-${order.orderNumber}` : `order-${order._id}`;
}

/**
 * Where the shopper pays a new Mercado Pago order: a Checkout Pro preference with the server's figures, the order
 * number as external_reference, this shop's webhook and the tracking page as the way back. The same order (and
 * Idempotency-Key) always gets the same preference: Mercado Pago answers a repeated X-Idempotency-Key with the first one.
 */
export async function checkoutUrlFor(
  order: OrderAnswer,
  idempotencyKey: string | null,
  origin: string | null,
  options: { maxInstallments: number },
): Promise<string> {
  if (order.payment?.checkoutUrl) return order.payment.checkoutUrl;
  const config = mercadoPagoConfig();
  const base = shopBaseUrl(origin);
  const back = trackingUrl(origin, order.orderNumber);
  const preference = await createPreference(
    config,
    {
      items: preferenceItemsOf(order),
      payer: { name: order.shippingInfo.fullName, email: order.shippingInfo.email },
      external_reference: order.orderNumber,
      notification_url: `${base}/api/payments/mercadopago/webhook`,
      back_urls: { success: back, pending: back, failure: back },
      auto_return: 'approved',
      // Cash tickets (Rapipago, Pago Fácil) and ATM payments take days: longer than an order is held.
      payment_methods: { installments: options.maxInstallments, excluded_payment_types: [{ id: 'ticket' }, { id: 'atm' }] },
      expires: order.reservedUntil !== null,
      ...(order.reservedUntil ? { expiration_date_to: order.reservedUntil } : {}),
      statement_descriptor: 'JAZMIN LENCERIA',
    },
    preferenceKey(order, idempotencyKey),
  );
  // Under the order's lock, merged onto what a notice may have stored meanwhile.
  await writeTransaction(async (trx) => {
    const locked = await lockOrder(trx, order._id);
    await storePayment(trx, locked.id, await storedPaymentOf(trx, locked.id), {
      preferenceId: preference.id,
      checkoutUrl: preference.init_point,
    });
  });
  return preference.init_point;
}

/**
 * Inserts one row of `payment_events` unless its (provider, payment id, status) is there already: the unique index
 * decides, also between processes. true when this call inserted it.
 */
async function insertOnce(
  trx: Trx,
  key: { provider: string; paymentId: string; status: string },
  extra: { orderDocumentId?: string | null; outcome?: string } = {},
): Promise<boolean> {
  const now = new Date();
  const inserted: unknown = await table(trx, PAYMENT_EVENTS_TABLE)
    .insert({
      document_id: newDocumentId(),
      provider: key.provider,
      payment_id: key.paymentId,
      payment_status: key.status,
      order_document_id: extra.orderDocumentId ?? null,
      outcome: extra.outcome ?? null,
      at: now,
      created_at: now,
      updated_at: now,
      published_at: now,
    })
    .onConflict(['provider', 'payment_id', 'payment_status'])
    .ignore()
    .returning('id');
  return Array.isArray(inserted) && inserted.length === 1;
}

/** Records one state of one payment; false when it was already recorded (a repeated or concurrent delivery). */
function recordPaymentState(trx: Trx, payment: MercadoPagoPayment, orderDocumentId: string | null, outcome: string): Promise<boolean> {
  return insertOnce(trx, { provider: PROVIDER, paymentId: payment.id, status: payment.status }, { orderDocumentId, outcome });
}

const money = (amount: number, currency: string) => (currency === 'ARS' ? formatPrice(amount) : `${amount} ${currency}`);

/** What a payment's status does to its order (null: nothing but a note). */
function targetStatus(payment: MercadoPagoPayment, order: LockedOrder): OrderStatus | null {
  switch (payment.status) {
    case 'approved':
      // A payment approved after the hold expired revives the order (its units are taken again, or staff are told).
      return order.status === 'pending_payment' || (order.status === 'cancelled' && !order.paidAt) ? 'paid' : null;
    case 'refunded':
    case 'charged_back':
      return order.status === 'refunded' ? null : 'refunded';
    default:
      return null;
  }
}

function noteFor(payment: MercadoPagoPayment): string {
  const id = `el pago ${payment.id}`;
  const installments = payment.installments && payment.installments > 1 ? ` en ${payment.installments} cuotas` : '';
  const detail = payment.status_detail ? ` (${payment.status_detail})` : '';
  switch (payment.status) {
    case 'approved':
      return `Mercado Pago aprobó ${id}${installments}`;
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

/** Makes a cancelled order paid again when Mercado Pago approved it late; without its units, staff are told to refund. */
async function reviveOrder(payment: MercadoPagoPayment, documentId: string, reason: string, by: Actor): Promise<AppliedPayment> {
  try {
    // Only while it is still the cancelled order this approved payment belongs to (a refund may have come meanwhile).
    const revived = await writeTransaction(async (trx) => {
      const order = await lockOrder(trx, documentId);
      const stored = await storedPaymentOf(trx, order.id);
      if (order.status !== 'cancelled' || stored.paymentId !== payment.id || stored.paymentStatus !== 'approved') return false;
      await applyStatusChange(trx, documentId, order, { status: 'paid', reason }, by);
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
    });
    return { outcome: 'noted' };
  }
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
    const to = targetStatus(payment, order);
    const reason = note ?? noteFor(payment);
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
      await storePayment(trx, order.id, stored, paymentPatch);
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

/** When the sweep for lost webhooks runs: MERCADOPAGO_SWEEP_CRON (cron syntax), else every five minutes. */
export function paymentSweepSchedule(value: string | undefined = process.env.MERCADOPAGO_SWEEP_CRON): string {
  const rule = (value ?? '').trim();
  return rule.split(/\s+/).length >= 5 ? rule : '0 */5 * * * *';
}

/** One sweep per this many seconds across all processes (MERCADOPAGO_SWEEP_SLOT_SECONDS, default 60). */
function sweepSlotMs(env: NodeJS.ProcessEnv = process.env): number {
  const seconds = Number(env.MERCADOPAGO_SWEEP_SLOT_SECONDS);
  return Number.isInteger(seconds) && seconds > 0 ? seconds * 1000 : 60_000;
}

/** Orders waiting for a Mercado Pago payment longer than this are looked up by the sweep (lost webhooks). */
export const SWEEP_MIN_AGE_MS = 15 * 60 * 1000;
const SWEEP_BATCH = 200;

/**
 * Claims one run of the sweep for its time slot: a row under the same unique index as the payment states, so that
 * with several app processes exactly one runs it. Old claims are removed as new ones are made.
 */
async function claimSweep(slot: number): Promise<boolean> {
  return writeTransaction(async (trx) => {
    const now = new Date();
    if (!(await insertOnce(trx, { provider: 'sweep', paymentId: String(slot), status: 'sweep' }))) return false;
    await table(trx, PAYMENT_EVENTS_TABLE)
      .where('provider', 'sweep')
      .andWhere('at', '<', new Date(now.getTime() - 24 * 60 * 60 * 1000))
      .delete();
    return true;
  });
}

/**
 * The sweep for lost webhooks: every order still waiting for its Mercado Pago payment after SWEEP_MIN_AGE_MS is
 * looked up at Mercado Pago by its number, and what is found is applied exactly as a webhook would. `slotMs` is the
 * schedule's period: one process per slot runs it.
 */
export async function sweepPendingPayments(
  now: Date = holdSweepNow(),
  slotMs = sweepSlotMs(),
  config: MercadoPagoConfig = mercadoPagoConfig(),
): Promise<number> {
  if (!mercadoPagoReady(config)) return 0;
  if (!(await claimSweep(Math.floor(now.getTime() / slotMs)))) return 0;
  const rows: unknown[] = await strapi.db.query(ORDER_UID).findMany({
    where: { paymentMethod: PROVIDER, orderStatus: 'pending_payment', createdAt: { $lte: new Date(now.getTime() - SWEEP_MIN_AGE_MS) } },
    select: ['orderNumber'],
    orderBy: { id: 'asc' },
    limit: SWEEP_BATCH,
  });
  let applied = 0;
  for (const row of rows) {
    if (!isRecord(row) || typeof row.orderNumber !== 'string') continue;
    try {
      const payments = await searchPayments(config, row.orderNumber);
      // Oldest first, so that a refund found with its payment lands after it.
      for (const payment of [...payments].reverse()) {
        if ((await applyPayment(payment)).outcome === 'applied') applied += 1;
      }
    } catch (err) {
      strapi.log.warn(
        `[payments] could not look up order ${row.orderNumber} at Mercado Pago: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  }
  if (applied > 0) strapi.log.info(`[payments] the sweep applied ${applied} Mercado Pago payment(s) whose webhook never arrived`);
  return applied;
}

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

/**
 * Removes a Mercado Pago order whose payment could not start: its units go back and its Idempotency-Key is freed.
 * An order that meanwhile got its link (a retry with the same key, answered while this attempt waited for Mercado
 * Pago) is kept, and its link is answered instead (the shopper may be paying it).
 */
export async function discardOrder(documentId: string): Promise<string | null> {
  return writeTransaction(async (trx) => {
    const order = await lockOrder(trx, documentId);
    const stored = await storedPaymentOf(trx, order.id);
    if (stored.checkoutUrl) return stored.checkoutUrl;
    await strapi.service('api::order.order').remove(documentId);
    affectedRows(await table(trx, 'order_idempotency_keys').where('order_document_id', documentId).delete());
    return null;
  });
}

/**
 * Before the hold sweep cancels an unpaid Mercado Pago order: what Mercado Pago has for it is applied first (a
 * payment whose notice was lost makes it paid, and the sweep then finds nothing to cancel). false when Mercado Pago
 * could not be asked: the order is kept until the next run rather than cancelled while it may be paid.
 */
export async function settleBeforeRelease(orderNumber: string): Promise<boolean> {
  const config = mercadoPagoConfig();
  if (!mercadoPagoReady(config)) return true;
  try {
    for (const payment of [...(await searchPayments(config, orderNumber))].reverse()) await applyPayment(payment);
    return true;
  } catch (err) {
    strapi.log.warn(
      `[payments] could not ask Mercado Pago about ${orderNumber} before releasing it: ${err instanceof Error ? err.message : String(err)}`,
    );
    return false;
  }
}
