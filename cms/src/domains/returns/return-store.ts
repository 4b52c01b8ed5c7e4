import {
  RETURN_STATUSES,
  allocateWhole,
  type ReturnLine,
  type ReturnRequest,
  type ReturnStatus,
  type StaffReturnRequest,
} from '@shop/shared';
import { getOrder } from '../orders';
import { returnRefundPaymentOf } from '../payments';
import { jsonColumn, table, type Trx } from '../../utils/db-write';
import type { Knex } from 'knex';

/** The return_requests table (src/api/return-request) and its rows as answers. */
export const RETURNS_TABLE = 'return_requests';

export type Row = Record<string, unknown>;
const isRecord = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value);

const iso = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(typeof value === 'number' ? value : String(value));
  return Number.isFinite(date.getTime()) ? date.toISOString() : '';
};
const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

export const statusOf = (row: Row): ReturnStatus =>
  (RETURN_STATUSES as readonly string[]).includes(String(row.return_status)) ? (row.return_status as ReturnStatus) : 'requested';

export function linesOf(row: Row): ReturnLine[] {
  const value = jsonColumn(row.lines);
  return Array.isArray(value) ? (value.filter(isRecord) as unknown as ReturnLine[]) : [];
}

function arrayOf(value: unknown): Row[] {
  const parsed = jsonColumn(value);
  return Array.isArray(parsed) ? parsed.filter(isRecord) : [];
}

/** A refund asked of Mercado Pago for a request, written on its row before the call (its `refund_intent`). */
export interface RefundIntent {
  method: 'mercadopago';
  paymentId: string;
  amount: number;
  /** The X-Idempotency-Key of the refund: derived from the request and the payment, the same on every retry. */
  key: string;
  at: string;
  by: string;
}

export function intentOf(row: Row): RefundIntent | null {
  const value = jsonColumn(row.refund_intent);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const intent = value as Partial<RefundIntent>;
  return typeof intent.paymentId === 'string' && typeof intent.key === 'string' ? (intent as RefundIntent) : null;
}

/** What staff are offered for an approved request with money to give back (see staffReturnRequestSchema). */
export async function mercadoPagoRefundOf(row: Row): Promise<StaffReturnRequest['mercadoPagoRefund']> {
  if (statusOf(row) !== 'approved' || (Number(row.refund_due) || 0) <= 0) return null;
  if (intentOf(row)) return 'started';
  const order = await getOrder(String(row.order_document_id)).catch(() => null);
  return order && returnRefundPaymentOf(order) ? 'available' : null;
}

export function toReturnAnswer(row: Row): ReturnRequest {
  const refund = jsonColumn(row.refund);
  return {
    _id: String(row.document_id ?? ''),
    number: String(row.return_number ?? ''),
    status: statusOf(row),
    orderId: String(row.order_document_id ?? ''),
    orderNumber: String(row.order_number ?? ''),
    lines: linesOf(row),
    photoUrl: str(row.photo_url),
    refundDue: Number(row.refund_due) || 0,
    chargeDue: Number(row.charge_due) || 0,
    refund: isRecord(refund) ? (refund as ReturnRequest['refund']) : null,
    exchangeOrderNumber: str(row.exchange_order_number),
    exchangeOrderId: str(row.exchange_order_document_id),
    steps: arrayOf(row.steps).map((step) => ({
      status: (RETURN_STATUSES as readonly string[]).includes(String(step.status)) ? (step.status as ReturnStatus) : 'requested',
      at: String(step.at ?? ''),
      by: str(step.by),
      message: str(step.message),
    })),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export async function findReturnRow(knex: Knex, documentId: string): Promise<Row | null> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(documentId)) return null;
  const row: unknown = await table(knex, RETURNS_TABLE).where('document_id', documentId).first();
  return isRecord(row) ? row : null;
}

export async function returnsOfOrder(knex: Knex, orderDocumentId: string): Promise<Row[]> {
  const rows: unknown[] = await table(knex, RETURNS_TABLE).where('order_document_id', orderDocumentId).orderBy('id', 'asc');
  return rows.filter(isRecord);
}

/** The shopper's name, e-mail and phone of an order (staff see them with a request, for the WhatsApp link). */
export async function customersOf(orderDocumentIds: readonly string[]): Promise<Map<string, StaffReturnRequest['customer']>> {
  const found = new Map<string, StaffReturnRequest['customer']>();
  if (orderDocumentIds.length === 0) return found;
  const orders: unknown = await strapi.documents('api::order.order').findMany({
    filters: { documentId: { $in: [...new Set(orderDocumentIds)] } },
    populate: ['shippingInfo'],
    limit: orderDocumentIds.length,
  });
  for (const order of Array.isArray(orders) ? orders.filter(isRecord) : []) {
    const info = isRecord(order.shippingInfo) ? order.shippingInfo : {};
    found.set(String(order.documentId), {
      name: String(info.fullName ?? ''),
      email: String(info.email ?? ''),
      phone: String(info.phone ?? ''),
    });
  }
  return found;
}

export async function staffAnswers(rows: Row[]): Promise<StaffReturnRequest[]> {
  const customers = await customersOf(rows.map((row) => String(row.order_document_id ?? '')));
  const answers: StaffReturnRequest[] = [];
  for (const row of rows) {
    answers.push({
      ...toReturnAnswer(row),
      customer: customers.get(String(row.order_document_id ?? '')) ?? { name: '', email: '', phone: '' },
      mercadoPagoRefund: await mercadoPagoRefundOf(row),
    });
  }
  return answers;
}

