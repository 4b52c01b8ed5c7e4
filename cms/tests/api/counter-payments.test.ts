import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COUNTER_MESSAGES,
  COUNTER_PAYMENT_MESSAGES,
  STAFF_FORBIDDEN_MESSAGE,
  cashSessionAnswerSchema,
  counterPaymentAnswerSchema,
  manualOrderAnswerSchema,
  type CashSession,
  type CounterPayment,
  type OrderEvent,
} from '@shop/shared';
import { startFakeMercadoPago, type FakeMercadoPago } from '../../../scripts/fake-mercadopago.mjs';
import { api, type CallOptions } from '../helpers/api';
import { GARBAGE_TOKEN } from '../helpers/auth-matrix';
import { knexOn } from '../helpers/database';
import { fakeControl } from '../helpers/mercadopago';
import { createProduct, staffSaleBody, stockOf, type TestProduct } from '../helpers/orders';
import { startStaffedShop, type StaffedShop } from '../helpers/staffed-shop';
import { waitFor } from '../helpers/wait-for';
import { TEST_SHOPPER, startStrapi } from '../helpers/strapi-process';

/**
 * Card and QR parts of counter sales through Mercado Pago's in-person Orders API (docs/api.md "Counter: payments"),
 * against the fake (scripts/lib/fake-mercadopago-in-person.mjs): approved by polling alone, by a webhook delivered
 * five times and by a sweep in a fresh process, applied once; refused with a Spanish reason and then paid in cash;
 * cancelled from the screen; QR; split; an abandoned sale cancelled; the devices; the permission matrix and junk.
 */
const ACCESS_TOKEN = `TEST-${randomUUID()}`;
const WEBHOOK_SECRET = randomUUID().replace(/-/g, '');
const TERMINAL = 'NEWLAND_N950__N950NCB801293324';
const OFF = '0 0 0 1 1 *';

let fake: FakeMercadoPago;
let at: StaffedShop;
let product: TestProduct;
let registerId: number;
let sessionId: number;

const env = (extra: Record<string, string> = {}) => ({
  MERCADOPAGO_ACCESS_TOKEN: ACCESS_TOKEN,
  MERCADOPAGO_WEBHOOK_SECRET: WEBHOOK_SECRET,
  MERCADOPAGO_API_URL: fake.url,
  MERCADOPAGO_SWEEP_CRON: OFF,
  COUNTER_PAYMENTS_SWEEP_CRON: OFF,
  RATE_LIMIT_ORDERS_MAX: '100000',
  RATE_LIMIT_WEBHOOKS_MAX: '100000',
  ...extra,
});
const call = (pathname: string, options: CallOptions = {}) => api(pathname, { baseUrl: at.shop.url, ...options });
const asSales = (pathname: string, options: CallOptions = {}) => call(pathname, { token: at.sales, ...options });
const control = (path: string, body: unknown = {}) => fakeControl(fake, path, body);

