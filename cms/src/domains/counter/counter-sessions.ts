// Opening, moving cash in and out of, selling at and closing a register's session; each in one transaction.
import {
  COUNTER_MESSAGES,
  denominationsTotal,
  type CashMovementInput,
  type CashReopening,
  type CashSession,
  type CloseSessionInput,
  type CounterPaymentInput,
  type OpenSessionInput,
  type Register,
  type ReopenSessionInput,
} from '@shop/shared';
import { affectedRows, isUniqueViolation, table, writeTransaction, type Trx } from '../../utils/db-write';
import { insertPendingParts } from './counter-parts';
import { badRequest, conflict, notFound } from '../../utils/http';
import {
  differenceOf,
  figuresOf,
  listRegisters,
  locked,
  movementRowsOf,
  openSessionOf,
  saleMovementRow,
  stamps,
  MOVEMENTS_TABLE,
  readSession,
  REGISTERS_TABLE,
  SESSIONS_TABLE,
  toMovement,
  toSession,
  type Clerk,
  type Row,
} from './counter-store';

/** The register a fresh shop starts with. */
export const DEFAULT_REGISTER_NAME = 'Caja 1';

/** Start-up: "Caja 1" when the shop has no register (idempotent; processes start one at a time). */
export async function ensureDefaultRegister(): Promise<void> {
  await writeTransaction(async (trx) => {
    const existing = await table(trx, REGISTERS_TABLE).first('id');
    if (existing) return;
    await table(trx, REGISTERS_TABLE).insert({ name: DEFAULT_REGISTER_NAME, open_session_id: null, ...stamps(new Date()) });
  });
}

/** POST /registers (counter.manage): a new register; 409 when one has that name already. */
export async function createRegister(name: string): Promise<Register> {
  const id = await writeTransaction(async (trx) => {
    const taken = await table(trx, REGISTERS_TABLE).whereRaw('LOWER(name) = ?', [name.toLowerCase()]).first('id');
    if (taken) throw conflict(COUNTER_MESSAGES.registerTaken);
    const [inserted] = (await table(trx, REGISTERS_TABLE)
      .insert({ name, open_session_id: null, ...stamps(new Date()) })
      .returning('id')) as ({ id: number } | number)[];
    return typeof inserted === 'object' ? Number(inserted.id) : Number(inserted);
  }).catch((err: unknown) => {
    // Two creations of one name at once: both saw it free, the unique index takes the second (PostgreSQL).
    if (isUniqueViolation(err)) throw conflict(COUNTER_MESSAGES.registerTaken);
    throw err;
  });
  const register = (await listRegisters()).find((r) => r.id === id);
  if (!register) throw new Error('register was not created');
  return register;
}

/**
 * POST /registers/{id}/sessions: opens a session with its starting cash. The register's `open_session_id` is taken
 * with a conditional update, so of two opens at once exactly one wins and the other is a 409.
 */
export async function openSession(registerId: number, input: OpenSessionInput, clerk: Clerk): Promise<CashSession> {
  const openingCash = input.denominations ? denominationsTotal(input.denominations) : (input.openingCash ?? 0);
  if (openingCash > 100_000_000) throw badRequest(COUNTER_MESSAGES.openingCash);
  const sessionId = await writeTransaction(async (trx) => {
    const register = (await table(trx, REGISTERS_TABLE).where({ id: registerId }).first()) as Row | undefined;
    if (!register) throw notFound(COUNTER_MESSAGES.registerUnknown);
    if (register.open_session_id !== null && register.open_session_id !== undefined) throw conflict(COUNTER_MESSAGES.alreadyOpen);
    const now = new Date();
    const [inserted] = (await table(trx, SESSIONS_TABLE)
      .insert({
        register_id: registerId,
        register_name: String(register.name),
        opening_cash: openingCash,
        denominations: input.denominations ? JSON.stringify(input.denominations) : null,
        opened_at: now,
        opened_by_id: clerk.id,
        opened_by_name: clerk.name.slice(0, 200),
        ...stamps(now),
      })
      .returning('id')) as ({ id: number } | number)[];
    const id = typeof inserted === 'object' ? Number(inserted.id) : Number(inserted);
    const taken = affectedRows(
      await table(trx, REGISTERS_TABLE)
        .where({ id: registerId })
        .whereNull('open_session_id')
        .update({ open_session_id: id, updated_at: now }),
    );
    if (taken !== 1) throw conflict(COUNTER_MESSAGES.alreadyOpen);
    return id;
  });
  return readSession(strapi.db.connection, sessionId);
}

