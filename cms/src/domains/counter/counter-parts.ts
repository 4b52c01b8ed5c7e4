// Card and QR parts of counter sales (docs/api.md "Counter: payments"): recorded pending with the sale, sent to
// Mercado Pago (the register's Point terminal or a dynamic QR of its POS) once the sale committed, and settled as
// Mercado Pago reports them (webhook, polling, sweep), once; the sale becomes paid when every part is.
import {
  COUNTER_MESSAGES,
  COUNTER_PAYMENT_MESSAGES,
  refusalReason,
  type CounterPayment,
  type CounterPaymentInput,
  type CounterPaymentStatus,
} from '@shop/shared';
import type { Knex } from 'knex';
import { affectedRows, table, writeTransaction, type Trx } from '../../utils/db-write';
import { badRequest, notFound } from '../../utils/http';
import { applyStatusChange, lockOrder, ORDERS_TABLE, type Actor, type LockedOrder } from '../orders';
import { createInPersonOrder, inPersonReady, MercadoPagoError, type InPersonOrder } from '../payments';
import {
  MOVEMENTS_TABLE,
  PARTS_TABLE,
  REGISTERS_TABLE,
  saleMovementRow,
  SESSIONS_TABLE,
  stamps,
  textOf,
  type Clerk,
  type Row,
} from './counter-store';

/** Who settles a part Mercado Pago reported, in the order's history. */
export const MERCADOPAGO_COUNTER_ACTOR: Actor = { kind: 'system', id: null, name: 'Mercado Pago' };

const isPart = (method: string): method is 'card' | 'qr' => method === 'card' || method === 'qr';

function toPart(row: Row, orderPaid: boolean): CounterPayment {
  const reason = textOf(row.reason);
  const qrData = textOf(row.qr_data);
  return {
    id: Number(row.id),
    method: String(row.method) === 'qr' ? 'qr' : 'card',
    amount: Number(row.amount),
    status: String(row.status) as CounterPaymentStatus,
    ...(reason ? { reason } : {}),
    orderNumber: String(row.order_number),
    orderPaid,
    ...(qrData ? { qrData } : {}),
  };
}

async function orderPaidOf(knex: Knex | Trx, documentId: string): Promise<boolean> {
  const row = (await table(knex, ORDERS_TABLE).where('document_id', documentId).first('paid_at')) as Row | undefined;
  return Boolean(row && row.paid_at !== null && row.paid_at !== undefined);
}

/** The part's row (404 in Spanish when unknown). */
export async function partRow(knex: Knex | Trx, id: number): Promise<Row> {
  const row = (await table(knex, PARTS_TABLE).where({ id }).first()) as Row | undefined;
  if (!row) throw notFound(COUNTER_PAYMENT_MESSAGES.unknown);
  return row;
}

export async function readPart(id: number): Promise<CounterPayment> {
  const knex = strapi.db.connection;
  const row = await partRow(knex, id);
  return toPart(row, await orderPaidOf(knex, String(row.order_document_id)));
}

/** Every card and QR part of a sale, oldest first. */
export async function partsOfOrder(documentId: string): Promise<CounterPayment[]> {
  const knex = strapi.db.connection;
  const rows = (await table(knex, PARTS_TABLE).where({ order_document_id: documentId }).orderBy('id', 'asc')) as Row[];
  const paid = await orderPaidOf(knex, documentId);
  return rows.map((row) => toPart(row, paid));
}

export interface PartsContext {
  register: Row;
  sessionId: number;
  order: { documentId: string; orderNumber: string };
  by: Clerk;
}

/**
 * Inside the sale's transaction: the card and QR parts as pending rows, each needing the register's Point terminal
 * (card) or QR POS (qr) and Mercado Pago's settings (a 400 in Spanish rolls the sale back).
 */
