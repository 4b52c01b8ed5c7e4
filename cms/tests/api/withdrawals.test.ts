import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COUNTER_MESSAGES,
  RETURN_MESSAGES,
  cashSessionAnswerSchema,
  WITHDRAWAL_CODE_PATTERN,
  WITHDRAWAL_MESSAGES,
  withdrawalLastDay,
  staffWithdrawalAnswerSchema,
  trackedOrderAnswerSchema,
  withdrawalAnswerSchema,
  withdrawalListAnswerSchema,
  type Order,
  type StaffWithdrawal,
} from '@shop/shared';
import { expectMessage } from '../helpers/api';
import { GARBAGE_TOKEN } from '../helpers/auth-matrix';
import { testDatabase } from '../helpers/database';
import { LONG_10K } from '../helpers/junk';
import { SHOPPER } from '../helpers/orders';
import {
  bra,
  deliver,
  ownRegister,
  placeOrder,
  startReturnsShop,
  stopReturnsShop,
  variantStock,
  type ReturnsShop,
} from '../helpers/returns';

/**
 * The botón de arrepentimiento (POST /withdrawals, GET /withdrawals/{code}, GET /withdrawals, PUT /withdrawals/{id}):
 * the 10-day window (delivered 9 and 11 days ago, not delivered), the code at once and by e-mail through the outbox,
 * a second press, what is refused and how, the staff's steps (units back once, the refund of everything paid once),
 * the shopper's view on tracking and who may do what. On the run's kept raised-limit process (no shop of its own).
 */
let at: ReturnsShop;
const withdraw = (order: Pick<Order, 'orderNumber'>, extra: Record<string, unknown> = {}, contact = SHOPPER.email) =>
  at.call('/withdrawals', { body: { orderNumber: order.orderNumber, contact, ...extra } });
const move = (id: string, body: unknown, token = at.owner) => at.call(`/withdrawals/${id}`, { method: 'PUT', body, token });

beforeAll(async () => {
  at = await startReturnsShop();
}, 180_000);

afterAll(() => stopReturnsShop(at));

/** The order as delivered `days` ago (and placed the day before): what the window counts from. */
async function deliveredDaysAgo(order: Order, days: number): Promise<void> {
  const db = testDatabase();
  try {
    const when = new Date(Date.now() - days * 86_400_000);
    const steps = JSON.stringify([{ step: 'delivered', at: when.toISOString(), by: { id: null, name: 'Tienda' } }]);
    await db('orders')
      .where('document_id', order._id)
      .update({ fulfillment: 'delivered', fulfillment_steps: steps, created_at: new Date(when.getTime() - 86_400_000) });
  } finally {
    await db.destroy();
  }
}

async function outbox(orderId: string, kind: string): Promise<{ text: string; subject: string }[]> {
  const db = testDatabase();
  try {
    return await db('email_outboxes').where({ order_document_id: orderId, kind }).select('text', 'subject');
  } finally {
    await db.destroy();
  }
}

async function staffRow(code: string): Promise<StaffWithdrawal> {
  const res = await at.call('/withdrawals', { token: at.owner });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const found = withdrawalListAnswerSchema.parse(res.body).withdrawals.find((w) => w.code === code);
  if (!found) throw new Error(`${code} is not listed`);
  return found;
}