/** The session's row, locked until the transaction ends; 404 when unknown, 409 when closed. */
async function openSessionRow(trx: Trx, sessionId: number): Promise<Row> {
  const row = (await locked(table(trx, SESSIONS_TABLE).where({ id: sessionId })).first()) as Row | undefined;
  if (!row) throw notFound(COUNTER_MESSAGES.sessionUnknown);
  if (row.closed_at !== null && row.closed_at !== undefined) throw conflict(COUNTER_MESSAGES.closed);
  return row;
}

/** POST /cash-sessions/{id}/movements: an income, an expense or a withdrawal of cash (409 on a closed session). */
export async function addMovement(sessionId: number, input: CashMovementInput, clerk: Clerk) {
  const movementId = await writeTransaction(async (trx) => {
    await openSessionRow(trx, sessionId);
    const now = new Date();
    const [inserted] = (await table(trx, MOVEMENTS_TABLE)
      .insert({
        session_id: sessionId,
        kind: input.type,
        method: 'cash',
        amount: input.amount,
        reason: input.reason === '' ? null : input.reason,
        staff_id: clerk.id,
        staff_name: clerk.name.slice(0, 200),
        ...stamps(now),
      })
      .returning('id')) as ({ id: number } | number)[];
    return typeof inserted === 'object' ? Number(inserted.id) : Number(inserted);
  });
  const session = await readSession(strapi.db.connection, sessionId);
  const movement = session.movements.find((m) => m.id === movementId);
  if (!movement) throw new Error('movement was not recorded');
  return { movement, session };
}

/**
 * POST /cash-sessions/{id}/close: the expected figures computed from the opening cash, the sales and the movements
 * (with the session locked, so no sale or movement slips in meanwhile), the counted ones and the difference, who and
 * when. The closing update is conditional: of two closes at once exactly one wins, the other is a 409.
 */
export async function closeSession(sessionId: number, input: CloseSessionInput, clerk: Clerk): Promise<CashSession> {
  await writeTransaction(async (trx) => {
    const row = await openSessionRow(trx, sessionId);
    const movements = (await movementRowsOf(trx, sessionId)).map(toMovement);
    const { expected } = figuresOf(Number(row.opening_cash ?? 0), movements);
    const counted = { cash: input.counted.cash, card: input.counted.card, qr: input.counted.qr, transfer: input.counted.transfer };
    const now = new Date();
    const closed = affectedRows(
      await table(trx, SESSIONS_TABLE)
        .where({ id: sessionId })
        .whereNull('closed_at')
        .update({
          closed_at: now,
          closed_by_id: clerk.id,
          closed_by_name: clerk.name.slice(0, 200),
          expected: JSON.stringify(expected),
          counted: JSON.stringify(counted),
          difference: JSON.stringify(differenceOf(counted, expected)),
          updated_at: now,
        }),
    );
    if (closed !== 1) throw conflict(COUNTER_MESSAGES.closed);
    await table(trx, REGISTERS_TABLE)
      .where({ id: Number(row.register_id), open_session_id: sessionId })
      .update({ open_session_id: null, updated_at: now });
  });
  return readSession(strapi.db.connection, sessionId);
}

/**
 * POST /cash-sessions/{id}/reopen (counter.manage): the register's most recent session, closed, is opened again when
 * the register has no other open session. The close it undoes (who, when, its figures) is kept in `reopenings` with
 * who reopened it, when and why; the next close computes everything afresh. The session row is locked and both
 * updates are conditional, so of two reopens (or a reopen and an open) at once exactly one wins, the other a 409.
 */
