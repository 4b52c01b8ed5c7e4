import { RETURN_STATUSES, type ReturnLine, type ReturnRequest, type ReturnStatus, type StaffReturnRequest } from '@shop/shared';
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
  return rows.map((row) => ({
    ...toReturnAnswer(row),
    customer: customers.get(String(row.order_document_id ?? '')) ?? { name: '', email: '', phone: '' },
  }));
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
  extra: Row = {},
): Promise<boolean> {
  const changed: unknown = await table(trx, RETURNS_TABLE)
    .where('id', id)
    .andWhere('return_status', from)
    .update({ return_status: to, steps: JSON.stringify(steps), updated_at: new Date(), ...extra });
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
