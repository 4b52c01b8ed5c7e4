import {
  CARRIER_IDS,
  CARRIER_LABELS,
  WITHDRAWAL_MESSAGES,
  WITHDRAWAL_OPEN,
  WITHDRAWAL_STATUSES,
  withdrawalLastDay,
  withdrawalDaysLeft,
  type CarrierId,
  type StaffWithdrawal,
  type WithdrawalAnswer,
  type WithdrawalReturnShipment,
  type WithdrawalStatus,
} from '@shop/shared';
import type { Knex } from 'knex';
import { ORDERS_TABLE } from '../orders';
import { jsonColumn, table, type Trx } from '../../utils/db-write';

/** The withdrawals table (src/api/withdrawal): every request, never deleted. */
export const WITHDRAWALS_TABLE = 'withdrawals';

/** A code is unique in the database itself; the order's requests are read by the order. */
export const WITHDRAWAL_INDEXES = [
  { name: 'idx_shop_withdrawals_code', table: WITHDRAWALS_TABLE, columns: ['code'], unique: true },
  { name: 'idx_shop_withdrawals_order', table: WITHDRAWALS_TABLE, columns: ['order_document_id'] },
] as const;

export type Row = Record<string, unknown>;
const isRecord = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value);

export const iso = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(typeof value === 'number' ? value : String(value));
  return Number.isFinite(date.getTime()) ? date.toISOString() : '';
};
const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

export const statusOf = (row: Row): WithdrawalStatus =>
  (WITHDRAWAL_STATUSES as readonly string[]).includes(String(row.withdrawal_status))
    ? (row.withdrawal_status as WithdrawalStatus)
    : 'received';

/** A line as stored: what goes back to stock on reception (the order line's variant) and what it was paid. */
export interface StoredLine {
  lineIndex: number;
  title: string;
  quantity: number;
  price: number;
  productId: string | null;
  size: string | null;
  color: string | null;
  variantId: string | null;
  sku: string | null;
}

export interface StoredStep {
  status: WithdrawalStatus;
  at: string;
  by: string;
}

export interface StoredRefund {
  method: string;
  amount: number;
  at: string;
  reference: string | null;
}

const arrayOf = (value: unknown): Row[] => {
  const parsed = jsonColumn(value);
  return Array.isArray(parsed) ? parsed.filter(isRecord) : [];
};
export const linesOf = (row: Row): StoredLine[] => arrayOf(row.lines) as unknown as StoredLine[];
export const stepsOf = (row: Row): StoredStep[] => arrayOf(row.steps) as unknown as StoredStep[];
export function refundOf(row: Row): StoredRefund | null {
  const value = jsonColumn(row.refund);
  return isRecord(value) ? (value as unknown as StoredRefund) : null;
}

/** The return shipment as stored: what the carrier answered (its label and tracking need both numbers). */
export interface StoredReturnShipment {
  carrier: CarrierId;
  trackingNumber: string;
  carrierRef: string;
  createdAt: string;
}

export function returnShipmentOf(row: Row): StoredReturnShipment | null {
  const value = jsonColumn(row.return_shipment);
  if (!isRecord(value) || !(CARRIER_IDS as readonly unknown[]).includes(value.carrier)) return null;
  if (typeof value.trackingNumber !== 'string' || value.trackingNumber === '') return null;
  return value as unknown as StoredReturnShipment;
}

const returnShipmentAnswer = (row: Row): WithdrawalReturnShipment | null => {
  const stored = returnShipmentOf(row);
  return stored
    ? {
        carrier: stored.carrier,
        carrierName: CARRIER_LABELS[stored.carrier],
        trackingNumber: stored.trackingNumber,
        createdAt: stored.createdAt,
      }
    : null;
};

const windowEndOf = (row: Row): string | null => iso(row.window_ends_at) || null;

/** The sentence her page shows: the code, and the window's closing date when she came out of time. */
export function messageOf(row: Row): string {
  const code = String(row.code);
  const end = windowEndOf(row);
  return Boolean(row.within_window) || !end
    ? WITHDRAWAL_MESSAGES.inTime(code)
    : WITHDRAWAL_MESSAGES.outOfTime(code, withdrawalLastDay(end));
}

const baseOf = (row: Row): Omit<WithdrawalAnswer, 'message'> => ({
  code: String(row.code),
  status: statusOf(row),
  orderNumber: String(row.order_number),
  withinWindow: Boolean(row.within_window),
  windowEndsAt: windowEndOf(row),
  requestedAt: iso(row.requested_at),
  reason: str(row.reason),
  returnShipment: returnShipmentAnswer(row),
});

/** The shopper's answer (at once, and when she reads it back with her code). */
export const answerOf = (row: Row): WithdrawalAnswer => ({ ...baseOf(row), message: messageOf(row) });

