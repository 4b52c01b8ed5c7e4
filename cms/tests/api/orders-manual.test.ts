import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  CHECKOUT_REFUSALS,
  MANUAL_ORDER_MESSAGES,
  ORDER_EXPORT_HEADER,
  manualOrderAnswerSchema,
  type Order,
  type OrderEvent,
  type SiteContent,
} from '@shop/shared';
import { startFakeMercadoPago, type FakeMercadoPago } from '../../../scripts/fake-mercadopago.mjs';
import { fakeControl } from '../helpers/mercadopago';
import { adminTokenAt, api, type CallOptions } from '../helpers/api';
import { GARBAGE_TOKEN } from '../helpers/auth-matrix';
import { createProduct, staffSaleBody, stockOf, type TestProduct } from '../helpers/orders';
import { inviteStaffMember } from '../helpers/staff';
import { TEST_SHOPPER, createTestDatabase, startStrapi, type RunningStrapi, type TestDatabase } from '../helpers/strapi-process';

/**
 * Sales taken by staff (POST /orders/manual, POST /orders/{id}/payment-link): permissions, the price (the quote's,
 * minus the manual discount), the salesperson's limit, the payment link paid through the signed webhook, the last
 * unit sold twice at once, junk, the channel filter and the CSV. Its own Strapi on a throwaway database (its Mercado
 * Pago orders never reach the shared one's counts), talking to a local fake of Mercado Pago.
 */
const ACCESS_TOKEN = `TEST-${randomUUID()}`;
const WEBHOOK_SECRET = randomUUID().replace(/-/g, '');

let fake: FakeMercadoPago;
let shop: RunningStrapi;
let database: TestDatabase;
let owner: string;
let sales: { token: string; id: number };
let catalog: string;
let shopper: string;
let originalContent: SiteContent;

const call = (pathname: string, options: CallOptions = {}) => api(pathname, { baseUrl: shop.url, ...options });
const asOwner = (pathname: string, options: CallOptions = {}) => call(pathname, { token: owner, ...options });
const manual = (body: unknown, token: string | undefined = sales.token) => call('/orders/manual', { body, token });

/** The fake's control routes (what it holds, how it answers next). */
const control = (path: string, body: unknown = {}) => fakeControl(fake, path, body);

/** A WhatsApp sale of `quantity` units of `product`, handed over at the counter unless `extra` says otherwise. */
function saleBody(product: TestProduct, extra: Record<string, unknown> = {}, quantity = 1): Record<string, unknown> {
  return staffSaleBody(product, 'whatsapp', extra, quantity);
}

async function orderById(id: string): Promise<Order> {
  const res = await asOwner(`/orders/${id}`);
  expect(res.status).toBe(200);
  return res.body.order;
}

beforeAll(async () => {
  fake = await startFakeMercadoPago({ accessToken: ACCESS_TOKEN, webhookSecret: WEBHOOK_SECRET });
  database = await createTestDatabase(inject('databaseKind'), { seeded: true });
  shop = await startStrapi(database, {
    RATE_LIMIT_ORDERS_MAX: '100000',
    RATE_LIMIT_QUOTE_MAX: '100000',
    RATE_LIMIT_WEBHOOKS_MAX: '100000',
    MERCADOPAGO_ACCESS_TOKEN: ACCESS_TOKEN,
    MERCADOPAGO_WEBHOOK_SECRET: WEBHOOK_SECRET,
    MERCADOPAGO_API_URL: fake.url,
    MERCADOPAGO_SWEEP_CRON: '0 0 0 1 1 *',
  });
  owner = await adminTokenAt(shop.url);
  originalContent = (await call('/content')).body.content;
  const content = structuredClone(originalContent);
  content.checkout.paymentInfo.cashOnDelivery.enabled = true;
  content.checkout.paymentInfo.bankTransfer.enabled = true;
  content.checkout.paymentInfo.mercadoPago.enabled = true;
  content.checkout.paymentInfo.mercadoPago.reservationMinutes = 60;
  content.checkout.maxManualDiscountPercent = 15;
  const saved = await asOwner('/content', { method: 'PUT', body: content });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  sales = await inviteStaffMember(owner, 'sales', shop.url);
  catalog = (await inviteStaffMember(owner, 'catalog', shop.url)).token;
  const login = await call('/auth/login', { body: { email: TEST_SHOPPER.email, password: TEST_SHOPPER.password } });
  expect(login.status).toBe(200);
  shopper = login.body.token;
});