export async function insertPendingParts(trx: Trx, context: PartsContext, parts: readonly CounterPaymentInput[]): Promise<void> {
  const rows = parts.map((part) => {
    const device = part.method === 'card' ? textOf(context.register.point_terminal_id) : textOf(context.register.qr_pos_id);
    if (!device) throw badRequest(part.method === 'card' ? COUNTER_MESSAGES.noTerminal : COUNTER_MESSAGES.noQrPos);
    return {
      order_document_id: context.order.documentId,
      order_number: context.order.orderNumber,
      register_id: Number(context.register.id),
      session_id: context.sessionId,
      method: part.method,
      amount: part.amount,
      status: 'pending',
      device,
      staff_id: context.by.id,
      staff_name: context.by.name.slice(0, 200),
      ...stamps(new Date()),
    };
  });
  if (rows.length === 0) return;
  if (!inPersonReady()) throw badRequest(COUNTER_MESSAGES.noMercadoPago);
  await table(trx, PARTS_TABLE).insert(rows);
}

/** A pending part leaves pending (once: a conditional update); true when this call settled it. */
async function settle(knex: Knex | Trx, id: number, status: CounterPaymentStatus, detail: string | null, reason: string | null) {
  const now = new Date();
  const update = { status, status_detail: detail?.slice(0, 80) ?? null, reason, settled_at: now, updated_at: now };
  return affectedRows(await table(knex, PARTS_TABLE).where({ id, status: 'pending' }).update(update)) === 1;
}

/**
 * Sends one pending part to Mercado Pago (its idempotency key is the part's own, so a retry names the same order)
 * and keeps the order's id and QR; when Mercado Pago cannot be reached the part is refused with the reason, and the
 * assistant charges it another way.
 */
export async function startPart(row: Row): Promise<void> {
  const knex = strapi.db.connection;
  try {
    const order = await createInPersonOrder({
      method: String(row.method) === 'qr' ? 'qr' : 'card',
      amount: Number(row.amount),
      device: String(row.device),
      externalReference: `${String(row.order_number)}-${Number(row.id)}`,
      description: `Venta ${String(row.order_number)}`,
      idempotencyKey: `counter-payment-${String(row.document_id)}`,
    });
    const now = new Date();
    await table(knex, PARTS_TABLE)
      .where({ id: row.id, status: 'pending' })
      .whereNull('mp_order_id')
      .update({
        mp_order_id: order.id,
        qr_data: order.type_response?.qr_data ?? null,
        status_detail: order.status_detail ?? null,
        checked_at: now,
        updated_at: now,
      });
  } catch (err) {
    if (!(err instanceof MercadoPagoError)) throw err;
    strapi.log.warn(`[counter] could not send part ${String(row.id)} of ${String(row.order_number)} to Mercado Pago: ${err.message}`);
    await settle(knex, Number(row.id), 'refused', null, COUNTER_PAYMENT_MESSAGES.mercadoPagoDown);
  }
}

/** After the sale committed: its parts not yet at Mercado Pago are sent; the sale's parts as answered. */
export async function startParts(order: { documentId: string }): Promise<CounterPayment[]> {
  const rows = (await table(strapi.db.connection, PARTS_TABLE)
    .where({ order_document_id: order.documentId, status: 'pending' })
    .whereNull('mp_order_id')
    .orderBy('id', 'asc')) as Row[];
  for (const row of rows) await startPart(row);
  return partsOfOrder(order.documentId);
}

async function sumOf(query: Knex.QueryBuilder): Promise<number> {
  const row = (await query.sum({ total: 'amount' }).first()) as { total?: unknown } | undefined;
  return Number(row?.total ?? 0) || 0;
}

/** What a sale has been paid (its movements), what waits at Mercado Pago, and its total. */
export async function sale(trx: Trx, order: LockedOrder) {
  const total = Number(((await table(trx, ORDERS_TABLE).where('id', order.id).first('total')) as Row).total);
  const paid = await sumOf(table(trx, MOVEMENTS_TABLE).where({ order_document_id: order.documentId, kind: 'sale' }));
  const pending = await sumOf(table(trx, PARTS_TABLE).where({ order_document_id: order.documentId, status: 'pending' }));
  return { total, paid, pending, outstanding: total - paid - pending };
}

export const orderClosed = (order: LockedOrder) => order.status === 'cancelled' || order.status === 'refunded';

