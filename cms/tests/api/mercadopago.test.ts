import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CHECKOUT_REFUSALS, INSTALLMENT_PLAN_MESSAGES, type Order, type OrderEvent } from '@shop/shared';
import { signWebhook, startFakeMercadoPago, type FakeMercadoPago } from '../../../scripts/fake-mercadopago.mjs';
import { fakeControl } from '../helpers/mercadopago';
import { api, type CallOptions } from '../helpers/api';
import { GARBAGE_TOKEN } from '../helpers/auth-matrix';
import { orderBody, type LineInput } from '../helpers/orders';
import { knexOn } from '../helpers/database';
import { inviteStaff } from '../helpers/staff';
import { waitFor } from '../helpers/wait-for';
import { TEST_ADMIN, TEST_SHOPPER, startStrapi, type RunningStrapi, type TestDatabase } from '../helpers/strapi-process';
import { startTwoProcesses, stopTwoProcesses } from '../helpers/two-processes';

// Two app processes on a throwaway database, both talking to a local fake of Mercado Pago's API (real HTTP, the
// same protocol), which signs its webhooks with the shop's secret. The sweep for lost webhooks is off here (it runs
// once a year) and has a process of its own in its test, so that it never races the webhooks under test.
const ACCESS_TOKEN = `TEST-${randomUUID()}`;
const WEBHOOK_SECRET = randomUUID().replace(/-/g, '');
const LIMITS = { RATE_LIMIT_ORDERS_MAX: '100000', RATE_LIMIT_TRACKING_MAX: '100000', RATE_LIMIT_WEBHOOKS_MAX: '100000' };

let fake: FakeMercadoPago;
let database: TestDatabase;
let first: RunningStrapi;
let second: RunningStrapi;
let owner: string;

const call = (pathname: string, options: CallOptions = {}) => api(pathname, { baseUrl: first.url, ...options });
/** The owner saves these Mercado Pago settings (the rest of the content as it is). */
const saveMercadoPago = (mercadoPago: Record<string, unknown>) =>
  call('/content', { method: 'PUT', token: owner, body: { checkout: { paymentInfo: { mercadoPago } } } });

/** The fake's control routes (what it holds, how it answers next). */
const control = (path: string, body: unknown = {}) => fakeControl(fake, path, body);

const mpEnv = (extra: Record<string, string> = {}) => ({
  MERCADOPAGO_ACCESS_TOKEN: ACCESS_TOKEN,
  MERCADOPAGO_WEBHOOK_SECRET: WEBHOOK_SECRET,
  MERCADOPAGO_API_URL: fake.url,
  MERCADOPAGO_SWEEP_CRON: '0 0 0 1 1 *',
  ...LIMITS,
  ...extra,
});