/** The back office's row. */
export function staffWithdrawalOf(row: Row, now: Date = new Date()): StaffWithdrawal {
  const answer = baseOf(row);
  const open = WITHDRAWAL_OPEN.includes(answer.status);
  return {
    ...answer,
    id: String(row.document_id),
    orderId: String(row.order_document_id),
    channel: String(row.channel ?? 'web'),
    contact: String(row.contact ?? ''),
    comment: str(row.comment),
    lines: linesOf(row).map(({ lineIndex, title, quantity }) => ({ lineIndex, title, quantity })),
    refundDue: Number(row.refund_due) || 0,
    refund: refundOf(row),
    // The days left to act: the law's window while it is open; nothing once the request is settled.
    daysLeft: open ? withdrawalDaysLeft(answer.windowEndsAt, now) : null,
    steps: stepsOf(row),
    byCarrier: row.order_delivery_type === 'carrier',
  };
}

/**
 * The rows with their order's delivery (`order_delivery_type`): a national order's goods come back by a return
 * shipment the shop makes, the others by its courier or the meeting point. One query for all the rows.
 */
export async function withOrderDelivery(knex: Trx | Knex, rows: Row[]): Promise<Row[]> {
  const ids = [...new Set(rows.map((row) => String(row.order_document_id)))];
  if (ids.length === 0) return rows;
  const orders: unknown[] = await table(knex, ORDERS_TABLE).whereIn('document_id', ids).select('document_id', 'delivery_type');
  const delivery = new Map(orders.filter(isRecord).map((o) => [String(o.document_id), String(o.delivery_type)]));
  return rows.map((row) => ({ ...row, order_delivery_type: delivery.get(String(row.order_document_id)) ?? null }));
}

/** One request as the back office reads it (with its order's delivery). */
export async function findStaffWithdrawal(documentId: string): Promise<StaffWithdrawal | undefined> {
  const row = await findWithdrawal(strapi.db.connection, documentId);
  if (!row) return undefined;
  const [annotated] = await withOrderDelivery(strapi.db.connection, [row]);
  return staffWithdrawalOf(annotated ?? row);
}

export async function findWithdrawal(knex: Trx | Knex, documentId: string): Promise<Row | undefined> {
  if (!/^[a-z0-9]{1,40}$/.test(documentId)) return undefined;
  const row: unknown = await table(knex, WITHDRAWALS_TABLE).where('document_id', documentId).first();
  return isRecord(row) ? row : undefined;
}

export async function findWithdrawalByCode(code: string): Promise<Row | undefined> {
  const row: unknown = await table(strapi.db.connection, WITHDRAWALS_TABLE).where('code', code).first();
  return isRecord(row) ? row : undefined;
}

/** The request still open for this order (the newest), if any: a second press answers it instead of a new one. */
export async function openWithdrawalOf(knex: Trx | Knex, orderDocumentId: string): Promise<Row | undefined> {
  const row: unknown = await table(knex, WITHDRAWALS_TABLE)
    .where('order_document_id', orderDocumentId)
    .whereIn('withdrawal_status', [...WITHDRAWAL_OPEN])
    .orderBy('id', 'desc')
    .first();
  return isRecord(row) ? row : undefined;
}

export interface WithdrawalFilters {
  status?: WithdrawalStatus;
  /** in: within the window; out: out of time. */
  window?: 'in' | 'out';
}

/** Newest first (at most 500: the requests are few; the rest stay in the database, never deleted). */
export async function listWithdrawals(filters: WithdrawalFilters): Promise<{ rows: Row[]; open: number }> {
  const query = table(strapi.db.connection, WITHDRAWALS_TABLE).orderBy('id', 'desc').limit(500);
  if (filters.status) query.where('withdrawal_status', filters.status);
  if (filters.window) query.where('within_window', filters.window === 'in');
  const rows: unknown[] = await query;
  const counted: unknown = await table(strapi.db.connection, WITHDRAWALS_TABLE)
    .whereIn('withdrawal_status', [...WITHDRAWAL_OPEN])
    .count({ n: '*' })
    .first();
  return {
    rows: await withOrderDelivery(strapi.db.connection, rows.filter(isRecord)),
    open: isRecord(counted) ? Number(counted.n) || 0 : 0,
  };
}

/** Tracking's view of an order's requests, newest first. */
export async function trackedWithdrawalsOf(orderNumber: string) {
  const rows: unknown[] = await table(strapi.db.connection, WITHDRAWALS_TABLE).where('order_number', orderNumber).orderBy('id', 'desc');
  return rows.filter(isRecord).map((row) => ({
    code: String(row.code),
    status: statusOf(row),
    requestedAt: iso(row.requested_at),
    withinWindow: Boolean(row.within_window),
  }));
}