describe('the window and the code', () => {
  it('delivered 9 days ago: in time, a code at once and by e-mail, the same code on a second press, on tracking and the history', async () => {
    const product = await bra(at, { b85: 5, b90: 0 });
    const order = await placeOrder(at, [{ productId: product._id, quantity: 1, size: '85B' }]);
    await deliver(at, order);
    await deliveredDaysAgo(order, 9);
    const res = await withdraw(order, { comment: 'No era lo que esperaba' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const answer = withdrawalAnswerSchema.parse(res.body);
    expect(answer.code).toMatch(WITHDRAWAL_CODE_PATTERN);
    expect(answer).toMatchObject({ status: 'received', orderNumber: order.orderNumber, withinWindow: true, reason: null });
    expect(Date.parse(answer.windowEndsAt!)).toBeGreaterThan(Date.now());
    expect(answer.message).toBe(WITHDRAWAL_MESSAGES.inTime(answer.code));
    // The e-mail, through the outbox, in the same transaction as the request.
    const [mail] = await outbox(order._id, 'withdrawal_received');
    expect(mail?.subject).toContain(answer.code);
    expect(mail?.text).toContain(answer.code);
    expect(mail?.text).toContain('/arrepentimiento?codigo=');
    // A second press answers the open request: no second code, no second e-mail.
    const again = await withdraw(order);
    expect(again.status).toBe(200);
    expect(again.body.code).toBe(answer.code);
    expect(await outbox(order._id, 'withdrawal_received')).toHaveLength(1);
    // Read back with the code and the contact; the wrong contact and an unknown code are the same 404.
    const read = await at.call(`/withdrawals/${answer.code}?contact=${encodeURIComponent(SHOPPER.email)}`);
    expect(read.status).toBe(200);
    expect(withdrawalAnswerSchema.parse(read.body).code).toBe(answer.code);
    const wrong = await at.call(`/withdrawals/${answer.code}?contact=otra%40example.com`);
    const unknown = await at.call(`/withdrawals/ARR-0000000000?contact=${encodeURIComponent(SHOPPER.email)}`);
    expect([wrong.status, unknown.status]).toEqual([404, 404]);
    expect(wrong.body.message).toBe(WITHDRAWAL_MESSAGES.codeNotFound);
    expect(unknown.body.message).toBe(WITHDRAWAL_MESSAGES.codeNotFound);
    // Her tracking card lists it; the order's history records it.
    const tracked = trackedOrderAnswerSchema.parse(
      (await at.call(`/orders/by-number/${order.orderNumber}?contact=${encodeURIComponent(SHOPPER.email)}`)).body,
    );
    expect(tracked.order.detail === 'full' && tracked.order.withdrawals).toEqual([
      { code: answer.code, status: 'received', requestedAt: answer.requestedAt, withinWindow: true },
    ]);
    const history = (await at.call(`/orders/${order._id}/history`, { token: at.owner })).body.history as { note: string | null }[];
    expect(history.some((event) => event.note?.includes(answer.code))).toBe(true);
    expect((await staffRow(answer.code)).comment).toBe('No era lo que esperaba');
  });

  it('delivered 11 days ago: recorded out of time with its code and the closing date; not delivered yet: in time', async () => {
    const product = await bra(at, { b85: 5, b90: 0 });
    const late = await placeOrder(at, [{ productId: product._id, quantity: 1, size: '85B' }]);
    await deliver(at, late);
    await deliveredDaysAgo(late, 11);
    const res = await withdraw(late);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const answer = withdrawalAnswerSchema.parse(res.body);
    expect(answer.withinWindow).toBe(false);
    expect(Date.parse(answer.windowEndsAt!)).toBeLessThan(Date.now());
    expect(answer.message).toBe(WITHDRAWAL_MESSAGES.outOfTime(answer.code, withdrawalLastDay(answer.windowEndsAt!)));
    expect(await outbox(late._id, 'withdrawal_received')).toHaveLength(1);
    expect((await staffRow(answer.code)).withinWindow).toBe(false);

    const waiting = await placeOrder(at, [{ productId: product._id, quantity: 1, size: '85B' }]);
    const early = await withdraw(waiting, {}, SHOPPER.email.toUpperCase());
    expect(early.status, JSON.stringify(early.body)).toBe(201);
    expect(early.body).toMatchObject({ withinWindow: true, windowEndsAt: null });
    expect(early.body.code).not.toBe(answer.code);
  });

  it('a cancelled order is told so and nothing is recorded; an unknown order and a wrong contact are the same 404; junk is a Spanish 400', async () => {
    const product = await bra(at, { b85: 5, b90: 0 });
    const cancelled = await placeOrder(at, [{ productId: product._id, quantity: 1, size: '85B' }]);
    expect(
      (await at.call(`/orders/${cancelled._id}/status`, { method: 'PUT', body: { status: 'cancelled' }, token: at.owner })).status,
    ).toBe(200);
    const refused = await withdraw(cancelled);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(WITHDRAWAL_MESSAGES.cancelled);
    const listed = withdrawalListAnswerSchema.parse((await at.call('/withdrawals', { token: at.owner })).body);
    expect(listed.withdrawals.some((w) => w.orderNumber === cancelled.orderNumber)).toBe(false);

    const order = await placeOrder(at, [{ productId: product._id, quantity: 1, size: '85B' }]);
    const wrong = await withdraw(order, {}, 'otra@example.com');
    const unknown = await withdraw({ orderNumber: `${order.orderNumber}9` });
    expect([wrong.status, unknown.status]).toEqual([404, 404]);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.message).toBe(WITHDRAWAL_MESSAGES.notFound);
    for (const junk of [
      {},
      { orderNumber: order.orderNumber },
      { orderNumber: LONG_10K, contact: SHOPPER.email },
      { orderNumber: order.orderNumber, contact: SHOPPER.email, lines: 'todas' },
      { orderNumber: order.orderNumber, contact: SHOPPER.email, comment: LONG_10K },
    ]) {
      const res = await at.call('/withdrawals', { body: junk });
      expect(res.status, JSON.stringify(junk).slice(0, 80)).toBe(400);
      expect(res.body.message).toMatch(/[a-záéíóúñ]/i);
    }
    const noLine = await withdraw(order, { lines: [{ lineIndex: 7, quantity: 1 }] });
    expect(noLine.status).toBe(400);
    expect(noLine.body.message).toBe('Una de las prendas indicadas no está en el pedido');
    const tooMany = await withdraw(order, { lines: [{ lineIndex: 0, quantity: 2 }] });
    expect(tooMany.status).toBe(400);
    expect((await at.call('/withdrawals/%00?contact=x')).status).toBeGreaterThanOrEqual(400);
  });
});

describe("the shop's steps", () => {
  it('pickup, reception with the units back once (also when two staff press at once), the refund of everything paid once', async () => {
    const product = await bra(at, { b85: 5, b90: 0 });
    const order = await placeOrder(at, [{ productId: product._id, quantity: 2, size: '85B' }]);
    await deliver(at, order);
    expect(await variantStock(at, product, '85B')).toBe(3);
    const { code } = withdrawalAnswerSchema.parse((await withdraw(order)).body);
    const row = await staffRow(code);
    expect(row.refundDue).toBe(order.total);
    expect(row.lines).toEqual([{ lineIndex: 0, title: product.title, quantity: 2 }]);
    expect(row.daysLeft).toBe(10);

    expect((await move(row.id, { status: 'received_in_store' })).status).toBe(409);
    expect((await move(row.id, { status: 'pickup_arranged' })).status).toBe(200);
    const both = await Promise.all([move(row.id, { status: 'received_in_store' }), move(row.id, { status: 'received_in_store' })]);
    expect(both.map((r) => r.status)).toContain(200);
    expect(await variantStock(at, product, '85B')).toBe(5);
    expect((await move(row.id, { status: 'received_in_store' })).status).toBe(200);
    expect(await variantStock(at, product, '85B')).toBe(5);

    const noMethod = await move(row.id, { status: 'refunded' });
    expect(noMethod.status).toBe(400);
    expect(noMethod.body.message).toBe(WITHDRAWAL_MESSAGES.refundMethod);
    const refunded = await move(row.id, { status: 'refunded', refundMethod: 'transfer', reference: 'OP 1234' });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    const done = staffWithdrawalAnswerSchema.parse(refunded.body).withdrawal;
    expect(done).toMatchObject({
      status: 'refunded',
      refund: { method: 'transfer', amount: order.total, reference: 'OP 1234' },
      daysLeft: null,
    });
    const twice = await move(row.id, { status: 'refunded', refundMethod: 'transfer', reference: 'OP 9999' });
    expect(twice.body.withdrawal.refund).toEqual(done.refund);
    expect((await move(row.id, { status: 'rejected', reason: 'tarde' })).status).toBe(409);
    expect(done.steps.map((s) => s.status)).toEqual(['received', 'pickup_arranged', 'received_in_store', 'refunded']);
    expect((await outbox(order._id, 'withdrawal_changed')).length).toBe(3);
    const read = await at.call(`/withdrawals/${code}?contact=${encodeURIComponent(SHOPPER.email)}`);
    expect(read.body.status).toBe('refunded');
  });

  it('a refund in cash comes out of an open register once (a refund movement in its Caja); no register, a closed one or too little cash refund nothing', async () => {
    const product = await bra(at, { b85: 3, b90: 0 });
    const order = await placeOrder(at, [{ productId: product._id, quantity: 1, size: '85B' }]);
    await deliver(at, order);
    const { code } = withdrawalAnswerSchema.parse((await withdraw(order)).body);
    const row = await staffRow(code);
    expect((await move(row.id, { status: 'pickup_arranged' })).status).toBe(200);
    expect((await move(row.id, { status: 'received_in_store' })).status).toBe(200);
    const registerId = await ownRegister(at, 'Caja arrepentimientos');
    const cash = { status: 'refunded', refundMethod: 'cash', registerId };

    // Bad input: no register, a register with another way, junk ids, a register that does not exist; catalog may not.
    expectMessage(await move(row.id, { status: 'refunded', refundMethod: 'cash' }), 400, RETURN_MESSAGES.cashRegister);
    expectMessage(await move(row.id, { status: 'refunded', refundMethod: 'transfer', registerId }), 400, RETURN_MESSAGES.registerOnlyCash);
    for (const junk of ['1', -1, 0, 1.5, 2 ** 40, null, {}])
      expect((await move(row.id, { ...cash, registerId: junk })).status, String(junk)).toBe(400);
    expectMessage(await move(row.id, { ...cash, registerId: 999_999_999 }), 404, COUNTER_MESSAGES.registerUnknown);
    expect((await move(row.id, cash, at.catalog)).status).toBe(403);
    // Not open, then open with too little cash: nothing refunded, no movement.
    expectMessage(await move(row.id, cash), 409, COUNTER_MESSAGES.notOpen);
    const opened = await at.call(`/registers/${registerId}/sessions`, { body: { openingCash: 1000 }, token: at.sales });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const sessionId = opened.body.session.id as number;
    expectMessage(await move(row.id, cash), 409, COUNTER_MESSAGES.notEnoughCash(order.total, 1000));
    expect((await staffRow(code)).status).toBe('received_in_store');
    const income = await at.call(`/cash-sessions/${sessionId}/movements`, {
      body: { type: 'income', amount: order.total, reason: 'Cambio del banco' },
      token: at.sales,
    });
    expect(income.status, JSON.stringify(income.body)).toBe(201);

    // Two clicks at once: refunded once, one refund movement of everything paid, named after the request.
    const both = await Promise.all([move(row.id, cash, at.sales), move(row.id, cash, at.sales)]);
    expect(both.map((r) => r.status)).toContain(200);
    const done = await staffRow(code);
    expect(done).toMatchObject({ status: 'refunded', refund: { method: 'cash', amount: order.total } });
    const session = cashSessionAnswerSchema.parse((await at.call(`/cash-sessions/${sessionId}`, { token: at.sales })).body).session;
    const refunds = session.movements.filter((m) => m.type === 'refund');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      method: 'cash',
      amount: order.total,
      orderNumber: order.orderNumber,
      reason: `Arrepentimiento ${code} del pedido ${order.orderNumber}`,
    });
    expect(session.expected.cash).toBe(1000);
  });

  it('a rejection needs its reason, which the shopper reads in her e-mail and with her code', async () => {
    const product = await bra(at, { b85: 5, b90: 0 });
    const order = await placeOrder(at, [{ productId: product._id, quantity: 1, size: '85B' }]);
    const { code } = withdrawalAnswerSchema.parse((await withdraw(order)).body);
    const { id } = await staffRow(code);
    const bare = await move(id, { status: 'rejected', reason: '   ' });
    expect(bare.status).toBe(400);
    expect(bare.body.message).toBe(WITHDRAWAL_MESSAGES.rejectReason);
    expect((await move(id, { status: 'rejected', reason: 'La prenda fue usada' })).status).toBe(200);
    const [mail] = await outbox(order._id, 'withdrawal_changed');
    expect(mail?.text).toContain('La prenda fue usada');
    const read = await at.call(`/withdrawals/${code}?contact=${encodeURIComponent(SHOPPER.email)}`);
    expect(read.body).toMatchObject({ status: 'rejected', reason: 'La prenda fue usada' });
    // A new request may follow a rejected one.
    expect((await withdraw(order)).status).toBe(201);
  });
});

describe('who may', () => {
  it('staff routes: no token or a forged one 401, a shopper 401/403, catalog 403, sales allowed; junk filters and ids refused', async () => {
    for (const [method, path, body] of [
      ['GET', '/withdrawals', undefined],
      ['PUT', '/withdrawals/abc', { status: 'pickup_arranged' }],
    ] as const) {
      expect((await at.call(path, { method, body })).status).toBe(401);
      expect((await at.call(path, { method, body, token: GARBAGE_TOKEN })).status).toBe(401);
      const shopper = (await at.call(path, { method, body, token: at.shopper })).status;
      expect(shopper === 401 || shopper === 403).toBe(true);
      expect((await at.call(path, { method, body, token: at.catalog })).status).toBe(403);
    }
    expect((await at.call('/withdrawals', { token: at.sales })).status).toBe(200);
    expect((await at.call('/withdrawals?status=nada', { token: at.owner })).status).toBe(400);
    expect((await at.call('/withdrawals?window=siempre', { token: at.owner })).status).toBe(400);
    expect((await move('abc', { status: 'pickup_arranged' })).status).toBe(404);
    expect((await move('abc', { status: 'borrado' })).status).toBe(400);
    expect((await move('abc', 'x')).status).toBe(400);
  });
});
