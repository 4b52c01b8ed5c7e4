import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FULFILLMENT_MESSAGES,
  formatPrice,
  bulkFulfillmentAnswerSchema,
  dispatchAnswerSchema,
  orderAnswerSchema,
  orderHistoryAnswerSchema,
  trackedOrderAnswerSchema,
  type Order,
  type SiteContent,
} from '@shop/shared';
import { adminTokenAt, api, expectMessage, type CallOptions } from '../helpers/api';
import { GARBAGE_TOKEN } from '../helpers/auth-matrix';
import { testDatabase } from '../helpers/database';
import { SHOPPER, createProduct, orderBody, stockOf, type TestProduct } from '../helpers/orders';
import { inviteStaffMember } from '../helpers/staff';
import { keptShop, RAISED_LIMITS, type ShopHandle } from '../helpers/shared-shops';

/**
 * Fulfilment apart from payment (PUT /orders/{id}/fulfillment, POST /orders/fulfillment): each step, each refusal,
 * the shopper's notices, the delivery sheet, the permission matrix. The run's kept raised-limit process on the shared database
 * (helpers/shared-shops.ts).
 */
let shop: ShopHandle;
let owner: string;
let sales: { token: string; id: number };
let catalog: string;
let product: TestProduct;
let originalContent: SiteContent;

const POINT = {
  id: 'punto-entregas',
  title: 'Punto Entregas',
  address: 'Av. Olascoaga 410',
  schedule: 'Lun a Sáb 10 a 13',
  notes: '',
  enabled: true,
};

const call = (pathname: string, options: CallOptions = {}) => api(pathname, { baseUrl: shop.url, ...options });
const asOwner = (pathname: string, options: CallOptions = {}) => call(pathname, { token: owner, ...options });
const step = (id: string, body: unknown, token = owner) => call(`/orders/${id}/fulfillment`, { method: 'PUT', body, token });
const bulk = (body: unknown, token = owner) => call('/orders/fulfillment', { body, token });

