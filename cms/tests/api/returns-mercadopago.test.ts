import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RETURN_MESSAGES,
  dailySalesAnswerSchema,
  returnAnswerSchema,
  staffReturnAnswerSchema,
  type Order,
  type ReturnRequest,
} from '@shop/shared';
import { signWebhook, startFakeMercadoPago, type FakeMercadoPago } from '../../../scripts/fake-mercadopago.mjs';
import { fakeControl } from '../helpers/mercadopago';
import { expectMessage } from '../helpers/api';
import { bra, deliver, placeOrder, requestBody, startReturnsShop, variantStock, type ReturnsShop } from '../helpers/returns';
import { waitFor } from '../helpers/wait-for';

/**
 * Money given back on the original Mercado Pago payment (a partial refund through the local fake of Mercado Pago's
 * API): once under two "Recibido" at once and a dozen repeated webhooks, the order stays paid, a second return that
 * refunds the rest does not refund the order again, Mercado Pago down leaves nothing refunded and a retry finishes
 * it; net sales per day and in the orders' CSV. Its own Strapi (with Mercado Pago's settings) on the shared database.
 */
const ACCESS_TOKEN = `TEST-${randomUUID()}`;
const WEBHOOK_SECRET = randomUUID().replace(/-/g, '');

let fake: FakeMercadoPago;
let at: ReturnsShop;
const ask = (body: unknown) => at.call('/returns', { body });
const move = (id: string, body: unknown, token = at.owner) => at.call(`/returns/${id}/status`, { method: 'PUT', body, token });

/** The fake's control routes (what it holds, how it answers next). */
const control = (path: string, body: unknown = {}) => fakeControl(fake, path, body);

/** Mercado Pago's webhook of a payment, signed with the shop's secret, as Mercado Pago sends it again and again. */
async function webhook(paymentId: string | number): Promise<number> {
  const requestId = randomUUID();
  const signature = signWebhook(WEBHOOK_SECRET, paymentId, requestId, Math.floor(Date.now() / 1000));
  const res = await fetch(`${at.shop.url}/api/payments/mercadopago/webhook?data.id=${paymentId}&type=payment`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-signature': signature, 'x-request-id': requestId },
    body: JSON.stringify({ action: 'payment.updated', type: 'payment', data: { id: String(paymentId) } }),
  });
  await res.arrayBuffer();
  return res.status;
}

const orderOf = async (id: string): Promise<Order> => (await at.call(`/orders/${id}`, { token: at.owner })).body.order as Order;
const historyOf = async (id: string): Promise<{ note: string | null }[]> =>
  (await at.call(`/orders/${id}/history`, { token: at.owner })).body.history;

/** A Mercado Pago order of `quantity` 85B, paid at the fake (its webhook), then delivered at the meeting point. */
async function paidDelivered(quantity: number): Promise<{ order: Order; paymentId: string; product: Awaited<ReturnType<typeof bra>> }> {
  const product = await bra(at, { b85: 10, b90: 10 });
  const order = await placeOrder(at, [{ productId: product._id, quantity, size: '85B' }], 'mercadopago');
  const paid = await control('payments', { externalReference: order.orderNumber, status: 'approved' });
  expect(paid.webhookAnswer).toBe(200);
  await waitFor(
    'the order paid',
    () => orderOf(order._id),
    (o) => o.status === 'paid',
    { timeoutMs: 10_000, everyMs: 200 },
  );
  await deliver(at, order);
  return { order, paymentId: String(paid.payment.id), product };
}

async function approvedReturn(order: Order, quantity: number): Promise<ReturnRequest> {
  const res = await ask(requestBody(order, [{ quantity, kind: 'return' }]));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const request = returnAnswerSchema.parse(res.body).return;
  expect((await move(request._id, { status: 'approved' })).status).toBe(200);
  return request;
}

const refundCalls = (paymentId: string) =>
  fake.state.calls.filter((c) => c.method === 'POST' && c.path === `/v1/payments/${paymentId}/refunds`);
const payment = (paymentId: string) => fake.state.payments.get(paymentId)!;