afterAll(async () => {
  await shop?.stop();
  await database?.drop();
  await fake?.close();
});

describe('who may take a sale', () => {
  it('anonymous, a garbage token, a shopper and the catalog role are refused; sales and owner create it', async () => {
    const product = await createProduct({ stock: 10, size: ['M'] }, { baseUrl: shop.url, token: owner });
    const body = saleBody(product);
    expect((await call('/orders/manual', { body })).status).toBe(401);
    expect((await call('/orders/manual', { body, token: GARBAGE_TOKEN })).status).toBe(401);
    expect([401, 403]).toContain((await manual(body, shopper)).status);
    const refused = await manual(body, catalog);
    expect(refused.status).toBe(403);
    expect(typeof refused.body.message).toBe('string');
    expect(await stockOf(product._id, shop.url)).toBe(10);
    const bySales = await manual(body, sales.token);
    expect(bySales.status, JSON.stringify(bySales.body)).toBe(201);
    expect(manualOrderAnswerSchema.safeParse(bySales.body).success).toBe(true);
    expect(bySales.body.order).toMatchObject({ channel: 'whatsapp', deliveryType: 'store', shippingCost: 0, status: 'pending_manual' });
    expect(bySales.body.order.createdBy).toMatchObject({ id: sales.id });
    expect(bySales.body.paymentUrl).toBeNull();
    const byOwner = await manual(saleBody(product, { channel: 'local', paidNow: true }), owner);
    expect(byOwner.status, JSON.stringify(byOwner.body)).toBe(201);
    expect(byOwner.body.order.status).toBe('paid');
    // Paid and handed over at the counter: delivered at once, never on the lists of what is still to hand over.
    expect(byOwner.body.order.fulfillment).toBe('delivered');
    expect(byOwner.body.order.fulfillmentSteps).toEqual([expect.objectContaining({ step: 'delivered' })]);
    expect(byOwner.body.order.paidAt).not.toBeNull();
    expect(await stockOf(product._id, shop.url)).toBe(8);
    // The history's first entry names the salesperson and the channel.
    const history: OrderEvent[] = (await asOwner(`/orders/${bySales.body.order._id}/history`)).body.history;
    expect(history[0]).toMatchObject({ from: null, to: 'pending_manual', by: { kind: 'staff', id: sales.id } });
    expect(history[0]?.note).toContain('WhatsApp');
    // The shopper's own view (by documentId, no staff token) does not carry who took the sale.
    const own = await call(`/orders/${bySales.body.order._id}`);
    expect(own.body.order.createdBy).toBeUndefined();
    // The payment link route: the same refusals.
    const link = `/orders/${bySales.body.order._id}/payment-link`;
    expect((await call(link, { body: {} })).status).toBe(401);
    expect((await call(link, { body: {}, token: catalog })).status).toBe(403);
  });
});

