// What the counter screen and Mercado Pago do with card and QR parts: follow one (polling Mercado Pago at most every
// two seconds), cancel it, charge what is left another way, the webhook and the sweep, an abandoned sale, and the
// register's devices.
import {
  COUNTER_MESSAGES,
  COUNTER_PAYMENT_MESSAGES,
  type AddCounterPaymentAnswer,
  type CounterPayment,
  type CounterPaymentInput,
  type Register,
  type RegisterDevicesInput,
} from '@shop/shared';
import { affectedRows, table, writeTransaction } from '../../utils/db-write';
import { ApiError, badRequest, conflict, notFound } from '../../utils/http';
import { lockOrder, ORDERS_TABLE, type Actor } from '../orders';
import { cancelInPersonOrder, getInPersonOrder, inPersonReady, MercadoPagoError, pointTerminalIds, type InPersonOrder } from '../payments';
import {
  applyInPersonOrder,
  insertPendingParts,
  isPart,
  orderClosed,
  partRow,
  partsOfOrder,
  payWhenCovered,
  readPart,
  sale,
  settle,
  startPart,
  startParts,
} from './counter-parts';
import {
  listRegisters,
  MOVEMENTS_TABLE,
  openSessionOf,
  PARTS_TABLE,
  REGISTERS_TABLE,
  saleMovementRow,
  SESSIONS_TABLE,
  type Clerk,
  type Row,
} from './counter-store';

/** A pending part is asked of Mercado Pago at most this often (polls from several screens share it). */
export const POLL_EVERY_MS = 2_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Takes the right to ask Mercado Pago about the part now (a conditional update: one asker per period). */
async function claimCheck(id: number, now = new Date()): Promise<boolean> {
  const before = new Date(now.getTime() - POLL_EVERY_MS);
  const claimed = await table(strapi.db.connection, PARTS_TABLE)
    .where({ id, status: 'pending' })
    .andWhere((q) => void q.whereNull('checked_at').orWhere('checked_at', '<', before))
    .update({ checked_at: now });
  return affectedRows(claimed) === 1;
}

/** Asks Mercado Pago about a pending part and applies what it says (a part never sent is sent now). */
async function refresh(row: Row): Promise<void> {
  if (!row.mp_order_id) return startPart(row);
  try {
    await applyInPersonOrder(await getInPersonOrder(String(row.mp_order_id)));
  } catch (err) {
    if (!(err instanceof MercadoPagoError)) throw err;
    strapi.log.warn(`[counter] could not read Mercado Pago order ${String(row.mp_order_id)}: ${err.message}`);
  }
}

/** GET /counter-payments/{id}: the part; a pending one is asked of Mercado Pago first (at most every 2 s). */
export async function pollPart(id: number): Promise<CounterPayment> {
  const row = await partRow(strapi.db.connection, id);
  if (row.status === 'pending' && (await claimCheck(id))) await refresh(row);
  return readPart(id);
}

const settled = (mp: InPersonOrder) => mp.status !== 'created' && mp.status !== 'at_terminal' && mp.status !== 'action_required';

/**
 * DELETE /counter-payments/{id}: cancels the part at Mercado Pago (a Point charge already on the terminal is
 * accepted for cancellation and turns cancelled a moment later; the part stays pending until it does). 409 when it
 * was approved meanwhile, or Mercado Pago refused to cancel it.
 */
export async function cancelPart(id: number): Promise<CounterPayment> {
  const row = await partRow(strapi.db.connection, id);
  if (row.status === 'approved') throw conflict(COUNTER_PAYMENT_MESSAGES.approvedCannotCancel);
  if (row.status !== 'pending') return readPart(id);
  if (!row.mp_order_id) {
    await settle(strapi.db.connection, id, 'cancelled', null, COUNTER_PAYMENT_MESSAGES.cancelledAtTerminal);
    return readPart(id);
  }
  const orderId = String(row.mp_order_id);
  let refused = false;
  try {
    let mp = await cancelInPersonOrder(orderId, `counter-cancel-${String(row.document_id)}`);
    for (let i = 0; i < 5 && !settled(mp); i++) {
      await pause(200);
      mp = await getInPersonOrder(orderId);
    }
    await applyInPersonOrder(mp);
  } catch (err) {
    if (!(err instanceof MercadoPagoError)) throw err;
    if (err.status === 0 || err.status >= 500) throw new ApiError(502, COUNTER_PAYMENT_MESSAGES.mercadoPagoDown);
    // Not cancellable (paid or refused meanwhile, or a terminal that does not allow it): what it is now applies.
    refused = true;
    await applyInPersonOrder(await getInPersonOrder(orderId)).catch(() => false);
  }
  const part = await readPart(id);
  if (part.status === 'approved') throw conflict(COUNTER_PAYMENT_MESSAGES.approvedCannotCancel);
  if (refused && part.status === 'pending') throw conflict(COUNTER_PAYMENT_MESSAGES.cannotCancel);
  return part;
}

