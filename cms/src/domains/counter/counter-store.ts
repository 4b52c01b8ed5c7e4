// The counter's tables (registers, cash sessions, cash movements) and a session as the API answers it.
import type { ByMethod, CashMovement, CashReopening, CashSession, CounterPaymentMethod, Register } from '@shop/shared';
import { COUNTER_MESSAGES, COUNTER_PAYMENT_METHODS, counterIdOf } from '@shop/shared';
import { isoDate, isRecord, jsonColumn, newDocumentId, table, type Trx } from '../../utils/db-write';
import { byChannelOf, channelsOf, type ChannelsOf } from './counter-channels';
import { badRequest, conflict, notFound } from '../../utils/http';
import type { Knex } from 'knex';

export const REGISTERS_TABLE = 'registers';
export const SESSIONS_TABLE = 'cash_sessions';
export const MOVEMENTS_TABLE = 'cash_movements';
export const PARTS_TABLE = 'counter_payments';

/**
 * The counter's indexes: a session's movements, a register's sessions, one register per name, a sale's card/QR parts,
 * the pending ones (the sweep), one part per Mercado Pago order.
 */
export const COUNTER_INDEXES = [
  { name: 'idx_shop_cash_movements_session', table: MOVEMENTS_TABLE, columns: ['session_id', 'id'] },
  { name: 'idx_shop_cash_sessions_register', table: SESSIONS_TABLE, columns: ['register_id', 'id'] },
  { name: 'idx_shop_registers_name', table: REGISTERS_TABLE, columns: ['name'], unique: true },
  { name: 'idx_shop_counter_payments_order', table: PARTS_TABLE, columns: ['order_document_id', 'id'] },
  { name: 'idx_shop_counter_payments_status', table: PARTS_TABLE, columns: ['status', 'id'] },
  { name: 'idx_shop_counter_payments_mp_order', table: PARTS_TABLE, columns: ['mp_order_id'], unique: true },
] as const;

/** Who did it: a staff member's id and name as shown. */
export interface Clerk {
  id: number;
  name: string;
}

export type Row = Record<string, unknown>;

/** The row locked until the transaction ends (PostgreSQL; SQLite's transaction holds the write lock already). */
export function locked(query: Knex.QueryBuilder): Knex.QueryBuilder {
  return strapi.db.dialect.client === 'postgres' ? query.forUpdate() : query;
}

/** The columns Strapi keeps on every row. */
export const stamps = (now: Date) => ({ document_id: newDocumentId(), created_at: now, updated_at: now, published_at: now });

/** The id an insert's `returning('id')` answered (an object on PostgreSQL, a number on SQLite). */
export function insertedId(inserted: unknown[]): number {
  const first = inserted[0] as { id: number } | number;
  return typeof first === 'object' ? Number(first.id) : Number(first);
}

/** A sale's payment part as a session's movement row. */
export function saleMovementRow(
  sessionId: number,
  part: { method: string; amount: number; tendered?: number },
  order: { documentId: string; orderNumber: string },
  by: Clerk,
  now: Date,
): Row {
  return {
    session_id: sessionId,
    kind: 'sale',
    method: part.method,
    amount: part.amount,
    tendered: part.tendered ?? null,
    change: part.tendered === undefined ? null : part.tendered - part.amount,
    order_document_id: order.documentId,
    order_number: order.orderNumber,
    staff_id: by.id,
    staff_name: by.name.slice(0, 200),
    ...stamps(now),
  };
}

/** The register and its open session, the session locked until the transaction ends: 404 unknown, 409 not open. */
export async function openSessionOf(trx: Trx, registerId: number): Promise<{ register: Row; sessionId: number }> {
  const register = (await table(trx, REGISTERS_TABLE).where({ id: registerId }).first()) as Row | undefined;
  if (!register) throw notFound(COUNTER_MESSAGES.registerUnknown);
  if (register.open_session_id === null || register.open_session_id === undefined) throw conflict(COUNTER_MESSAGES.notOpen);
  const sessionId = Number(register.open_session_id);
  const session = (await locked(table(trx, SESSIONS_TABLE).where({ id: sessionId })).first()) as Row | undefined;
  if (!session || (session.closed_at !== null && session.closed_at !== undefined)) throw conflict(COUNTER_MESSAGES.notOpen);
  return { register, sessionId };
}