/** A counter sale of one unit (10.000) at the test register with these payments; its answer. */
async function sell(payments: unknown[]) {
  const res = await asSales('/orders/manual', {
    body: staffSaleBody(product, 'local', { registerId, payments }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return manualOrderAnswerSchema.parse(res.body);
}

/** The sale's first card/QR part, as the sale answered it. */
function firstPart(sale: { counterPayments?: CounterPayment[] }): CounterPayment {
  const first = sale.counterPayments?.[0];
  if (!first) throw new Error('the sale answered no card/QR part');
  return first;
}

async function part(id: number): Promise<CounterPayment> {
  const res = await asSales(`/counter-payments/${id}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return counterPaymentAnswerSchema.parse(res.body).payment;
}

interface MpOrder {
  id: string;
  external_reference: string;
  [field: string]: unknown;
}

/** The fake's in-person order of a part (the latest for the sale's number). */
async function mpOrderOf(orderNumber: string): Promise<MpOrder> {
  const { orders } = (await control('in-person')) as { orders: MpOrder[] };
  const found = [...orders].reverse().find((o) => o.external_reference.startsWith(`${orderNumber}-`));
  if (!found) throw new Error(`no Mercado Pago order for ${orderNumber}`);
  return found;
}

async function session(): Promise<CashSession> {
  return cashSessionAnswerSchema.parse((await asSales(`/cash-sessions/${sessionId}`)).body).session;
}

async function paidTransitions(documentId: string): Promise<number> {
  const history: OrderEvent[] = (await call(`/orders/${documentId}/history`, { token: at.owner })).body.history;
  return history.filter((h) => h.to === 'paid' && h.from !== 'paid').length;
}

async function invoiceRows(documentId: string): Promise<number> {
  const db = knexOn(at.database.env);
  try {
    return (await db('invoices').where({ order_document_id: documentId, kind: 'invoice' })).length;
  } finally {
    await db.destroy();
  }
}

beforeAll(async () => {
  fake = await startFakeMercadoPago({ accessToken: ACCESS_TOKEN, webhookSecret: WEBHOOK_SECRET });
  at = await startStaffedShop(env());
  await control('in-person', { webhookUrl: `${at.shop.url}/api/payments/mercadopago/webhook` });
  const saved = await call('/content', {
    method: 'PUT',
    token: at.owner,
    body: { checkout: { paymentInfo: { cashOnDelivery: { enabled: true, additionalFee: 0 } } } },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  product = await createProduct({ stock: 200, size: ['M'], price: 10000 }, { baseUrl: at.shop.url, token: at.owner });
  registerId = (await call('/registers', { body: { name: 'Caja Point' }, token: at.owner })).body.register.id;
  const devices = await call(`/registers/${registerId}`, {
    method: 'PATCH',
    token: at.owner,
    body: { pointTerminalId: TERMINAL, qrPosId: 'CAJA1' },
  });
  expect(devices.status, JSON.stringify(devices.body)).toBe(200);
  expect(devices.body.register).toMatchObject({ pointTerminalId: TERMINAL, qrPosId: 'CAJA1' });
  sessionId = (await asSales(`/registers/${registerId}/sessions`, { body: { openingCash: 5000 } })).body.session.id;
}, 180_000);

afterAll(async () => {
  await at?.shop.stop();
  await at?.database.drop();
  await fake?.close();
});

describe('card at the Point terminal', () => {
  it('sends the exact amount to the terminal; polling alone completes the sale once; the session expects the card', async () => {
    const before = (await session()).expected.card;
    const sale = await sell([{ method: 'card', amount: 10000 }]);
    expect(sale.order.status).not.toBe('paid');
    expect(sale.counterPayments).toEqual([expect.objectContaining({ method: 'card', amount: 10000, status: 'pending', orderPaid: false })]);
    const mp = await mpOrderOf(sale.orderNumber);
    expect(mp).toMatchObject({
      type: 'point',
      config: { point: { terminal_id: TERMINAL } },
      transactions: { payments: [{ amount: '10000.00' }] },
    });
    const created = fake.state.calls.find((c) => c.path === '/v1/orders' && c.body?.external_reference === mp.external_reference);
    expect(created?.idempotencyKey).toMatch(/^counter-payment-/);
    await control(`orders/${mp.id}`, { action: 'approve', notify: false });
    const id = firstPart(sale).id;
    const approved = await waitFor(
      'the poll to apply the approval',
      () => part(id),
      (p) => p.status === 'approved',
      { timeoutMs: 10_000, everyMs: 500 },
    );
    expect(approved.orderPaid).toBe(true);
    expect((await session()).expected.card).toBe(before + 10000);
    expect(await paidTransitions(sale.order._id)).toBe(1);
    expect(await invoiceRows(sale.order._id)).toBe(1);
    const order = (await call(`/orders/${sale.order._id}`, { token: at.owner })).body.order;
    expect(order).toMatchObject({ status: 'paid', fulfillment: 'delivered' });

    // The sales report takes Mercado Pago's in-person rate for Point off this sale (3,25 % of 10.000 = 325), not the
    // online rate (6,29 % would be 629) nor nothing.
    const rates = { paymentFeePercent: 6.29, pointFeePercent: 3.25, qrFeePercent: 0.8 };
    const set = await call('/purchase-settings', { method: 'PUT', body: rates, token: at.owner });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    try {
      const report = await call('/reports/sales?groupBy=channel', { token: at.owner });
      expect(report.status, JSON.stringify(report.body)).toBe(200);
      expect(report.body.totals.fees).toBe(325);
    } finally {
      await call('/purchase-settings', {
        method: 'PUT',
        body: { paymentFeePercent: 0, pointFeePercent: 0, qrFeePercent: 0 },
        token: at.owner,
      });
    }
  });

  it('the same approval notified 5 times, then a sweep in a fresh process after a restart: applied once', async () => {
    const sale = await sell([{ method: 'card', amount: 10000 }]);
    const mp = await mpOrderOf(sale.orderNumber);
    const { webhookAnswers } = await control(`orders/${mp.id}`, { action: 'approve', times: 5 });
    expect(webhookAnswers).toEqual([200, 200, 200, 200, 200]);
    // A second sale approved while no notice arrives; a fresh process's sweep finds it.
    const late = await sell([{ method: 'card', amount: 10000 }]);
    const lateMp = await mpOrderOf(late.orderNumber);
    await control(`orders/${lateMp.id}`, { action: 'approve', notify: false });
    const sweeper = await startStrapi(at.database, env({ COUNTER_PAYMENTS_SWEEP_CRON: '*/1 * * * * *' }));
    const db = knexOn(at.database.env);
    try {
      await waitFor(
        'the sweep to apply the late approval',
        () => db('counter_payments').where({ mp_order_id: lateMp.id }).first('status'),
        (row) => row?.status === 'approved',
        { timeoutMs: 30_000, everyMs: 500 },
      );
      await control(`notify-order/${lateMp.id}`, { times: 3 });
    } finally {
      await db.destroy();
      await sweeper.stop();
    }
    for (const done of [sale, late]) {
      expect(await paidTransitions(done.order._id)).toBe(1);
      expect(await invoiceRows(done.order._id)).toBe(1);
      expect((await session()).movements.filter((m) => m.orderNumber === done.orderNumber && m.method === 'card')).toHaveLength(1);
    }
  });

  it('refused: the reason in Spanish; the rest is charged in cash on the same sale, which is then paid', async () => {
    const sale = await sell([{ method: 'card', amount: 10000 }]);
    const mp = await mpOrderOf(sale.orderNumber);
    await control(`orders/${mp.id}`, { action: 'refuse', status_detail: 'cc_rejected_insufficient_amount' });
    const refused = await part(firstPart(sale).id);
    expect(refused).toMatchObject({ status: 'refused', reason: 'Fondos insuficientes', orderPaid: false });
    const over = await asSales(`/orders/${sale.orderNumber}/counter-payments`, { body: { method: 'cash', amount: 10001 } });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(COUNTER_PAYMENT_MESSAGES.overOutstanding(10001, 10000));
    const cash = await asSales(`/orders/${sale.orderNumber}/counter-payments`, {
      body: { method: 'cash', amount: 10000, tendered: 20000 },
    });
    expect(cash.status, JSON.stringify(cash.body)).toBe(201);
    expect(cash.body).toMatchObject({ orderPaid: true, outstanding: 0, change: 10000 });
    const again = await asSales(`/orders/${sale.order._id}/counter-payments`, { body: { method: 'cash', amount: 1 } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(COUNTER_PAYMENT_MESSAGES.alreadyPaid);
    expect(await paidTransitions(sale.order._id)).toBe(1);
  });

  it('cancelled from the screen: Mercado Pago is asked to cancel it at the terminal; an approved part cannot be', async () => {
    const sale = await sell([{ method: 'card', amount: 10000 }]);
    const mp = await mpOrderOf(sale.orderNumber);
    await control(`orders/${mp.id}`, { action: 'at_terminal', notify: false });
    const res = await asSales(`/counter-payments/${firstPart(sale).id}`, { method: 'DELETE' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.payment).toMatchObject({ status: 'cancelled', orderPaid: false });
    expect(fake.state.calls.some((c) => c.method === 'POST' && c.path === `/v1/orders/${mp.id}/cancel`)).toBe(true);
    expect(fake.state.inPerson.orders.get(mp.id)?.status).toBe('canceled');
    const paid = await sell([{ method: 'card', amount: 10000 }]);
    await control(`orders/${(await mpOrderOf(paid.orderNumber)).id}`, { action: 'approve' });
    const refused = await asSales(`/counter-payments/${firstPart(paid).id}`, { method: 'DELETE' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(COUNTER_PAYMENT_MESSAGES.approvedCannotCancel);
  });
});

describe('QR, split and abandoned sales', () => {
  it('QR: a dynamic QR for the exact amount; paid once Mercado Pago confirms; the session expects the QR', async () => {
    const before = (await session()).expected.qr;
    const sale = await sell([{ method: 'qr', amount: 10000 }]);
    expect(firstPart(sale).qrData).toMatch(/^000201/);
    const mp = await mpOrderOf(sale.orderNumber);
    expect(mp).toMatchObject({ type: 'qr', config: { qr: { external_pos_id: 'CAJA1', mode: 'dynamic' } } });
    await control(`orders/${mp.id}`, { action: 'approve' });
    expect(await part(firstPart(sale).id)).toMatchObject({ status: 'approved', orderPaid: true });
    expect((await session()).expected.qr).toBe(before + 10000);
  });

  it('split cash + card: the cash (with change) is in the drawer at once; the sale is paid when the card is', async () => {
    const before = await session();
    const sale = await sell([
      { method: 'cash', amount: 4000, tendered: 5000 },
      { method: 'card', amount: 6000 },
    ]);
    expect(sale.change).toBe(1000);
    expect((await session()).expected.cash).toBe(before.expected.cash + 4000);
    expect(await mpOrderOf(sale.orderNumber)).toMatchObject({ transactions: { payments: [{ amount: '6000.00' }] } });
    await control(`orders/${(await mpOrderOf(sale.orderNumber)).id}`, { action: 'approve' });
    expect(await part(firstPart(sale).id)).toMatchObject({ status: 'approved', orderPaid: true });
    expect((await session()).expected.card).toBe(before.expected.card + 6000);
  });

  it('an unpaid sale cancelled by staff gives its units back and takes its card part off the terminal', async () => {
    const stock = await stockOf(product._id, at.shop.url);
    const sale = await sell([{ method: 'card', amount: 10000 }]);
    expect(await stockOf(product._id, at.shop.url)).toBe(stock - 1);
    const mp = await mpOrderOf(sale.orderNumber);
    const cancelled = await call(`/orders/${sale.order._id}/status`, { method: 'PUT', token: at.owner, body: { status: 'cancelled' } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await stockOf(product._id, at.shop.url)).toBe(stock);
    expect(await part(firstPart(sale).id)).toMatchObject({
      status: 'cancelled',
      reason: COUNTER_PAYMENT_MESSAGES.cancelledBySale,
    });
    await waitFor(
      'the cancel at Mercado Pago',
      async () => fake.state.inPerson.orders.get(mp.id)?.status,
      (s) => s === 'canceled',
      {
        timeoutMs: 5_000,
        everyMs: 100,
      },
    );
  });
});

describe('devices, permissions and junk', () => {
  it('the devices: a terminal not in the account is refused; sales may not set them', async () => {
    const unknown = await call(`/registers/${registerId}`, {
      method: 'PATCH',
      token: at.owner,
      body: { pointTerminalId: 'OTRA_TERMINAL' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(COUNTER_PAYMENT_MESSAGES.terminalUnknown);
    const bySales = await asSales(`/registers/${registerId}`, { method: 'PATCH', body: { qrPosId: 'CAJA2' } });
    expect(bySales.status).toBe(403);
    expect(bySales.body.message).toBe(STAFF_FORBIDDEN_MESSAGE);
  });

  it('no token, a garbage token, a shopper, a role without counter.use: refused on every route', async () => {
    const shopper = (await call('/auth/login', { body: { email: TEST_SHOPPER.email, password: TEST_SHOPPER.password } })).body.token;
    const routes: [string, string, unknown?][] = [
      ['GET', '/counter-payments/1'],
      ['DELETE', '/counter-payments/1'],
      ['POST', '/orders/X/counter-payments', { method: 'cash', amount: 1 }],
      ['PATCH', `/registers/${registerId}`, { qrPosId: 'CAJA9' }],
    ];
    for (const [method, path, body] of routes) {
      expect((await call(path, { method, body })).status, `${method} ${path}`).toBe(401);
      expect((await call(path, { method, body, token: GARBAGE_TOKEN })).status, `${method} ${path}`).toBe(401);
      expect((await call(path, { method, body, token: shopper })).status, `${method} ${path} shopper`).toBe(403);
      const byCatalog = await call(path, { method, body, token: at.catalog });
      expect(byCatalog.status, `${method} ${path} catalog`).toBe(403);
      expect(byCatalog.body.message).toBe(STAFF_FORBIDDEN_MESSAGE);
    }
  });

  it('junk input: Spanish 400s and 404s', async () => {
    const cases: [string, string, unknown, number, string][] = [
      ['GET', '/counter-payments/abc', undefined, 400, COUNTER_PAYMENT_MESSAGES.badId],
      ['GET', '/counter-payments/999999', undefined, 404, COUNTER_PAYMENT_MESSAGES.unknown],
      ['DELETE', '/counter-payments/0', undefined, 400, COUNTER_PAYMENT_MESSAGES.badId],
      ['POST', '/orders/NO-EXISTE/counter-payments', { method: 'cash', amount: 1 }, 404, COUNTER_PAYMENT_MESSAGES.orderUnknown],
      ['POST', '/orders/X/counter-payments', { method: 'bitcoin', amount: 1 }, 400, COUNTER_MESSAGES.paymentMethod],
      ['POST', '/orders/X/counter-payments', { method: 'card', amount: -5 }, 400, COUNTER_MESSAGES.amount],
      ['PATCH', `/registers/${registerId}`, {}, 400, COUNTER_PAYMENT_MESSAGES.devicesEmpty],
      ['PATCH', `/registers/${registerId}`, { pointTerminalId: 'a b' }, 400, COUNTER_PAYMENT_MESSAGES.terminalId],
      ['PATCH', `/registers/${registerId}`, { qrPosId: 'caja-1' }, 400, COUNTER_PAYMENT_MESSAGES.qrPosId],
      ['PATCH', '/registers/999999', { qrPosId: 'CAJA1' }, 404, COUNTER_MESSAGES.registerUnknown],
    ];
    for (const [method, path, body, status, message] of cases) {
      const res = await call(path, { method, body, token: at.owner });
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(status);
      expect(res.body.message).toBe(message);
    }
  });
});