export async function reopenSession(sessionId: number, input: ReopenSessionInput, clerk: Clerk): Promise<CashSession> {
  await writeTransaction(async (trx) => {
    const row = (await locked(table(trx, SESSIONS_TABLE).where({ id: sessionId })).first()) as Row | undefined;
    if (!row) throw notFound(COUNTER_MESSAGES.sessionUnknown);
    if (row.closed_at === null || row.closed_at === undefined) throw conflict(COUNTER_MESSAGES.notClosed);
    const registerId = Number(row.register_id);
    const latest = (await table(trx, SESSIONS_TABLE).where({ register_id: registerId }).max('id as id').first()) as Row | undefined;
    if (Number(latest?.id) !== sessionId) throw conflict(COUNTER_MESSAGES.notLatest);
    const before = toSession(row, [], new Map());
    const now = new Date();
    const reopening: CashReopening = {
      at: now.toISOString(),
      by: { id: clerk.id, name: clerk.name.slice(0, 200) },
      reason: input.reason,
      undone: {
        closedAt: before.closedAt,
        closedBy: before.closedBy,
        expected: before.expected,
        counted: before.counted,
        difference: before.difference,
      },
    };
    const reopened = affectedRows(
      await table(trx, SESSIONS_TABLE)
        .where({ id: sessionId })
        .whereNotNull('closed_at')
        .update({
          closed_at: null,
          closed_by_id: null,
          closed_by_name: null,
          expected: null,
          counted: null,
          difference: null,
          reopenings: JSON.stringify([...before.reopenings, reopening]),
          updated_at: now,
        }),
    );
    if (reopened !== 1) throw conflict(COUNTER_MESSAGES.notClosed);
    const taken = affectedRows(
      await table(trx, REGISTERS_TABLE)
        .where({ id: registerId })
        .whereNull('open_session_id')
        .update({ open_session_id: sessionId, updated_at: now }),
    );
    if (taken !== 1) throw conflict(COUNTER_MESSAGES.reopenWhileOpen);
  });
  return readSession(strapi.db.connection, sessionId);
}

/** A counter sale as the orders domain announces it (event `order.counterSale`, inside the order's transaction). */
export interface CounterSale {
  trx: Trx;
  documentId: string;
  orderNumber: string;
  total: number;
  registerId: number;
  payments: readonly CounterPaymentInput[];
  by: Clerk;
}

/**
 * Records a counter sale's payments in the open session of its register, inside the order's transaction: 404 for
 * an unknown register, 409 when it has no open session (or it was closed meanwhile), 400 when the payments do not
 * add up to the order's total. Any refusal rolls the whole sale back.
 */
export async function recordCounterSale(sale: CounterSale): Promise<void> {
  const { trx } = sale;
  const { register, sessionId } = await openSessionOf(trx, sale.registerId);
  const paid = sale.payments.reduce((sum, p) => sum + p.amount, 0);
  if (paid !== sale.total) throw badRequest(COUNTER_MESSAGES.notAdding(paid, sale.total));
  const now = new Date();
  // Card and QR parts wait for Mercado Pago (counter-parts.ts): in the session once approved.
  const atOnce = sale.payments.filter((p) => p.method === 'cash' || p.method === 'transfer');
  const later = sale.payments.filter((p) => p.method === 'card' || p.method === 'qr');
  await insertPendingParts(trx, { register, sessionId, order: sale, by: sale.by }, later);
  if (atOnce.length > 0) await table(trx, MOVEMENTS_TABLE).insert(atOnce.map((p) => saleMovementRow(sessionId, p, sale, sale.by, now)));
}

/** A return's money given back in cash at a register (event `return.cashRefund`, inside the return's transaction). */
export interface CashRefund {
  trx: Trx;
  registerId: number;
  amount: number;
  returnNumber: string;
  orderNumber: string;
  by: { id: number | null; name: string };
}

/**
 * Records a return's cash refund as a `refund` movement of the register's open session, inside the transaction that
 * receives the return: 404 for an unknown register, 409 when it has no open session, or when the cash the drawer
 * should hold (the session locked, so no sale or movement slips in meanwhile) is less than the refund. A refusal
 * rolls the reception back: the units and the money stay as they were.
 */
export async function recordCashRefund(refund: CashRefund): Promise<void> {
  const { trx } = refund;
  const { sessionId } = await openSessionOf(trx, refund.registerId);
  const session = (await table(trx, SESSIONS_TABLE).where({ id: sessionId }).first('opening_cash')) as Row | undefined;
  const movements = (await movementRowsOf(trx, sessionId)).map(toMovement);
  const { expected } = figuresOf(Number(session?.opening_cash ?? 0), movements);
  if (expected.cash < refund.amount) throw conflict(COUNTER_MESSAGES.notEnoughCash(refund.amount, expected.cash));
  await table(trx, MOVEMENTS_TABLE).insert({
    session_id: sessionId,
    kind: 'refund',
    method: 'cash',
    amount: refund.amount,
    reason: `${refund.returnNumber} del pedido ${refund.orderNumber}`.slice(0, 200),
    order_number: refund.orderNumber.slice(0, 40),
    staff_id: refund.by.id,
    staff_name: refund.by.name.slice(0, 200),
    ...stamps(new Date()),
  });
}

export { toSession };