/** The register a counter sale was taken at: its parts', else its movements' session's. */
async function registerOfSale(documentId: string): Promise<number | null> {
  const knex = strapi.db.connection;
  const part = (await table(knex, PARTS_TABLE).where({ order_document_id: documentId }).first('register_id')) as Row | undefined;
  if (part) return Number(part.register_id);
  const movement = (await table(knex, MOVEMENTS_TABLE)
    .where({ order_document_id: documentId, kind: 'sale' })
    .join(SESSIONS_TABLE, `${SESSIONS_TABLE}.id`, `${MOVEMENTS_TABLE}.session_id`)
    .first(`${SESSIONS_TABLE}.register_id as register_id`)) as Row | undefined;
  return movement ? Number(movement.register_id) : null;
}

/**
 * POST /orders/{orderNumber or id}/counter-payments: another part for what is left of an unpaid counter sale (after
 * a refused or cancelled card, say), at the sale's register, whose session must be open; the same rules as a part
 * of the sale. A cash part covering what is left makes the sale paid at once.
 */
export async function addPart(reference: string, input: CounterPaymentInput, clerk: Clerk, actor: Actor): Promise<AddCounterPaymentAnswer> {
  const knex = strapi.db.connection;
  const found = (await table(knex, ORDERS_TABLE)
    .where('document_id', reference)
    .orWhere('order_number', reference.trim().toUpperCase())
    .first('document_id', 'order_number')) as Row | undefined;
  if (!found) throw notFound(COUNTER_PAYMENT_MESSAGES.orderUnknown);
  const documentId = String(found.document_id);
  const registerId = await registerOfSale(documentId);
  if (registerId === null) throw badRequest(COUNTER_PAYMENT_MESSAGES.notCounterSale);
  const orderNumber = String(found.order_number);
  await writeTransaction(async (trx) => {
    const order = await lockOrder(trx, documentId);
    if (order.paidAt) throw conflict(COUNTER_PAYMENT_MESSAGES.alreadyPaid);
    if (orderClosed(order)) throw conflict(COUNTER_PAYMENT_MESSAGES.orderCancelled);
    const { outstanding } = await sale(trx, order);
    if (input.amount > outstanding) throw badRequest(COUNTER_PAYMENT_MESSAGES.overOutstanding(input.amount, Math.max(0, outstanding)));
    const { register, sessionId } = await openSessionOf(trx, registerId);
    if (isPart(input.method)) {
      await insertPendingParts(trx, { register, sessionId, order: { documentId, orderNumber }, by: clerk }, [input]);
      return;
    }
    await table(trx, MOVEMENTS_TABLE).insert(saleMovementRow(sessionId, input, { documentId, orderNumber }, clerk, new Date()));
    await payWhenCovered(trx, order, actor);
  });
  const counterPayments = isPart(input.method) ? await startParts({ documentId }) : await partsOfOrder(documentId);
  const figures = await writeTransaction(async (trx) => sale(trx, await lockOrder(trx, documentId)));
  const paid = (await table(knex, ORDERS_TABLE).where('document_id', documentId).first('paid_at')) as Row;
  return {
    orderNumber,
    orderPaid: paid.paid_at !== null && paid.paid_at !== undefined,
    outstanding: Math.max(0, figures.outstanding),
    change: input.method === 'cash' && input.tendered !== undefined ? input.tendered - input.amount : 0,
    counterPayments,
  };
}

/** A webhook of type `order`: the in-person order read from Mercado Pago and applied (false when not the counter's). */
export async function applyNotifiedInPersonOrder(orderId: string): Promise<boolean> {
  const known = await table(strapi.db.connection, PARTS_TABLE).where({ mp_order_id: orderId }).first('id');
  if (!known) return false;
  return applyInPersonOrder(await getInPersonOrder(orderId));
}