export async function listReturns(status: string | undefined): Promise<StaffReturnRequest[]> {
  const query = table(strapi.db.connection, RETURNS_TABLE).orderBy('id', 'desc').limit(200);
  if (status) query.where('return_status', status);
  const rows: unknown[] = await query;
  return staffAnswers(rows.filter(isRecord));
}

/** Moves a request from one status to the next only if it is still there: the caller that changes it is the only one. */
export async function moveStatus(
  trx: Trx,
  id: number,
  from: ReturnStatus,
  to: ReturnStatus,
  steps: unknown[],
  withoutRefundIntent = false,
): Promise<boolean> {
  const changed: unknown = await table(trx, RETURNS_TABLE)
    .where('id', id)
    .andWhere('return_status', from)
    .modify((q) => {
      if (withoutRefundIntent) void q.whereNull('refund_intent');
    })
    .update({ return_status: to, steps: JSON.stringify(steps), updated_at: new Date() });
  return typeof changed === 'number' && changed > 0;
}

/** The money given back by returns received or closed (their refundDue), for net sales. */
export async function refundedByReturns(): Promise<number> {
  const row: unknown = await table(strapi.db.connection, RETURNS_TABLE)
    .whereIn('return_status', ['received', 'closed'])
    .sum({ total: 'refund_due' })
    .first();
  return isRecord(row) ? Number(row.total ?? 0) || 0 : 0;
}

/** The money given back by returns (received or closed) per order, for these orders (the orders' CSV). */
export async function refundedByOrder(orderDocumentIds: readonly string[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  if (orderDocumentIds.length === 0) return found;
  const rows: unknown[] = await table(strapi.db.connection, RETURNS_TABLE)
    .select('order_document_id')
    .sum({ total: 'refund_due' })
    .whereIn('return_status', ['received', 'closed'])
    .whereIn('order_document_id', [...new Set(orderDocumentIds)])
    .groupBy('order_document_id');
  for (const row of rows.filter(isRecord)) found.set(String(row.order_document_id), Number(row.total ?? 0) || 0);
  return found;
}

/**
 * The money given back by returns per day (net sales), from `start` to `end`, grouped by the caller's SQL day of the
 * `refunded_at` column (the day the money went back).
 */
export async function refundedByDay(
  start: Date,
  end: Date,
  dayOf: (column: string) => Knex.Raw,
): Promise<{ day: number; total: number }[]> {
  const rows: unknown[] = await table(strapi.db.connection, RETURNS_TABLE)
    .select(dayOf('refunded_at').wrap('(', ') as day'))
    .sum({ total: 'refund_due' })
    .whereIn('return_status', ['received', 'closed'])
    .andWhere('refunded_at', '>=', start)
    .andWhere('refunded_at', '<', end)
    .groupBy('day');
  return rows.filter(isRecord).map((row) => ({ day: Number(row.day), total: Number(row.total ?? 0) || 0 }));
}

/** Requests received before `refunded_at` existed: their money went back when they were last changed (once, at start). */
export async function backfillRefundDates(): Promise<void> {
  const rows: unknown[] = await table(strapi.db.connection, RETURNS_TABLE)
    .select('id', 'updated_at')
    .whereIn('return_status', ['received', 'closed'])
    .andWhere('refund_due', '>', 0)
    .whereNull('refunded_at');
  for (const row of rows.filter(isRecord)) {
    await table(strapi.db.connection, RETURNS_TABLE)
      .where('id', Number(row.id))
      .update({ refunded_at: row.updated_at ?? new Date() });
  }
}

/**
 * What the returns received (or closed) gave back per order line, for the sales report: each request's `refund_due`
 * split over its returned lines by their value (price × units) in whole pesos that add up to it, keyed
 * `<orderDocumentId>\u0000<lineIndex>`, of the orders placed within the period. Exchanges give nothing back.
 */
export async function refundsByOrderLine(ordersWithin: { start: Date; end: Date }): Promise<Map<string, number>> {
  const refunds = new Map<string, number>();
  // The requests of the orders placed within the period, read with their orders (one statement, not a list of ids;
  // `table()` gives the joined table its schema too).
  const rows: unknown[] = await table(strapi.db.connection, `${RETURNS_TABLE} as r`)
    .join('orders as o', 'o.document_id', 'r.order_document_id')
    .where('o.created_at', '>=', ordersWithin.start)
    .andWhere('o.created_at', '<', ordersWithin.end)
    .whereIn('r.return_status', ['received', 'closed'])
    .andWhere('r.refund_due', '>', 0)
    .select('r.order_document_id', 'r.lines', 'r.refund_due');
  for (const row of rows.filter(isRecord)) {
    const returned = linesOf(row).filter((line) => line.kind === 'return');
    const split = allocateWhole(
      Number(row.refund_due) || 0,
      returned.map((line) => (Number(line.price) || 0) * (Number(line.quantity) || 0)),
    );
    returned.forEach((line, index) => {
      const key = `${String(row.order_document_id)}\u0000${line.lineIndex}`;
      refunds.set(key, (refunds.get(key) ?? 0) + (split[index] ?? 0));
    });
  }
  return refunds;
}