describe('the price', () => {
  it('equals the quote minus the manual discount, to the peso; the owner may give 100 %', async () => {
    const product = await createProduct({ stock: 10, size: ['M'], price: 12345, discount: 10 }, { baseUrl: shop.url, token: owner });
    const lines = [{ productId: product._id, quantity: 3, size: 'M', color: 'Negro' }];
    for (const [paymentMethod, deliveryType] of [
      ['transfer', 'store'],
      ['cash', 'store'],
    ] as const) {
      const quote = await call('/checkout/quote', { body: { items: lines, paymentMethod, deliveryType } });
      expect(quote.status, JSON.stringify(quote.body)).toBe(200);
      const q = quote.body.quote;
      const percent = 12.5;
      const discount = Math.round((q.subtotal * percent) / 100);
      const sale = await manual(saleBody(product, { paymentMethod, manualDiscount: { percent, reason: 'Clienta frecuente' } }, 3));
      expect(sale.status, JSON.stringify(sale.body)).toBe(201);
      expect(sale.body.order.subtotal).toBe(q.subtotal);
      expect(sale.body.order.total).toBe(q.total - discount);
      expect(sale.body.order.discountTotal).toBe(q.discountTotal + discount);
      expect(sale.body.order.discounts).toContainEqual({ kind: 'manual', label: 'Descuento manual (Clienta frecuente)', amount: discount });
      const amount = await manual(saleBody(product, { paymentMethod, manualDiscount: { amount: 1000, reason: 'Cambio de talle' } }));
      expect(amount.status).toBe(201);
      const one = await call('/checkout/quote', { body: { items: [{ ...lines[0], quantity: 1 }], paymentMethod, deliveryType } });
      expect(amount.body.order.total).toBe(one.body.quote.total - 1000);
    }
    const free = await manual(saleBody(product, { manualDiscount: { percent: 100, reason: 'Regalo' } }), owner);
    expect(free.status, JSON.stringify(free.body)).toBe(201);
    expect(free.body.order.total).toBe(free.body.order.cashFee);
  });

  it("refuses the salesperson's discount over her limit (400, nothing taken), and the limit follows the setting", async () => {
    const product = await createProduct({ stock: 4, size: ['M'], price: 10000 }, { baseUrl: shop.url, token: owner });
    const over = await manual(saleBody(product, { manualDiscount: { percent: 16, reason: 'Pedido' } }));
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(MANUAL_ORDER_MESSAGES.overLimit(15));
    const overAmount = await manual(saleBody(product, { manualDiscount: { amount: 1501, reason: 'Pedido' } }));
    expect(overAmount.status).toBe(400);
    expect(await stockOf(product._id, shop.url)).toBe(4);
    const atLimit = await manual(saleBody(product, { manualDiscount: { amount: 1500, reason: 'Pedido' } }));
    expect(atLimit.status, JSON.stringify(atLimit.body)).toBe(201);
    expect(await stockOf(product._id, shop.url)).toBe(3);
    const ownerOver = await manual(saleBody(product, { manualDiscount: { percent: 40, reason: 'Liquidación' } }), owner);
    expect(ownerOver.status).toBe(201);
  });
});