const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));
export const textOf = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const staffOf = (id: unknown, name: unknown) =>
  textOf(name) ? { id: id === null || id === undefined ? null : Number(id), name: String(name) } : null;
const zero = (): ByMethod => ({ cash: 0, card: 0, qr: 0, transfer: 0 });

function byMethodOf(value: unknown): ByMethod | null {
  const parsed = jsonColumn(value);
  if (!isRecord(parsed)) return null;
  return { cash: num(parsed.cash), card: num(parsed.card), qr: num(parsed.qr), transfer: num(parsed.transfer) };
}

export function toMovement(row: Row): CashMovement {
  const kind = String(row.kind) as CashMovement['type'];
  const method = (COUNTER_PAYMENT_METHODS as readonly string[]).includes(String(row.method))
    ? (String(row.method) as CounterPaymentMethod)
    : 'cash';
  return {
    id: Number(row.id),
    type: kind,
    method,
    amount: num(row.amount),
    tendered: row.tendered === null || row.tendered === undefined ? null : Number(row.tendered),
    change: row.change === null || row.change === undefined ? null : Number(row.change),
    reason: textOf(row.reason),
    orderNumber: textOf(row.order_number),
    at: isoDate(row.created_at) ?? new Date(0).toISOString(),
    by: staffOf(row.staff_id, row.staff_name),
  };
}

/** The figures of a session from its opening cash and its movements (sales by method, hand movements, expected). */
export function figuresOf(openingCash: number, movements: readonly CashMovement[]) {
  const sales = zero();
  const orders = new Set<string>();
  let refunds = 0;
  let incomes = 0;
  let expenses = 0;
  let withdrawals = 0;
  let firstOrderNumber: string | null = null;
  let lastOrderNumber: string | null = null;
  for (const m of movements) {
    if (m.type === 'sale') {
      sales[m.method] += m.amount;
      if (m.orderNumber) {
        orders.add(m.orderNumber);
        firstOrderNumber ??= m.orderNumber;
        lastOrderNumber = m.orderNumber;
      }
    } else if (m.type === 'refund') refunds += m.amount;
    else if (m.type === 'income') incomes += m.amount;
    else if (m.type === 'expense') expenses += m.amount;
    else withdrawals += m.amount;
  }
  const expected: ByMethod = {
    cash: openingCash + sales.cash - refunds + incomes - expenses - withdrawals,
    card: sales.card,
    qr: sales.qr,
    transfer: sales.transfer,
  };
  return { sales, salesCount: orders.size, firstOrderNumber, lastOrderNumber, refunds, incomes, expenses, withdrawals, expected };
}

/** counted − expected per method, and their sum. */
export function differenceOf(counted: ByMethod, expected: ByMethod): ByMethod & { total: number } {
  const d = {
    cash: counted.cash - expected.cash,
    card: counted.card - expected.card,
    qr: counted.qr - expected.qr,
    transfer: counted.transfer - expected.transfer,
  };
  return { ...d, total: d.cash + d.card + d.qr + d.transfer };
}

function differenceColumn(value: unknown): (ByMethod & { total: number }) | null {
  const d = jsonColumn(value);
  const m = byMethodOf(d);
  return m && isRecord(d) ? { ...m, total: num(d.total) } : null;
}

/** The session's reopenings as stored (a JSON array), oldest first; anything unreadable is left out. */
export function reopeningsOf(value: unknown): CashReopening[] {
  const list = jsonColumn(value);
  if (!Array.isArray(list)) return [];
  return list.filter(isRecord).map((r) => {
    const by = isRecord(r.by) ? r.by : {};
    const undone = isRecord(r.undone) ? r.undone : {};
    const closedBy = isRecord(undone.closedBy) ? undone.closedBy : {};
    return {
      at: isoDate(r.at) ?? new Date(0).toISOString(),
      by: staffOf(by.id, by.name),
      reason: String(r.reason ?? ''),
      undone: {
        closedAt: isoDate(undone.closedAt),
        closedBy: staffOf(closedBy.id, closedBy.name),
        expected: byMethodOf(undone.expected),
        counted: byMethodOf(undone.counted),
        difference: differenceColumn(undone.difference),
      },
    };
  });
}