async function todayFigures(): Promise<{ returns: number; revenue: number; net: number; totalReturns: number }> {
  const res = await at.call('/insight/daily-sales?days=30', { token: at.owner });
  expect(res.status).toBe(200);
  const answer = dailySalesAnswerSchema.parse(res.body);
  const today = answer.days[answer.days.length - 1]!;
  expect(today.netRevenue).toBe(today.revenue - (today.returns ?? 0));
  expect(answer.netRevenue).toBe(answer.totalRevenue - (answer.totalReturns ?? 0));
  return { returns: today.returns ?? 0, revenue: today.revenue, net: today.netRevenue ?? 0, totalReturns: answer.totalReturns ?? 0 };
}

beforeAll(async () => {
  fake = await startFakeMercadoPago({ accessToken: ACCESS_TOKEN, webhookSecret: WEBHOOK_SECRET });
  at = await startReturnsShop({
    mercadoPago: true,
    env: {
      MERCADOPAGO_ACCESS_TOKEN: ACCESS_TOKEN,
      MERCADOPAGO_WEBHOOK_SECRET: WEBHOOK_SECRET,
      MERCADOPAGO_API_URL: fake.url,
      // The sweep for lost webhooks stays off: only the webhooks under test reach the shop.
      MERCADOPAGO_SWEEP_CRON: '0 0 0 1 1 *',
      RATE_LIMIT_WEBHOOKS_MAX: '100000',
    },
  });
}, 180_000);

afterAll(async () => {
  await at?.call('/content', { method: 'PUT', body: at.original, token: at.owner });
  await at?.shop.stop();
  await fake?.close();
});