/** Once nothing waits and the parts cover the total: the sale is paid (order.paid: its invoice) and handed over. */
export async function payWhenCovered(trx: Trx, order: LockedOrder, by: Actor): Promise<boolean> {
  if (order.paidAt || orderClosed(order)) return false;
  const figures = await sale(trx, order);
  if (figures.pending > 0 || figures.paid < figures.total) return false;
  const at = new Date();
  const step = { step: 'delivered', at: at.toISOString(), by: { id: by.id, name: by.name } };
  await applyStatusChange(trx, order.documentId, order, { status: 'paid', reason: 'Cobrada en caja; entregada en el local' }, by, {
    fulfillment: 'delivered',
    fulfillmentSteps: [step],
  });
  return true;
}

/** The session an approved part goes to: the sale's, else the register's open one (a late approval). */
async function sessionFor(trx: Trx, row: Row): Promise<number> {
  const own = (await table(trx, SESSIONS_TABLE).where({ id: row.session_id }).first('closed_at')) as Row | undefined;
  if (own && (own.closed_at === null || own.closed_at === undefined)) return Number(row.session_id);
  const register = (await table(trx, REGISTERS_TABLE).where({ id: row.register_id }).first('open_session_id')) as Row | undefined;
  return register?.open_session_id ? Number(register.open_session_id) : Number(row.session_id);
}

/** What Mercado Pago's order says of the part (null: still waiting, or an amount that is not the part's). */
function outcomeOf(mp: InPersonOrder, row: Row): { status: CounterPaymentStatus; detail: string | null; reason: string | null } | null {
  const payment = mp.transactions?.payments?.[0];
  const detail = payment?.status_detail ?? mp.status_detail ?? null;
  switch (mp.status) {
    case 'processed': {
      const amount = payment?.amount ?? NaN;
      if ((mp.currency ?? 'ARS') !== 'ARS' || Math.abs(amount - Number(row.amount)) >= 0.005) {
        strapi.log.error(`[counter] Mercado Pago order ${mp.id} was paid with ${amount}, not the part's ${String(row.amount)}: check it`);
        return null;
      }
      return { status: 'approved', detail, reason: null };
    }
    case 'failed':
      return { status: 'refused', detail, reason: refusalReason(detail) };
    case 'canceled':
      return { status: 'cancelled', detail, reason: COUNTER_PAYMENT_MESSAGES.cancelledAtTerminal };
    case 'expired':
      return { status: 'cancelled', detail, reason: COUNTER_PAYMENT_MESSAGES.expired };
    default:
      return null;
  }
}

/**
 * Applies Mercado Pago's in-person order (read from its API, never from a webhook's body) to its part, once: the
 * sale is locked, the part leaves `pending` with a conditional update, an approval goes into the session as a sale
 * movement and may make the sale paid. true when this call changed the part.
 */
export async function applyInPersonOrder(mp: InPersonOrder): Promise<boolean> {
  const row = (await table(strapi.db.connection, PARTS_TABLE).where({ mp_order_id: mp.id }).first()) as Row | undefined;
  if (!row) return false;
  const outcome = outcomeOf(mp, row);
  if (!outcome) return false;
  return writeTransaction(async (trx) => {
    const order = await lockOrder(trx, String(row.order_document_id));
    if (!(await settle(trx, Number(row.id), outcome.status, outcome.detail, outcome.reason))) {
      const now = (await partRow(trx, Number(row.id))).status;
      if (outcome.status === 'approved' && now !== 'approved')
        strapi.log.error(
          `[counter] Mercado Pago approved order ${mp.id} of ${order.orderNumber}, whose part was ${String(now)}: refund it`,
        );
      return false;
    }
    if (outcome.status !== 'approved') return true;
    const part = { method: String(row.method), amount: Number(row.amount) };
    const by = { id: Number(row.staff_id ?? 0), name: String(row.staff_name ?? 'Mercado Pago') };
    await table(trx, MOVEMENTS_TABLE).insert(saleMovementRow(await sessionFor(trx, row), part, order, by, new Date()));
    await payWhenCovered(trx, order, MERCADOPAGO_COUNTER_ACTOR);
    return true;
  });
}

export { isPart, settle };