/** A session row and its movements as the API answers them (a closed session's figures as fixed at closing). */
export function toSession(row: Row, movementRows: readonly Row[], channels: ChannelsOf): CashSession {
  const movements = movementRows.map(toMovement);
  const openingCash = num(row.opening_cash);
  const figures = figuresOf(openingCash, movements);
  const closedAt = isoDate(row.closed_at);
  const denominations = jsonColumn(row.denominations);
  return {
    id: Number(row.id),
    registerId: Number(row.register_id),
    registerName: String(row.register_name ?? ''),
    status: closedAt ? 'closed' : 'open',
    openingCash,
    denominations: isRecord(denominations) ? Object.fromEntries(Object.entries(denominations).map(([k, v]) => [k, num(v)])) : null,
    openedAt: isoDate(row.opened_at) ?? new Date(0).toISOString(),
    openedBy: staffOf(row.opened_by_id, row.opened_by_name),
    ...figures,
    expected: (closedAt ? byMethodOf(row.expected) : null) ?? figures.expected,
    counted: closedAt ? byMethodOf(row.counted) : null,
    difference: closedAt ? differenceColumn(row.difference) : null,
    closedAt,
    closedBy: staffOf(row.closed_by_id, row.closed_by_name),
    byChannel: byChannelOf(movementRows, channels),
    reopenings: reopeningsOf(row.reopenings),
    movements,
  };
}

/** A session's movements, oldest first. */
export function movementRowsOf(knex: Knex, sessionId: number): Promise<Row[]> {
  return table(knex, MOVEMENTS_TABLE).where({ session_id: sessionId }).orderBy('id', 'asc');
}

/** The session by id (404 in Spanish when unknown). */
export async function readSession(knex: Knex | Trx, sessionId: number): Promise<CashSession> {
  const row = (await table(knex, SESSIONS_TABLE).where({ id: sessionId }).first()) as Row | undefined;
  if (!row) throw notFound(COUNTER_MESSAGES.sessionUnknown);
  const movementRows = await movementRowsOf(knex, sessionId);
  return toSession(row, movementRows, await channelsOf(knex, movementRows));
}

/** Every register, with its open session when it has one. */
export async function listRegisters(): Promise<Register[]> {
  const knex = strapi.db.connection;
  const registers = (await table(knex, REGISTERS_TABLE).orderBy('id', 'asc')) as Row[];
  const openIds = registers.map((r) => r.open_session_id).filter((id) => id !== null && id !== undefined);
  const sessions = openIds.length > 0 ? ((await table(knex, SESSIONS_TABLE).whereIn('id', openIds as number[])) as Row[]) : [];
  const byId = new Map(sessions.map((s) => [Number(s.id), s]));
  return registers.map((r) => {
    const open = r.open_session_id === null || r.open_session_id === undefined ? undefined : byId.get(Number(r.open_session_id));
    return {
      id: Number(r.id),
      name: String(r.name),
      pointTerminalId: textOf(r.point_terminal_id),
      qrPosId: textOf(r.qr_pos_id),
      openSession:
        open && !open.closed_at
          ? {
              id: Number(open.id),
              openedAt: isoDate(open.opened_at) ?? new Date(0).toISOString(),
              openingCash: num(open.opening_cash),
              openedBy: staffOf(open.opened_by_id, open.opened_by_name),
            }
          : null,
    };
  });
}

/** The staff member as the counter records her: her id and the name shown. */
export function clerkOf(user: { id: number; fullName?: string | null; username?: string | null; email?: string | null }): Clerk {
  return { id: user.id, name: user.fullName || user.username || user.email || `#${user.id}` };
}

/** A register's or session's id from the path; junk is a 400 in Spanish. */
export function counterId(value: string): number {
  const id = counterIdOf(value);
  if (id === null) throw badRequest(COUNTER_MESSAGES.badId);
  return id;
}