describe('a return of a Mercado Pago order: a partial refund on the original payment', () => {
  it('refunds once under two "Recibido" at once and 12 repeated webhooks; the order stays paid; the rest refunded later changes nothing twice', async () => {
    const { order, paymentId, product } = await paidDelivered(2);
    expect(await variantStock(at, product, '85B')).toBe(8);
    const before = await todayFigures();
    const request = await approvedReturn(order, 1);
    expect(request.refundDue).toBe(10000);
    const offered = staffReturnAnswerSchema.parse((await at.call(`/returns/${request._id}`, { token: at.owner })).body).return;
    expect(offered.mercadoPagoRefund).toBe('available');

    // Two staff press "Recibido" at once, without choosing: Mercado Pago is the default way for this order.
    const both = await Promise.all([move(request._id, { status: 'received' }), move(request._id, { status: 'received' }, at.sales)]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    const received = staffReturnAnswerSchema.parse(both[0]!.body).return;
    expect(received.status).toBe('received');
    expect(received.refund).toMatchObject({ method: 'mercadopago', amount: 10000 });
    expect(received.refund?.reference).toContain(paymentId);
    // The key is the request's: whatever the shop sent, Mercado Pago made one refund of the exact amount.
    const key = `devolucion-${request.number}-${paymentId}`;
    expect(refundCalls(paymentId).every((c) => c.idempotencyKey === key && c.body?.amount === 10000)).toBe(true);
    expect(payment(paymentId).refunds).toHaveLength(1);
    expect(payment(paymentId)).toMatchObject({
      status: 'approved',
      status_detail: 'partially_refunded',
      transaction_amount_refunded: 10000,
    });
    expect(payment(paymentId).refunds[0]).toMatchObject({ amount: 10000 });

    // Mercado Pago's notices of the payment, a dozen times (its own after the refund among them).
    const history = (await historyOf(order._id)).length;
    const answers = await Promise.all(Array.from({ length: 12 }, () => webhook(paymentId)));
    expect(answers.every((s) => s === 200)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await orderOf(order._id)).status).toBe('paid');
    expect((await historyOf(order._id)).length).toBe(history);
    expect(payment(paymentId).refunds).toHaveLength(1);
    expect(await variantStock(at, product, '85B')).toBe(9);
    // Net sales: today's returns grew by exactly the refund.
    const after = await todayFigures();
    expect(after.returns - before.returns).toBe(10000);

    // The second unit: the rest of the payment goes back, so Mercado Pago calls it refunded. The order is not refunded
    // again (its units came back with the returns), however often the notice comes.
    const rest = await approvedReturn(order, 1);
    const done = await move(rest._id, { status: 'received', refundMethod: 'mercadopago' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(payment(paymentId)).toMatchObject({ status: 'refunded', transaction_amount_refunded: 20000 });
    expect(payment(paymentId).refunds.map((r: { amount: number }) => r.amount)).toEqual([10000, 10000]);
    await Promise.all(Array.from({ length: 12 }, () => webhook(paymentId)));
    await waitFor(
      'the refunded notice noted',
      () => historyOf(order._id),
      (events) => events.some((e) => e.note?.includes('lo devolvieron los cambios y devoluciones') ?? false),
      { timeoutMs: 10_000, everyMs: 200 },
    );
    const notes = (await historyOf(order._id)).filter((e) => e.note?.includes('lo devolvieron los cambios y devoluciones'));
    expect(notes).toHaveLength(1);
    expect((await orderOf(order._id)).status).toBe('paid');
    expect(await variantStock(at, product, '85B')).toBe(10);
    // Refunding the whole order now would give its units back twice: refused.
    const whole = await at.call(`/orders/${order._id}/refund`, { method: 'POST', token: at.owner });
    expect(whole.status).toBe(400);
    expect(payment(paymentId).refunds).toHaveLength(2);

    // The orders' CSV shows what returns gave back and the net sale.
    const csv = await fetch(`${at.shop.url}/api/orders/export.csv?search=${order.orderNumber}`, {
      headers: { Authorization: `Bearer ${at.owner}` },
    });
    expect(csv.status).toBe(200);
    const [header, row] = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(header).toContain('Devuelto por cambios y devoluciones;Venta neta');
    expect(row).toMatch(/;20000;0$/);
  });

  it('Mercado Pago down: a Spanish 502, nothing refunded nor received, only Mercado Pago may finish it; the retry refunds once', async () => {
    const { order, paymentId, product } = await paidDelivered(1);
    const request = await approvedReturn(order, 1);
    await control('mode', { down: true });
    let refused;
    try {
      refused = await move(request._id, { status: 'received' });
    } finally {
      await control('mode', { down: false });
    }
    expect(refused.status).toBe(502);
    expect(refused.body.message).toMatch(
      /^Mercado Pago no hizo el reembolso de \$\s?10\.000 .*El cambio sigue aprobado y no se registró ninguna devolución/,
    );
    const still = staffReturnAnswerSchema.parse((await at.call(`/returns/${request._id}`, { token: at.owner })).body).return;
    expect(still).toMatchObject({ status: 'approved', refund: null, mercadoPagoRefund: 'started' });
    expect(await variantStock(at, product, '85B')).toBe(9);
    expect(payment(paymentId).refunds).toHaveLength(0);
    // Once asked of Mercado Pago, another way could refund twice: refused.
    expectMessage(await move(request._id, { status: 'received', refundMethod: 'coupon' }), 400, RETURN_MESSAGES.refundStarted);

    const retried = await move(request._id, { status: 'received' });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.return.refund).toMatchObject({ method: 'mercadopago', amount: 10000 });
    expect(payment(paymentId).refunds).toHaveLength(1);
    expect(await variantStock(at, product, '85B')).toBe(10);
  });

  it('a cash order cannot be refunded through Mercado Pago (400 in Spanish); junk methods are 400', async () => {
    const product = await bra(at, { b85: 5, b90: 5 });
    const order = await placeOrder(at, [{ productId: product._id, quantity: 1, size: '85B' }]);
    await deliver(at, order);
    const request = await approvedReturn(order, 1);
    const offered = staffReturnAnswerSchema.parse((await at.call(`/returns/${request._id}`, { token: at.owner })).body).return;
    expect(offered.mercadoPagoRefund).toBeNull();
    expectMessage(await move(request._id, { status: 'received', refundMethod: 'mercadopago' }), 400, RETURN_MESSAGES.refundNotMercadoPago);
    expect((await move(request._id, { status: 'received', refundMethod: 'cheque' })).status).toBe(400);
    expect((await at.call(`/returns/${request._id}`, { token: at.owner })).body.return.status).toBe('approved');
    expect(await variantStock(at, product, '85B')).toBe(4);
  });
});