/** When the sweep of pending parts runs: COUNTER_PAYMENTS_SWEEP_CRON (cron syntax), else every minute. */
export function counterSweepSchedule(value: string | undefined = process.env.COUNTER_PAYMENTS_SWEEP_CRON): string {
  const rule = (value ?? '').trim();
  return rule.split(/\s+/).length >= 5 ? rule : '30 * * * * *';
}

/** The sweep (COUNTER_PAYMENTS_SWEEP_CRON): every pending part not asked for a while is asked of Mercado Pago. */
export async function sweepCounterParts(now = new Date()): Promise<number> {
  const rows = (await table(strapi.db.connection, PARTS_TABLE)
    .where({ status: 'pending' })
    .andWhere((q) => void q.whereNull('checked_at').orWhere('checked_at', '<', new Date(now.getTime() - POLL_EVERY_MS)))
    .orderBy('id', 'asc')
    .limit(100)) as Row[];
  let changed = 0;
  for (const row of rows) {
    if (!(await claimCheck(Number(row.id), now))) continue;
    const before = String(row.status);
    await refresh(row);
    if ((await partRow(strapi.db.connection, Number(row.id))).status !== before) changed += 1;
  }
  if (changed > 0) strapi.log.info(`[counter] the sweep settled ${changed} card/QR part(s) of counter sales`);
  return changed;
}

/** A counter sale cancelled while parts waited (order.cancelled, in its transaction): they are cancelled too. */
export async function cancelPartsOfOrder(trx: Parameters<typeof table>[0], documentId: string): Promise<void> {
  const now = new Date();
  await table(trx, PARTS_TABLE)
    .where({ order_document_id: documentId, status: 'pending' })
    .update({ status: 'cancelled', reason: COUNTER_PAYMENT_MESSAGES.cancelledBySale, settled_at: now, updated_at: now });
}

/** After that commit: their charges are taken off the terminal / QR at Mercado Pago (best effort, logged). */
export async function cancelPartsAtMercadoPago(documentId: string): Promise<void> {
  const rows = (await table(strapi.db.connection, PARTS_TABLE)
    .where({ order_document_id: documentId, status: 'cancelled', reason: COUNTER_PAYMENT_MESSAGES.cancelledBySale })
    .whereNotNull('mp_order_id')) as Row[];
  for (const row of rows) {
    await cancelInPersonOrder(String(row.mp_order_id), `counter-cancel-${String(row.document_id)}`).catch((err: unknown) =>
      strapi.log.warn(`[counter] could not cancel Mercado Pago order ${String(row.mp_order_id)}: ${String(err)}`),
    );
  }
}

/**
 * PATCH /registers/{id} (counter.manage): the register's Point terminal (checked against the account's terminals
 * in PDV mode at Mercado Pago) and QR POS; null takes one away.
 */
export async function updateRegisterDevices(registerId: number, input: RegisterDevicesInput): Promise<Register> {
  const exists = await table(strapi.db.connection, REGISTERS_TABLE).where({ id: registerId }).first('id');
  if (!exists) throw notFound(COUNTER_MESSAGES.registerUnknown);
  if (input.pointTerminalId) {
    if (!inPersonReady()) throw badRequest(COUNTER_MESSAGES.noMercadoPago);
    let terminals: string[];
    try {
      terminals = await pointTerminalIds();
    } catch (err) {
      if (!(err instanceof MercadoPagoError)) throw err;
      throw new ApiError(502, COUNTER_PAYMENT_MESSAGES.devicesDown);
    }
    if (!terminals.includes(input.pointTerminalId)) throw badRequest(COUNTER_PAYMENT_MESSAGES.terminalUnknown);
  }
  const update: Row = { updated_at: new Date() };
  if (input.pointTerminalId !== undefined) update.point_terminal_id = input.pointTerminalId;
  if (input.qrPosId !== undefined) update.qr_pos_id = input.qrPosId;
  await table(strapi.db.connection, REGISTERS_TABLE).where({ id: registerId }).update(update);
  const register = (await listRegisters()).find((r) => r.id === registerId);
  if (!register) throw notFound(COUNTER_MESSAGES.registerUnknown);
  return register;
}