async function place(extra: Record<string, unknown> = {}): Promise<Order> {
  const res = await call('/orders', { body: orderBody([{ productId: product._id, quantity: 1 }], extra) });
  if (res.status !== 201) throw new Error(`order refused: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.order;
}
const home = (paymentMethod = 'transfer') => place({ deliveryType: 'delivery', paymentMethod });
const pickup = (paymentMethod = 'cash') => place({ deliveryType: 'pickup', meetingPointId: POINT.id, paymentMethod });

async function setStatus(id: string, status: string): Promise<void> {
  const res = await asOwner(`/orders/${id}/status`, { method: 'PUT', body: { status } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}
async function paidHome(): Promise<Order> {
  const order = await home();
  await setStatus(order._id, 'paid');
  return order;
}
const mailKinds = async (id: string): Promise<string[]> =>
  (await asOwner(`/emails?order=${id}&limit=100`)).body.emails.map((m: { kind: string }) => m.kind);

beforeAll(async () => {
  shop = await keptShop(RAISED_LIMITS);
  owner = await adminTokenAt(shop.url);
  originalContent = (await call('/content')).body.content;
  const content = structuredClone(originalContent);
  const { checkout } = content;
  checkout.shipping.enabled = true;
  checkout.shipping.homeDelivery = { ...checkout.shipping.homeDelivery, enabled: true, zones: [], baseCost: 2000 };
  checkout.deliveryInfo.meetingPoint = { ...checkout.deliveryInfo.meetingPoint, enabled: true };
  checkout.deliveryInfo.meetingPoints = [POINT];
  checkout.paymentInfo.cashOnDelivery = { ...checkout.paymentInfo.cashOnDelivery, enabled: true, additionalFee: 0 };
  checkout.paymentInfo.bankTransfer = { ...checkout.paymentInfo.bankTransfer, enabled: true };
  const saved = await asOwner('/content', { method: 'PUT', body: content });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  product = await createProduct({ stock: 200 }, { baseUrl: shop.url, token: owner });
  const member = await inviteStaffMember(owner, 'sales', shop.url);
  sales = { token: member.token, id: member.id };
  catalog = (await inviteStaffMember(owner, 'catalog', shop.url)).token;
});

afterAll(async () => {
  if (originalContent && owner) await asOwner('/content', { method: 'PUT', body: originalContent });
  await shop?.stop();
});

describe('PUT /orders/{id}/fulfillment: each step', () => {
  it('a paid home delivery goes packed → shipped → delivered, each step timed and named, the shopper told', async () => {
    const order = await paidHome();
    expect(order.fulfillment).toBe('unfulfilled');
    for (const next of ['packed', 'shipped', 'delivered'] as const) {
      const res = await step(order._id, { step: next }, sales.token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const answer = orderAnswerSchema.parse(res.body).order;
      expect(answer.fulfillment).toBe(next);
      expect(answer.status).toBe('paid');
      expect(answer.fulfillmentSteps?.at(-1)).toMatchObject({ step: next, by: { id: sales.id } });
      expect(answer.fulfillmentSteps?.at(-1)?.by.name).toMatch(/Prueba sales/);
    }
    // Repeating the current step: 200, nothing new.
    const again = await step(order._id, { step: 'delivered' });
    expect(again.status).toBe(200);
    expect(again.body.order.fulfillmentSteps).toHaveLength(3);
    const history = orderHistoryAnswerSchema.parse((await asOwner(`/orders/${order._id}/history`)).body).history;
    expect(history.filter((e) => e.step).map((e) => [e.step, e.by.id])).toEqual([
      ['packed', sales.id],
      ['shipped', sales.id],
      ['delivered', sales.id],
    ]);
    const kinds = await mailKinds(order._id);
    expect(kinds.filter((k) => k === 'order_shipped')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'order_delivered')).toHaveLength(1);
    // The tracking page shows the steps and their times, never who marked them.
    const tracked = await call(`/orders/by-number/${order.orderNumber}?contact=${encodeURIComponent(SHOPPER.email)}`);
    const card = trackedOrderAnswerSchema.parse(tracked.body).order;
    expect(card.fulfillment).toBe('delivered');
    expect(card.fulfillmentSteps?.map((s) => s.step)).toEqual(['packed', 'shipped', 'delivered']);
    expect(JSON.stringify(tracked.body)).not.toMatch(/Prueba sales/);
  });

  it('a cash pickup is ready at its meeting point (mail with address and schedule), then delivered: the cash is collected once', async () => {
    const order = await pickup('cash');
    const before = await stockOf(product._id, shop.url);
    const ready = await step(order._id, { step: 'ready_for_pickup' });
    expect(ready.status, JSON.stringify(ready.body)).toBe(200);
    const db = testDatabase();
    try {
      const mail = await db('email_outboxes')
        .where({ order_document_id: order._id, kind: 'order_ready_for_pickup' })
        .first('text', 'subject');
      expect(mail.subject).toMatch(/listo para retirar/);
      expect(mail.text).toContain(POINT.address);
      expect(mail.text).toContain(POINT.schedule);
    } finally {
      await db.destroy();
    }
    const delivered = await step(order._id, { step: 'delivered' });
    expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
    expect(delivered.body.order).toMatchObject({ status: 'paid', fulfillment: 'delivered' });
    expect(delivered.body.order.paidAt).not.toBeNull();
    expect(await stockOf(product._id, shop.url)).toBe(before);
    const history = (await asOwner(`/orders/${order._id}/history`)).body.history;
    expect(history.find((e: { to: string; step: string | null }) => e.to === 'paid' && !e.step)).toMatchObject({
      from: 'pending_manual',
      note: `Efectivo cobrado en la entrega: ${formatPrice(order.total)}`,
    });
    const kinds = await mailKinds(order._id);
    expect(kinds).toContain('order_delivered');
    expect(kinds).not.toContain('order_paid');
    // Repeated: still paid once, nothing new.
    expect((await step(order._id, { step: 'delivered' })).status).toBe(200);
    expect((await asOwner(`/orders/${order._id}/history`)).body.history).toHaveLength(history.length);
  });
});

describe('PUT /orders/{id}/fulfillment: refusals', () => {
  it('refuses going back, the other path, closed orders and delivering an unpaid order that is not cash', async () => {
    const done = await paidHome();
    expect((await step(done._id, { step: 'delivered' })).status).toBe(200);
    expectMessage(await step(done._id, { step: 'packed' }), 400, FULFILLMENT_MESSAGES.backwards('delivered', 'packed'));
    const homeOrder = await paidHome();
    expectMessage(await step(homeOrder._id, { step: 'ready_for_pickup' }), 400, FULFILLMENT_MESSAGES.notForPickup);
    const pickupOrder = await pickup('cash');
    expectMessage(await step(pickupOrder._id, { step: 'shipped' }), 400, FULFILLMENT_MESSAGES.notShipped);
    const cancelled = await pickup('cash');
    await setStatus(cancelled._id, 'cancelled');
    expectMessage(await step(cancelled._id, { step: 'packed' }), 400, FULFILLMENT_MESSAGES.closed('cancelled'));
    const refunded = await paidHome();
    await setStatus(refunded._id, 'refunded');
    expectMessage(await step(refunded._id, { step: 'delivered' }), 400, FULFILLMENT_MESSAGES.closed('refunded'));
    const unpaid = await home('transfer');
    expectMessage(await step(unpaid._id, { step: 'delivered' }), 400, FULFILLMENT_MESSAGES.unpaid('pending_transfer_proof'));
    // Packing an unpaid transfer is allowed; nothing refused was written.
    expect((await step(unpaid._id, { step: 'packed' })).body.order.fulfillment).toBe('packed');
    expect((await asOwner(`/orders/${cancelled._id}`)).body.order.fulfillment).toBe('unfulfilled');
  });

  it('answers 400 for junk bodies and 404 for an unknown order, never 5xx', async () => {
    const order = await pickup('cash');
    for (const body of [
      {},
      { step: 'unfulfilled' },
      { step: 'DELIVERED' },
      { step: 7 },
      { step: 'packed', extra: 1 },
      [],
      'delivered',
      null,
    ]) {
      const res = await step(order._id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    expectMessage(await step('no-existe', { step: 'packed' }), 404, 'Orden no encontrada');
    for (const id of ['%00', `${'a'.repeat(300)}`, '%27%20OR%201%3D1']) {
      const res = await call(`/orders/${id}/fulfillment`, { method: 'PUT', body: { step: 'packed' }, token: owner });
      expect(res.status, id).toBeLessThan(500);
    }
  });

  it('needs orders.manage: no token 401, garbage 401, the catalog role 403', async () => {
    const order = await pickup('cash');
    for (const [path, method, body] of [
      [`/orders/${order._id}/fulfillment`, 'PUT', { step: 'packed' }],
      ['/orders/fulfillment', 'POST', { ids: [order._id], step: 'packed' }],
    ] as const) {
      expect((await call(path, { method, body })).status).toBe(401);
      expect((await call(path, { method, body, token: GARBAGE_TOKEN })).status).toBe(401);
      const refused = await call(path, { method, body, token: catalog });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toMatch(/Tu rol no permite/);
    }
    expect((await asOwner(`/orders/${order._id}`)).body.order.fulfillment).toBe('unfulfilled');
  });
});

describe('POST /orders/fulfillment: a whole sheet at once', () => {
  it('marks each order on its own, lists the refused ones with the reason, and is idempotent', async () => {
    const a = await paidHome();
    const b = await home('cash');
    const unpaid = await home('transfer');
    const res = await bulk({ ids: [a._id, b._id, unpaid._id, 'noexiste123'], step: 'delivered' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const answer = bulkFulfillmentAnswerSchema.parse(res.body);
    expect(answer.orders.map((o) => [o._id, o.fulfillment, o.status])).toEqual([
      [a._id, 'delivered', 'paid'],
      [b._id, 'delivered', 'paid'],
    ]);
    expect(answer.refused).toEqual([
      { id: unpaid._id, orderNumber: unpaid.orderNumber, message: FULFILLMENT_MESSAGES.unpaid('pending_transfer_proof') },
      { id: 'noexiste123', orderNumber: null, message: 'Orden no encontrada' },
    ]);
    const again = bulkFulfillmentAnswerSchema.parse((await bulk({ ids: [a._id, b._id], step: 'delivered' })).body);
    expect(again.orders.map((o) => o.fulfillmentSteps?.length)).toEqual([1, 1]);
    expect((await mailKinds(b._id)).filter((k) => k === 'order_delivered')).toHaveLength(1);
  });

  it('answers 400 for junk bodies', async () => {
    for (const body of [
      {},
      { ids: [], step: 'delivered' },
      { ids: 'abc', step: 'delivered' },
      { ids: ['a b'], step: 'delivered' },
      { ids: [3], step: 'delivered' },
      { ids: ['abc'], step: 'perdido' },
      { ids: Array.from({ length: 501 }, (_, i) => `id${i}`), step: 'delivered' },
      { ids: ['abc'], step: 'delivered', extra: true },
    ]) {
      const res = await bulk(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
  });
});

describe('the sheet, the list, the export and the dashboard', () => {
  it('the delivery sheet lists what is not delivered yet (a cash order paid before too), and drops it once delivered', async () => {
    const paidCash = await home('cash');
    await setStatus(paidCash._id, 'paid');
    const transfer = await paidHome();
    const ids = async () =>
      dispatchAnswerSchema
        .parse((await asOwner('/orders/dispatch?type=delivery&limit=500')).body)
        .groups.flatMap((g) => g.orders.map((o) => [o._id, o.fulfillment, o.toCollect]));
    const before = await ids();
    expect(before).toContainEqual([paidCash._id, 'unfulfilled', 0]);
    expect(before).toContainEqual([transfer._id, 'unfulfilled', 0]);
    expect((await bulk({ ids: [paidCash._id, transfer._id], step: 'delivered' })).status).toBe(200);
    const after = (await ids()).map(([id]) => id);
    expect(after).not.toContain(paidCash._id);
    expect(after).not.toContain(transfer._id);

    const delivered = await asOwner('/orders?fulfillment=delivered&limit=100');
    expect(delivered.body.orders.map((o: Order) => o._id)).toEqual(expect.arrayContaining([paidCash._id, transfer._id]));
    expect(delivered.body.orders.every((o: Order) => o.fulfillment === 'delivered')).toBe(true);
    expectMessage(await asOwner('/orders?fulfillment=perdido'), 400, FULFILLMENT_MESSAGES.filter);
    const csv = await asOwner(`/orders/export.csv?fulfillment=delivered&search=${transfer.orderNumber}`);
    expect(csv.status).toBe(200);
    expect(String(csv.body)).toContain('Estado de entrega');
    expect(String(csv.body)).toContain('Entregado');
    expect((await asOwner('/orders/export.csv?fulfillment=perdido')).status).toBe(400);
  });

  it('the summary counts paid orders not delivered yet ("Por entregar")', async () => {
    const count = async () => (await asOwner('/orders/summary')).body.summary.toDeliver as number;
    const start = await count();
    const order = await paidHome();
    expect(await count()).toBe(start + 1);
    await step(order._id, { step: 'shipped' });
    expect(await count()).toBe(start + 1);
    await step(order._id, { step: 'delivered' });
    expect(await count()).toBe(start);
    const cancelled = await paidHome();
    await setStatus(cancelled._id, 'cancelled');
    expect(await count()).toBe(start);
  });
});