describe('payment links', () => {
  it('a Mercado Pago sale answers its link and wa.me; paid once by the signed webhook, however many notices', async () => {
    const product = await createProduct({ stock: 5, size: ['M'], price: 20000 }, { baseUrl: shop.url, token: owner });
    const sale = await manual(
      saleBody(product, { paymentMethod: 'mercadopago', manualDiscount: { percent: 10, reason: 'Promo chat' } }, 2),
    );
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    expect(sale.body.order.status).toBe('pending_payment');
    expect(sale.body.order.total).toBe(36000);
    expect(sale.body.paymentUrl).toMatch(/^http/);
    expect(sale.body.whatsappUrl).toMatch(/^https:\/\/wa\.me\/5492995551234\?text=/);
    const text = decodeURIComponent(String(sale.body.whatsappUrl).split('?text=')[1] ?? '');
    expect(text).toContain(sale.body.orderNumber);
    expect(text).toContain('36.000');
    expect(text).toContain(sale.body.paymentUrl);
    expect(await stockOf(product._id, shop.url)).toBe(3);
    // A fresh link for the unpaid order.
    const fresh = await call(`/orders/${sale.body.order._id}/payment-link`, { body: {}, token: sales.token });
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
    expect(fresh.body.paymentUrl).toMatch(/^http/);
    expect(fresh.body.paymentUrl).not.toBe(sale.body.paymentUrl);
    const { payment, webhookAnswer } = await control('payments', { externalReference: sale.body.orderNumber, status: 'approved' });
    expect(webhookAnswer).toBe(200);
    for (let i = 0; i < 3; i++) expect((await control(`notify/${payment.id}`)).webhookAnswer).toBe(200);
    const paid = await orderById(sale.body.order._id);
    expect(paid.status).toBe('paid');
    const history: OrderEvent[] = (await asOwner(`/orders/${sale.body.order._id}/history`)).body.history;
    expect(history.filter((e) => e.to === 'paid')).toHaveLength(1);
    expect(await stockOf(product._id, shop.url)).toBe(3);
    // Paid: no new link (Spanish 400); a cash order has none; a cancelled one neither.
    const again = await call(`/orders/${sale.body.order._id}/payment-link`, { body: {}, token: sales.token });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(MANUAL_ORDER_MESSAGES.linkPaid);
    const cash = await manual(saleBody(product));
    const cashLink = await call(`/orders/${cash.body.order._id}/payment-link`, { body: {}, token: sales.token });
    expect(cashLink.status).toBe(400);
    expect(cashLink.body.message).toBe(MANUAL_ORDER_MESSAGES.linkMethod);
    await asOwner(`/orders/${cash.body.order._id}/status`, { method: 'PUT', body: { status: 'cancelled' } });
    const cancelled = await call(`/orders/${cash.body.order._id}/payment-link`, { body: {}, token: sales.token });
    expect(cancelled.body.message).toBe(MANUAL_ORDER_MESSAGES.linkCancelled);
    expect((await call('/orders/no-existe-123/payment-link', { body: {}, token: sales.token })).status).toBe(404);
  });
});

describe('a Mercado Pago sale with nothing to pay', () => {
  it("the owner's 100 % discount: 400 in Spanish, no $0 preference asked of Mercado Pago, nothing taken", async () => {
    const product = await createProduct({ stock: 3, size: ['M'], price: 15000 }, { baseUrl: shop.url, token: owner });
    const preferences = () => fake.state.calls.filter((c) => c.path === '/checkout/preferences').length;
    const before = preferences();
    const free = await manual(
      saleBody(product, { paymentMethod: 'mercadopago', manualDiscount: { percent: 100, reason: 'Regalo' } }),
      owner,
    );
    expect(free.status).toBe(400);
    expect(free.body.message).toBe(CHECKOUT_REFUSALS.mercadopagoZero);
    expect(preferences()).toBe(before);
    expect(await stockOf(product._id, shop.url)).toBe(3);
    // The same gift taken in cash is a sale of $0 (nothing to collect online).
    const cash = await manual(saleBody(product, { manualDiscount: { percent: 100, reason: 'Regalo' } }), owner);
    expect(cash.status, JSON.stringify(cash.body)).toBe(201);
    expect(preferences()).toBe(before);
  });
});