async function createProduct(stock: number, price = 12000): Promise<{ _id: string }> {
  const res = await call('/products', {
    body: {
      title: `Conjunto MP ${randomUUID().slice(0, 6)}`,
      description: 'd',
      price,
      category: 'conjuntos',
      stockBySize: { M: stock },
      size: ['M'],
      thumbnails: ['/images/x.webp'],
    },
    token: owner,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.product;
}

async function stockOf(productId: string): Promise<number> {
  const res = await call(`/products/${productId}`, { token: owner });
  return res.body.product.stock;
}

async function orderById(id: string): Promise<Order> {
  const res = await call(`/orders/${id}`, { token: owner });
  expect(res.status).toBe(200);
  return res.body.order;
}

/**
 * A further process on the database with these settings over mpEnv(), running until the order reaches `status` (read
 * every half second, for 30 s at most), then stopped.
 */
async function whileSweeping(env: Record<string, string>, what: string, orderId: string, status: Order['status']): Promise<void> {
  const sweeper = await startStrapi(database, mpEnv(env));
  try {
    await waitFor(
      what,
      () => orderById(orderId),
      (o) => o.status === status,
      { timeoutMs: 30_000, everyMs: 500 },
    );
  } finally {
    await sweeper.stop();
  }
}

async function historyOf(id: string): Promise<OrderEvent[]> {
  return (await call(`/orders/${id}/history`, { token: owner })).body.history;
}

interface Placed {
  order: Order;
  checkoutUrl: string;
  productId: string;
}

/** A Mercado Pago order of `quantity` units (of a product with `stock`), as the storefront places it. */
async function placeMp(quantity = 2, stock = 10, headers: Record<string, string> = {}): Promise<Placed> {
  const product = await createProduct(stock);
  // The client's price is ignored: the preference carries the server's.
  const lines: LineInput[] = [{ productId: product._id, quantity, size: 'M', price: 1 }];
  const res = await call('/orders', { body: orderBody(lines, { paymentMethod: 'mercadopago' }), headers });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { order: res.body.order, checkoutUrl: res.body.payment.checkoutUrl, productId: product._id };
}

/** Mercado Pago's webhook for a payment, signed (or not) as asked, posted to one process. */
function postWebhook(
  target: RunningStrapi,
  paymentId: string | number,
  options: { ts?: number; secret?: string; signature?: string } = {},
) {
  const requestId = randomUUID();
  const ts = options.ts ?? Math.floor(Date.now() / 1000);
  const signature = options.signature ?? signWebhook(options.secret ?? WEBHOOK_SECRET, paymentId, requestId, ts);
  return fetch(`${target.url}/api/payments/mercadopago/webhook?data.id=${paymentId}&type=payment`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-signature': signature, 'x-request-id': requestId },
    body: JSON.stringify({ action: 'payment.updated', type: 'payment', data: { id: String(paymentId) } }),
  });
}

beforeAll(async () => {
  fake = await startFakeMercadoPago({ accessToken: ACCESS_TOKEN, webhookSecret: WEBHOOK_SECRET });
  ({ database, first, second } = await startTwoProcesses(inject('databaseKind'), mpEnv()));
  const login = await call('/auth/login', { body: TEST_ADMIN });
  expect(login.status).toBe(200);
  owner = login.body.token;
  const enabled = await saveMercadoPago({ enabled: true, maxInstallments: 6, reservationMinutes: 60 });
  expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
});

afterAll(async () => {
  await stopTwoProcesses({ database, first, second });
  await fake?.close();
});

describe('configuration', () => {
  it('a server without credentials hides the method and refuses it (400), though the content has it on', async () => {
    const product = await createProduct(5);
    // A process on the same database (the method is on in its content) started without Mercado Pago's variables.
    const bare = await startStrapi(database, LIMITS);
    try {
      const content = await api('/content', { baseUrl: bare.url });
      expect(content.body.content.checkout.paymentInfo.mercadoPago.enabled).toBe(true);
      expect(content.body.services).toEqual({ mercadoPago: false });
      const body = orderBody([{ productId: product._id, quantity: 1, size: 'M' }], { paymentMethod: 'mercadopago' });
      const order = await api('/orders', { body, baseUrl: bare.url });
      expect(order.status).toBe(400);
      expect(order.body.message).toBe(CHECKOUT_REFUSALS.mercadopago);
      const quote = await api('/checkout/quote', { body: { items: body.items, paymentMethod: 'mercadopago' }, baseUrl: bare.url });
      expect(quote.status).toBe(400);
      expect(quote.body.message).toBe(CHECKOUT_REFUSALS.mercadopago);
    } finally {
      await bare.stop();
    }
    expect(await stockOf(product._id)).toBe(5);
  });

  it('with credentials and the method on, the content says so and the quote prices it without a cash fee', async () => {
    const content = await call('/content');
    expect(content.body.services).toEqual({ mercadoPago: true });
    expect(content.body.content.checkout.paymentInfo.mercadoPago).toMatchObject({ enabled: true, maxInstallments: 6 });
    const product = await createProduct(5, 15000);
    const quote = await call('/checkout/quote', {
      body: { items: [{ productId: product._id, quantity: 2, size: 'M' }], paymentMethod: 'mercadopago' },
    });
    expect(quote.status).toBe(200);
    expect(quote.body.quote).toMatchObject({ subtotal: 30000, cashFee: 0, total: 30000 });
  });

  it('refuses installments outside 1–12 and a hold of less than a minute with a Spanish 400', async () => {
    for (const maxInstallments of [0, 13, 2.5, 'seis']) {
      const res = await saveMercadoPago({ maxInstallments });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Las cuotas de Mercado Pago deben ser un número entero entre 1 y 12');
    }
    for (const reservationMinutes of [0, -1, 43_201, '60']) {
      const res = await saveMercadoPago({ reservationMinutes });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Los minutos de reserva de Mercado Pago deben ser un número entero entre 1 y 43200 (30 días)');
    }
  });
});

describe('installment plans (Res. SIyC 4/2025)', () => {
  it('refuses plans that would state a false figure (Spanish 400, nothing saved); the checkout offers the longest plan advertised', async () => {
    const refusals: [unknown, string][] = [
      [[{ installments: 3, surchargePercent: 0, cftea: 25 }], INSTALLMENT_PLAN_MESSAGES.interestFreeCftea],
      [[{ installments: 13, surchargePercent: 0, cftea: 0 }], INSTALLMENT_PLAN_MESSAGES.installments],
      [
        [
          { installments: 3, surchargePercent: 0, cftea: 0 },
          { installments: 3, surchargePercent: 10, cftea: 40 },
        ],
        INSTALLMENT_PLAN_MESSAGES.repeated,
      ],
      [[{ installments: 6, surchargePercent: '10', cftea: 40 }], INSTALLMENT_PLAN_MESSAGES.surcharge],
      ['tres', INSTALLMENT_PLAN_MESSAGES.list],
      [['tres'], INSTALLMENT_PLAN_MESSAGES.plan],
    ];
    for (const [installmentPlans, message] of refusals) {
      const res = await saveMercadoPago({ installmentPlans });
      expect(res.status, JSON.stringify(installmentPlans)).toBe(400);
      expect(res.body.message).toContain(message);
    }
    expect((await call('/content')).body.content.checkout.paymentInfo.mercadoPago.installmentPlans).toEqual([]);
    const plans = [
      { installments: 3, surchargePercent: 0, cftea: 0 },
      { installments: 12, surchargePercent: 40, cftea: 89.5 },
    ];
    expect((await saveMercadoPago({ installmentPlans: plans, installmentsOnCards: true })).status).toBe(200);
    try {
      expect((await call('/content')).body.content.checkout.paymentInfo.mercadoPago).toMatchObject({
        maxInstallments: 6,
        installmentPlans: plans,
        installmentsOnCards: true,
      });
      // The page promises 12 installments: the preference offers 12, not the owner's older maximum of 6.
      const placed = await placeMp(1, 5);
      const preference = fake.state.calls.find(
        (c) => c.path === '/checkout/preferences' && c.body?.external_reference === placed.order.orderNumber,
      );
      expect(preference?.body.payment_methods.installments).toBe(12);
    } finally {
      expect((await saveMercadoPago({ installmentPlans: [], installmentsOnCards: false })).status).toBe(200);
    }
  });
});

describe('placing an order', () => {
  it('charges the discounted total: the preference items add up to the order total, never the list prices', async () => {
    const code = `MP${randomUUID().slice(0, 8)}`.toUpperCase();
    const coupon = await call('/coupons', { body: { code, type: 'percent', value: 25 }, token: owner });
    expect(coupon.status, JSON.stringify(coupon.body)).toBe(201);
    const product = await createProduct(10);
    const lines: LineInput[] = [{ productId: product._id, quantity: 2, size: 'M' }];
    const res = await call('/orders', { body: orderBody(lines, { paymentMethod: 'mercadopago', couponCode: code }) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const order = res.body.order as Order;
    expect(order).toMatchObject({ subtotal: 24000, discountTotal: 6000, total: 18000, couponCode: code });
    const sent = fake.state.calls.find((c) => c.path === '/checkout/preferences' && c.body?.external_reference === order.orderNumber)?.body;
    const items = sent.items as { quantity: number; unit_price: number }[];
    expect(items.reduce((sum, item) => sum + item.quantity * item.unit_price, 0)).toBe(18000);
  });

  it('discounts that leave $0 to pay: 400 in Spanish, no preference asked of Mercado Pago, nothing written', async () => {
    const code = `CERO${randomUUID().slice(0, 8)}`.toUpperCase();
    const price = 12000;
    const coupon = await call('/coupons', { body: { code, type: 'fixed', value: price * 2 }, token: owner });
    expect(coupon.status, JSON.stringify(coupon.body)).toBe(201);
    const product = await createProduct(10, price);
    const before = (await call('/orders', { token: owner })).body.totalOrders;
    const preferencesBefore = fake.state.calls.filter((c) => c.path === '/checkout/preferences').length;
    const lines: LineInput[] = [{ productId: product._id, quantity: 1, size: 'M' }];
    // The quote agrees that nothing is left to pay.
    const quote = await call('/checkout/quote', {
      body: { items: lines, paymentMethod: 'mercadopago', deliveryType: 'pickup', couponCode: code },
    });
    expect(quote.status).toBe(200);
    expect(quote.body.quote.total).toBe(0);
    const res = await call('/orders', { body: orderBody(lines, { paymentMethod: 'mercadopago', couponCode: code }) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(CHECKOUT_REFUSALS.mercadopagoZero);
    expect(fake.state.calls.filter((c) => c.path === '/checkout/preferences')).toHaveLength(preferencesBefore);
    expect((await call('/orders', { token: owner })).body.totalOrders).toBe(before);
    expect(await stockOf(product._id)).toBe(10);
    const uses = (await call('/coupons', { token: owner })).body.coupons.find((c: { code: string }) => c.code === code);
    expect(uses.uses).toBe(0);
  });

  it('holds the stock, creates one preference with the server’s figures and answers where to pay', async () => {
    const key = randomUUID();
    const placed = await placeMp(2, 10, { 'Idempotency-Key': key });
    expect(placed.order.status).toBe('pending_payment');
    expect(placed.order.paymentMethod).toBe('mercadopago');
    expect(placed.order.total).toBe(24000);
    expect(new Date(placed.order.reservedUntil ?? 0).getTime() - Date.now()).toBeGreaterThan(55 * 60_000);
    expect(placed.checkoutUrl).toMatch(new RegExp(`^${fake.url}/checkout/v1/redirect\\?pref_id=`));
    expect(placed.order.payment?.checkoutUrl).toBe(placed.checkoutUrl);
    expect(await stockOf(placed.productId)).toBe(8);
    const calls = fake.state.calls.filter(
      (c) => c.path === '/checkout/preferences' && c.body?.external_reference === placed.order.orderNumber,
    );
    expect(calls).toHaveLength(1);
    const [preferenceCall] = calls;
    // The checkout's key, tied to this order's number (a retry after a failure is a new order with a new number).
    expect(preferenceCall?.idempotencyKey).toBe(`${key}-${placed.order.orderNumber}`);
    const sent = preferenceCall?.body;
    expect(sent.items).toEqual([expect.objectContaining({ id: placed.productId, quantity: 2, unit_price: 12000, currency_id: 'ARS' })]);
    expect(sent.notification_url).toBe(`${first.url}/api/payments/mercadopago/webhook`);
    expect(sent.back_urls.success).toBe(`${first.url}/track-order?n=${placed.order.orderNumber}`);
    expect(sent.payment_methods.installments).toBe(6);
    // Cash tickets take days to be paid: longer than the hold.
    expect(sent.payment_methods.excluded_payment_types).toEqual([{ id: 'ticket' }, { id: 'atm' }]);
    expect(sent.expiration_date_to).toBe(placed.order.reservedUntil);

    // The same key again: the same order and link, and no second preference.
    const again = await call('/orders', {
      body: orderBody([{ productId: placed.productId, quantity: 2, size: 'M', price: 1 }], { paymentMethod: 'mercadopago' }),
      headers: { 'Idempotency-Key': key },
    });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.order._id).toBe(placed.order._id);
    expect(again.body.payment.checkoutUrl).toBe(placed.checkoutUrl);
    expect(fake.state.preferences.size).toBeGreaterThan(0);
    expect([...fake.state.preferences.values()].filter((p) => p.external_reference === placed.order.orderNumber)).toHaveLength(1);
    expect(await stockOf(placed.productId)).toBe(8);
  });

  it('Mercado Pago down: 502 in Spanish, no order kept, no stock held, and the same key works once it is back', async () => {
    const product = await createProduct(4);
    const before = (await call('/orders', { token: owner })).body.totalOrders;
    const key = randomUUID();
    const body = orderBody([{ productId: product._id, quantity: 3, size: 'M' }], { paymentMethod: 'mercadopago' });
    await control('mode', { down: true });
    try {
      const res = await call('/orders', { body, headers: { 'Idempotency-Key': key } });
      expect(res.status).toBe(502);
      expect(res.body.message).toMatch(/^No pudimos conectar con Mercado Pago.*transferencia o efectivo\.$/);
    } finally {
      await control('mode', { down: false });
    }
    expect(await stockOf(product._id)).toBe(4);
    expect((await call('/orders', { token: owner })).body.totalOrders).toBe(before);
    const retried = await call('/orders', { body, headers: { 'Idempotency-Key': key } });
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    expect(await stockOf(product._id)).toBe(1);
  });
});

describe('the webhook', () => {
  it('approved: the order is paid once, with the payment, its installments and a history entry by Mercado Pago', async () => {
    const placed = await placeMp();
    const tracked = await call(`/orders/by-number/${placed.order.orderNumber}?contact=${encodeURIComponent(TEST_SHOPPER.email)}`);
    expect(tracked.status).toBe(200);
    const shopperTracked = await call(`/orders/by-number/${placed.order.orderNumber}?contact=maria.gomez@example.com`);
    expect(shopperTracked.body.order.checkoutUrl).toBe(placed.checkoutUrl);
    const { payment, webhookAnswer } = await control('payments', {
      externalReference: placed.order.orderNumber,
      status: 'approved',
      installments: 3,
    });
    expect(webhookAnswer).toBe(200);
    const order = await orderById(placed.order._id);
    expect(order.status).toBe('paid');
    expect(order.paidAt).not.toBeNull();
    expect(order.reservedUntil).toBeNull();
    expect(order.payment).toMatchObject({ paymentId: String(payment.id), paymentStatus: 'approved', installments: 3 });
    expect(order.payment?.paymentUrl).toContain(String(payment.id));
    const history = await historyOf(placed.order._id);
    expect(history.filter((e) => e.to === 'paid')).toEqual([
      expect.objectContaining({ from: 'pending_payment', by: expect.objectContaining({ kind: 'system', name: 'Mercado Pago' }) }),
    ]);
    expect(await stockOf(placed.productId)).toBe(8);
    // Paid, it is on the pickup list to hand over, with nothing to collect.
    const pickups = await call('/orders/dispatch?type=pickup', { token: owner });
    const listed = pickups.body.groups.flatMap((g: { orders: { orderNumber: string; toCollect: number }[] }) => g.orders);
    expect(listed.find((o: { orderNumber: string }) => o.orderNumber === placed.order.orderNumber)).toMatchObject({ toCollect: 0 });
    // The shopper's own view has no link into Mercado Pago's activity, and nothing left to pay.
    const own = await call(`/orders/${placed.order._id}`);
    expect(own.body.order.payment.paymentUrl).toBeUndefined();
    const after = await call(`/orders/by-number/${placed.order.orderNumber}?contact=maria.gomez@example.com`);
    expect(after.body.order.status).toBe('paid');
    expect(after.body.order.checkoutUrl).toBeNull();
  });

  it('rejected then approved: pending (with its link) after the rejection, paid after the approval', async () => {
    const placed = await placeMp();
    await control('payments', {
      externalReference: placed.order.orderNumber,
      status: 'rejected',
      status_detail: 'cc_rejected_insufficient_amount',
    });
    const pending = await orderById(placed.order._id);
    expect(pending.status).toBe('pending_payment');
    expect(pending.payment?.paymentStatus).toBe('rejected');
    const notes = (await historyOf(placed.order._id)).map((e) => e.note ?? '');
    expect(notes.some((n) => n.includes('rechazó') && n.includes('cc_rejected_insufficient_amount'))).toBe(true);
    const tracked = await call(`/orders/by-number/${placed.order.orderNumber}?contact=maria.gomez@example.com`);
    expect(tracked.body.order.checkoutUrl).toBe(placed.checkoutUrl);
    await control('payments', { externalReference: placed.order.orderNumber, status: 'approved' });
    expect((await orderById(placed.order._id)).status).toBe('paid');
  });

  it('refuses forged, unsigned, stale and future calls with 401 and changes nothing; the genuine call then pays', async () => {
    const placed = await placeMp();
    const { payment } = await control('payments', { externalReference: placed.order.orderNumber, status: 'approved', notify: false });
    const now = Math.floor(Date.now() / 1000);
    const refused = [
      await postWebhook(first, payment.id, { secret: 'otro-secreto' }),
      await postWebhook(first, payment.id, { signature: '' }),
      await postWebhook(first, payment.id, { signature: `ts=${now},v1=${'0'.repeat(64)}` }),
      await postWebhook(first, payment.id, { signature: 'basura' }),
      await postWebhook(first, payment.id, { ts: now - 11 * 60 }),
      await postWebhook(first, payment.id, { ts: now + 11 * 60 }),
    ];
    for (const res of refused) {
      expect(res.status).toBe(401);
      expect((await res.json()).message).toBe('Aviso de pago no verificado');
    }
    // Signed for another payment id than the one in the query string.
    const requestId = randomUUID();
    const other = await fetch(`${first.url}/api/payments/mercadopago/webhook?data.id=${payment.id}&type=payment`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-signature': signWebhook(WEBHOOK_SECRET, '999', requestId, now),
        'x-request-id': requestId,
      },
      body: '{}',
    });
    expect(other.status).toBe(401);
    expect((await orderById(placed.order._id)).status).toBe('pending_payment');
    expect((await control(`notify/${payment.id}`, { tsOffsetSeconds: -11 * 60 })).webhookAnswer).toBe(401);
    expect((await control(`notify/${payment.id}`, { tamper: true })).webhookAnswer).toBe(401);
    expect((await orderById(placed.order._id)).status).toBe('pending_payment');
    expect((await postWebhook(first, payment.id, { ts: now - 9 * 60 })).status).toBe(200);
    expect((await orderById(placed.order._id)).status).toBe('paid');
  });

  it('a wrong amount or currency marks nothing paid and leaves a note for staff', async () => {
    const placed = await placeMp();
    const cheap = await control('payments', { externalReference: placed.order.orderNumber, status: 'approved', amount: 100 });
    expect(cheap.webhookAnswer).toBe(200);
    const dollars = await control('payments', { externalReference: placed.order.orderNumber, status: 'approved', currency: 'USD' });
    expect(dollars.webhookAnswer).toBe(200);
    const order = await orderById(placed.order._id);
    expect(order.status).toBe('pending_payment');
    expect(order.paidAt).toBeNull();
    const notes = (await historyOf(placed.order._id)).map((e) => e.note ?? '').filter((n) => n.startsWith('ATENCIÓN'));
    expect(notes).toHaveLength(2);
    expect(notes[0]).toContain(String(cheap.payment.id));
    expect(notes[1]).toContain('USD');
  });

  it('the same notification many times, to two processes at once, changes the order once; a refund returns stock once', async () => {
    const placed = await placeMp(3, 10);
    const { payment } = await control('payments', { externalReference: placed.order.orderNumber, status: 'approved', notify: false });
    const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => postWebhook(i % 2 === 0 ? first : second, payment.id)));
    expect(burst.map((r) => r.status)).toEqual(Array(12).fill(200));
    expect((await orderById(placed.order._id)).status).toBe('paid');
    expect((await historyOf(placed.order._id)).filter((e) => e.to === 'paid')).toHaveLength(1);
    expect(await stockOf(placed.productId)).toBe(7);

    await control(`payments/${payment.id}`, { status: 'refunded', notify: false });
    const refunds = await Promise.all(Array.from({ length: 8 }, (_, i) => postWebhook(i % 2 === 0 ? second : first, payment.id)));
    expect(refunds.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect((await orderById(placed.order._id)).status).toBe('refunded');
    expect((await historyOf(placed.order._id)).filter((e) => e.to === 'refunded')).toHaveLength(1);
    expect(await stockOf(placed.productId)).toBe(10);
    // A late copy of the approval (Mercado Pago now reports the payment refunded) changes nothing.
    expect((await postWebhook(first, payment.id)).status).toBe(200);
    expect((await orderById(placed.order._id)).status).toBe('refunded');
    expect(await stockOf(placed.productId)).toBe(10);
  });

  it('a second approved payment of a paid order changes nothing but asks staff to give one back; its refund does not refund the order', async () => {
    const placed = await placeMp();
    const first = await control('payments', { externalReference: placed.order.orderNumber, status: 'approved' });
    const second = await control('payments', { externalReference: placed.order.orderNumber, status: 'approved' });
    expect(second.webhookAnswer).toBe(200);
    let order = await orderById(placed.order._id);
    expect(order.status).toBe('paid');
    expect(order.payment?.paymentId).toBe(String(first.payment.id));
    const notes = (await historyOf(placed.order._id)).map((e) => e.note ?? '');
    expect(notes.some((n) => n.startsWith('ATENCIÓN: Mercado Pago aprobó un segundo pago') && n.includes(String(second.payment.id)))).toBe(
      true,
    );
    await control(`payments/${second.payment.id}`, { status: 'refunded' });
    order = await orderById(placed.order._id);
    expect(order.status).toBe('paid');
    expect(order.payment?.paymentId).toBe(String(first.payment.id));
    expect(await stockOf(placed.productId)).toBe(8);
  });

  it('a payment of an order this shop does not have: 200 (Mercado Pago stops retrying), nothing changes', async () => {
    const { webhookAnswer } = await control('payments', {
      externalReference: 'JL-19990101-0001',
      status: 'approved',
      amount: 5000,
      notificationUrl: `${first.url}/api/payments/mercadopago/webhook`,
    });
    expect(webhookAnswer).toBe(200);
    expect(first.logs()).toContain('names no order of this shop (JL-19990101-0001)');
  });

  it('Mercado Pago unreachable while reading the payment: 502, so that it retries later', async () => {
    const placed = await placeMp();
    const { payment } = await control('payments', { externalReference: placed.order.orderNumber, status: 'approved', notify: false });
    await control('mode', { down: true });
    try {
      expect((await postWebhook(first, payment.id)).status).toBe(502);
    } finally {
      await control('mode', { down: false });
    }
    expect((await orderById(placed.order._id)).status).toBe('pending_payment');
    expect((await postWebhook(first, payment.id)).status).toBe(200);
    expect((await orderById(placed.order._id)).status).toBe('paid');
  });
});

describe('refunds by staff', () => {
  it('the owner refunds a paid order through Mercado Pago: refunded, stock back once, the webhook that follows changes nothing', async () => {
    const placed = await placeMp(2, 6);
    const { payment } = await control('payments', { externalReference: placed.order.orderNumber, status: 'approved' });
    expect(await stockOf(placed.productId)).toBe(4);
    const res = await call(`/orders/${placed.order._id}/refund`, { method: 'POST', token: owner });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.order.status).toBe('refunded');
    expect(fake.state.payments.get(String(payment.id))?.status).toBe('refunded');
    await waitFor(
      'the refund webhook',
      async () => fake.state.webhooks.filter((w) => w.paymentId === payment.id).length,
      (n) => n >= 2,
      { timeoutMs: 10_000, everyMs: 200 },
    );
    expect(await stockOf(placed.productId)).toBe(6);
    const history = await historyOf(placed.order._id);
    // One entry: the owner's refund or, when Mercado Pago's notice of it won the race, Mercado Pago's.
    expect(history.filter((e) => e.to === 'refunded')).toHaveLength(1);
    const twice = await call(`/orders/${placed.order._id}/refund`, { method: 'POST', token: owner });
    expect(twice.status).toBe(400);
    expect(await stockOf(placed.productId)).toBe(6);
  });

  it('a refusal by Mercado Pago changes nothing and says why (502)', async () => {
    const placed = await placeMp();
    await control('payments', { externalReference: placed.order.orderNumber, status: 'approved' });
    await control('mode', { failRefunds: true });
    try {
      const res = await call(`/orders/${placed.order._id}/refund`, { method: 'POST', token: owner });
      expect(res.status).toBe(502);
      expect(res.body.message).toBe(
        'Mercado Pago no hizo el reembolso (respondió 400: Payment cannot be refunded: insufficient balance); la orden no cambió',
      );
    } finally {
      await control('mode', { failRefunds: false });
    }
    expect((await orderById(placed.order._id)).status).toBe('paid');
    expect(await stockOf(placed.productId)).toBe(8);
  });

  it('only the owner may refund: no token 401, a bad token 401, a shopper 403, sales staff 403; junk ids 404; cash orders 400', async () => {
    const placed = await placeMp();
    await control('payments', { externalReference: placed.order.orderNumber, status: 'approved' });
    const path = `/orders/${placed.order._id}/refund`;
    expect((await call(path, { method: 'POST' })).status).toBe(401);
    expect((await call(path, { method: 'POST', token: GARBAGE_TOKEN })).status).toBe(401);
    const shopper = (await call('/auth/login', { body: { email: TEST_SHOPPER.email, password: TEST_SHOPPER.password } })).body.token;
    expect((await call(path, { method: 'POST', token: shopper })).status).toBe(403);
    const sales = await inviteStaff(owner, 'sales', first.url);
    expect((await call(path, { method: 'POST', token: sales })).status).toBe(403);
    expect((await orderById(placed.order._id)).status).toBe('paid');
    for (const junk of ['no-existe', "1' OR '1'='1", 'x'.repeat(300)]) {
      expect((await call(`/orders/${encodeURIComponent(junk)}/refund`, { method: 'POST', token: owner })).status).toBe(404);
    }
    const product = await createProduct(3);
    const cash = await call('/orders', { body: orderBody([{ productId: product._id, quantity: 1, size: 'M' }]) });
    const refused = await call(`/orders/${cash.body.order._id}/refund`, { method: 'POST', token: owner });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Solo se pueden reembolsar por Mercado Pago órdenes con un pago aprobado de Mercado Pago');
    // Nor can staff make a cash order wait for Mercado Pago.
    const waiting = await call(`/orders/${cash.body.order._id}/status`, {
      method: 'PUT',
      token: owner,
      body: { status: 'pending_payment' },
    });
    expect(waiting.status).toBe(400);
    expect(waiting.body.message).toBe('Solo una orden pagada con Mercado Pago puede quedar Pendiente (Mercado Pago)');
  });
});