describe('the last unit', () => {
  it('two staff selling it at once: one order and one Spanish refusal, no oversell', async () => {
    const product = await createProduct({ stock: 1, size: ['M'] }, { baseUrl: shop.url, token: owner });
    const [a, b] = await Promise.all([manual(saleBody(product), sales.token), manual(saleBody(product, { channel: 'local' }), owner)]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([201, 409]);
    const refused = a.status === 409 ? a : b;
    expect(refused.body.message).toMatch(/stock|disponible|unidad/i);
    expect(await stockOf(product._id, shop.url)).toBe(0);
  });
});

describe('junk', () => {
  it('refuses junk with a Spanish 400 and takes nothing', async () => {
    const product = await createProduct({ stock: 3, size: ['M'] }, { baseUrl: shop.url, token: owner });
    const bodies: unknown[] = [
      null,
      [],
      'texto',
      saleBody(product, { channel: 'web' }),
      saleBody(product, { channel: 'telegrama' }),
      saleBody(product, { shippingInfo: { fullName: 'Sin contacto' } }),
      saleBody(product, { shippingInfo: { fullName: 'Mal mail', email: 'no-es-mail' } }),
      saleBody(product, { deliveryType: 'delivery' }),
      saleBody(product, { manualDiscount: { percent: 10 } }),
      saleBody(product, { manualDiscount: { percent: 10, amount: 100, reason: 'x' } }),
      saleBody(product, { manualDiscount: { percent: -5, reason: 'x' } }),
      saleBody(product, { manualDiscount: { amount: 'mil', reason: 'x' } }),
      saleBody(product, { paymentMethod: 'mercadopago', paidNow: true }),
      saleBody(product, { paidNow: 'si' }),
      saleBody(product, { items: [] }),
      saleBody(product, {}, 0),
      saleBody(product, { deliveryType: 'teletransporte' }),
    ];
    for (const body of bodies) {
      const res = await manual(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    expect((await manual(saleBody(product, { manualDiscount: { amount: 999999, reason: 'x' } }), owner)).status).toBe(400);
    expect(await stockOf(product._id, shop.url)).toBe(3);
    // The storefront's order never hands over at the counter.
    const web = await call('/orders', {
      body: { ...saleBody(product), channel: undefined, shippingInfo: { fullName: 'A', email: 'a@b.co', phone: '1' } },
    });
    expect(web.status).toBe(400);
  });
});

describe('channels in the list, the CSV, the summary and the chart', () => {
  it('filters by channel, exports the channel, and splits the summary and daily sales', async () => {
    const product = await createProduct({ stock: 5, size: ['M'] }, { baseUrl: shop.url, token: owner });
    const insta = await manual(saleBody(product, { channel: 'instagram', paidNow: true }));
    expect(insta.status).toBe(201);
    const list = await asOwner('/orders?channel=instagram&limit=100');
    expect(list.status).toBe(200);
    expect(list.body.orders.length).toBeGreaterThan(0);
    expect(list.body.orders.every((o: Order) => o.channel === 'instagram')).toBe(true);
    expect(list.body.orders.some((o: Order) => o._id === insta.body.order._id)).toBe(true);
    const web = await asOwner('/orders?channel=web&limit=100');
    expect(web.body.orders.every((o: Order) => o.channel === 'web')).toBe(true);
    expect((await asOwner('/orders?channel=telegrama')).status).toBe(400);
    const found = await asOwner(`/orders?search=${encodeURIComponent('555 1234')}&limit=100`);
    expect(found.body.orders.some((o: Order) => o._id === insta.body.order._id)).toBe(true);
    const csv = await asOwner('/orders/export.csv?channel=instagram');
    expect(csv.status).toBe(200);
    const text = String(csv.body);
    expect(ORDER_EXPORT_HEADER).toContain('Canal');
    expect(text).toContain('Canal');
    expect(text).toContain(insta.body.orderNumber);
    const row = text.split(/\r?\n/).find((line) => line.includes(insta.body.orderNumber)) ?? '';
    expect(row).toContain('Instagram');
    const summary = await asOwner('/orders/summary');
    expect(summary.body.summary.byChannel.instagram.orders).toBeGreaterThan(0);
    expect(summary.body.summary.byChannel.instagram.revenue).toBeGreaterThanOrEqual(insta.body.order.total);
    expect(summary.body.summary.byChannel).toHaveProperty('web');
    const daily = await asOwner('/insight/daily-sales?days=30');
    expect(daily.status).toBe(200);
    expect(daily.body.byChannel.instagram.revenue).toBeGreaterThanOrEqual(insta.body.order.total);
    const today = daily.body.days[daily.body.days.length - 1];
    expect(today.byChannel.instagram.orders).toBeGreaterThan(0);
  });
});