describe('the sweep for lost webhooks', () => {
  it('finds a payment whose webhook never arrived and applies it once, as the webhook would', async () => {
    const placed = await placeMp(1, 5);
    await control('payments', { externalReference: placed.order.orderNumber, status: 'approved', notify: false });
    // A third process whose clock runs 16 minutes ahead (outside production only), sweeping every second.
    await whileSweeping(
      { MERCADOPAGO_SWEEP_CRON: '* * * * * *', MERCADOPAGO_SWEEP_SLOT_SECONDS: '1', ORDER_HOLD_CLOCK_OFFSET_SECONDS: String(16 * 60) },
      'the sweep',
      placed.order._id,
      'paid',
    );
    expect((await historyOf(placed.order._id)).filter((e) => e.to === 'paid')).toHaveLength(1);
    expect(await stockOf(placed.productId)).toBe(4);
    const searched = fake.state.calls.filter((c) => c.path === '/v1/payments/search' && c.query.includes(placed.order.orderNumber));
    expect(searched.length).toBeGreaterThan(0);
  });
});

describe('holds of unpaid Mercado Pago orders', () => {
  // A process whose clock runs past the hour of the hold, running the hold sweep every second (not the 15-minute
  // sweep of payments, so that only the question asked before cancelling can find a lost payment). Started once the
  // first test's orders are placed and their payments set, it keeps sweeping for the second test.
  let holdSweeper: RunningStrapi | undefined;
  afterAll(async () => {
    await holdSweeper?.stop();
  });
  async function untilHoldSwept(orderId: string): Promise<void> {
    holdSweeper ??= await startStrapi(
      database,
      mpEnv({ ORDER_HOLD_SWEEP_CRON: '* * * * * *', ORDER_HOLD_CLOCK_OFFSET_SECONDS: String(61 * 60) }),
    );
    await waitFor(
      'the hold sweep',
      () => orderById(orderId),
      (o) => o.status === 'cancelled',
      { timeoutMs: 30_000, everyMs: 500 },
    );
  }

  it('ask Mercado Pago before cancelling: a paid one becomes paid, an unpaid one is cancelled with its stock back; a late approval revives it', async () => {
    const paidLate = await placeMp(1, 5);
    const unpaid = await placeMp(2, 5);
    await control('payments', { externalReference: paidLate.order.orderNumber, status: 'approved', notify: false });
    await untilHoldSwept(unpaid.order._id);
    expect((await orderById(paidLate.order._id)).status).toBe('paid');
    expect(await stockOf(paidLate.productId)).toBe(4);
    expect(await stockOf(unpaid.productId)).toBe(5);
    const cancelled = (await historyOf(unpaid.order._id)).find((e) => e.to === 'cancelled');
    expect(cancelled?.note).toContain('sin pago aprobado en Mercado Pago');

    // The shopper had paid after all (the notice comes after the cancellation): paid again, its units taken again.
    const late = await control('payments', { externalReference: unpaid.order.orderNumber, status: 'approved' });
    expect(late.webhookAnswer).toBe(200);
    const revived = await orderById(unpaid.order._id);
    expect(revived.status).toBe('paid');
    expect(await stockOf(unpaid.productId)).toBe(3);
    expect((await historyOf(unpaid.order._id)).filter((e) => e.to === 'paid')).toEqual([expect.objectContaining({ from: 'cancelled' })]);
  });

  it('a late approval recorded by a process that died before reviving the order: the next payment sweep makes it paid once', async () => {
    const placed = await placeMp(2, 5);
    await untilHoldSwept(placed.order._id);
    expect(await stockOf(placed.productId)).toBe(5);
    const { payment } = await control('payments', { externalReference: placed.order.orderNumber, status: 'approved', notify: false });
    const paymentId = String(payment.id);

    // The crash, through the database: what applyPayment's first transaction writes (the payment recorded, its
    // revival pending, the order's stored payment), and nothing of the revival itself.
    const db = knexOn(database.env);
    try {
      const now = new Date();
      await db('payment_events').insert({
        document_id: `crash${randomUUID().replace(/-/g, '').slice(0, 19)}`,
        provider: 'mercadopago',
        payment_id: paymentId,
        payment_status: 'approved',
        order_document_id: placed.order._id,
        outcome: 'revive_pending',
        at: now,
        created_at: now,
        updated_at: now,
        published_at: now,
      });
      const row = await db('orders').select('mercado_pago').where('document_id', placed.order._id).first();
      const stored = typeof row.mercado_pago === 'string' ? JSON.parse(row.mercado_pago) : (row.mercado_pago ?? {});
      const paymentPatch = { paymentId, paymentStatus: 'approved', statusDetail: 'accredited', installments: 1 };
      await db('orders')
        .where('document_id', placed.order._id)
        .update({ mercado_pago: JSON.stringify({ ...stored, ...paymentPatch }) });
      expect((await orderById(placed.order._id)).status).toBe('cancelled');

      // The payment sweep (every second here) finishes the revival: paid, its units taken again.
      await whileSweeping(
        { MERCADOPAGO_SWEEP_CRON: '* * * * * *', MERCADOPAGO_SWEEP_SLOT_SECONDS: '1' },
        'the payment sweep',
        placed.order._id,
        'paid',
      );
      const events = await db('payment_events').where({ provider: 'mercadopago', payment_id: paymentId });
      expect(events.map((e: { outcome: string }) => e.outcome)).toEqual(['revived']);
    } finally {
      await db.destroy();
    }
    // Once: the webhook arriving now (and any later sweep) changes nothing.
    expect((await control(`notify/${paymentId}`)).webhookAnswer).toBe(200);
    expect(await stockOf(placed.productId)).toBe(3);
    const paid = (await historyOf(placed.order._id)).filter((e) => e.to === 'paid');
    expect(paid).toEqual([expect.objectContaining({ from: 'cancelled', note: `Mercado Pago aprobó el pago ${paymentId}` })]);
    expect((await orderById(placed.order._id)).payment).toMatchObject({ paymentId, paymentStatus: 'approved' });
    // The hold sweep's process (when this test runs alone) and the payment sweep's start one after the other: more
    // than the default minute on a busy 2-core machine.
  }, 180_000);
});
