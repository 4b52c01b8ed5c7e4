import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  MAX_UNITS_PER_PRODUCT_MESSAGE,
  RESERVATION_MINUTES_MESSAGE,
  SYSTEM_ACTOR_NAME,
  type Order,
  type OrderEvent,
  type SiteContent,
} from '@shop/shared';
import { api, type CallOptions } from '../helpers/api';
import { GARBAGE_TOKEN } from '../helpers/auth-matrix';
import { orderBody, uploadProof, type LineInput } from '../helpers/orders';
import { sleep, waitFor } from '../helpers/wait-for';
import { TEST_ADMIN, TEST_SHOPPER, type RunningStrapi, type TestDatabase } from '../helpers/strapi-process';
import { startTwoProcesses, stopTwoProcesses } from '../helpers/two-processes';

// Two Strapi processes on their own throwaway database, both running the sweep of unpaid orders every second with
// its clock 50 seconds ahead: an order held for one minute is due ten seconds after it is placed, at the same
// moment for both processes. (The shared test process keeps the defaults: every minute, real clock.)
const CLOCK_AHEAD_SECONDS = 50;
const SWEEP = {
  ORDER_HOLD_SWEEP_CRON: '* * * * * *',
  ORDER_HOLD_CLOCK_OFFSET_SECONDS: String(CLOCK_AHEAD_SECONDS),
  RATE_LIMIT_ORDERS_MAX: '100000',
  RATE_LIMIT_UPLOADS_MAX: '100000',
  RATE_LIMIT_TRACKING_MAX: '100000',
};
/** How long to wait for the sweep to cancel an order, reading it again every half second. */
const SWEEP_WAIT = { timeoutMs: 30_000, everyMs: 500 };

let database: TestDatabase;
let first: RunningStrapi;
let second: RunningStrapi;
let staff: { token: string; username: string };
let shopper: string;
let defaults: SiteContent;

const call = (pathname: string, options: CallOptions = {}) => api(pathname, { baseUrl: first.url, ...options });

interface Product {
  _id: string;
  title: string;
  stock: number;
}

/** `stock` units in all: five of them in L when there are ten or more (the lines here buy M and L), the rest in M. */
async function createProduct(stock: number, title: string): Promise<Product> {
  const inL = stock >= 10 ? 5 : 0;
  const stockBySize = { S: 0, M: stock - inL, L: inL };
  const res = await call('/products', {
    body: {
      title,
      description: 'd',
      price: 10000,
      category: 'conjuntos',
      stockBySize,
      size: ['S', 'M', 'L'],
      thumbnails: ['/images/x.webp'],
    },
    token: staff.token,
  });
  expect(res.status).toBe(201);
  return res.body.product;
}

async function stockOf(productId: string): Promise<number> {
  const res = await call(`/products/${productId}`, { token: staff.token });
  expect(res.status).toBe(200);
  return res.body.product.stock;
}

async function place(items: LineInput[], extra: Record<string, unknown> = {}): Promise<Order> {
  const res = await call('/orders', { body: orderBody(items, extra) });
  if (res.status !== 201) throw new Error(`order refused: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.order;
}

async function orderById(id: string): Promise<Order> {
  const res = await call(`/orders/${id}`, { token: staff.token });
  expect(res.status).toBe(200);
  return res.body.order;
}

async function historyOf(id: string): Promise<OrderEvent[]> {
  const res = await call(`/orders/${id}/history`, { token: staff.token });
  expect(res.status).toBe(200);
  return res.body.history;
}

/** Saves the checkout rules (every payment method enabled) on top of the defaults. */
async function putCheckout(change: (checkout: SiteContent['checkout']) => void) {
  const content = structuredClone(defaults);
  content.checkout.paymentInfo.cashOnDelivery.enabled = true;
  content.checkout.paymentInfo.bankTransfer.enabled = true;
  change(content.checkout);
  const res = await call('/content', { method: 'PUT', body: content, token: staff.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

beforeAll(async () => {
  ({ database, first, second } = await startTwoProcesses(inject('databaseKind'), SWEEP));
  const login = await call('/auth/login', { body: TEST_ADMIN });
  expect(login.status).toBe(200);
  staff = { token: login.body.token, username: login.body.user.username };
  const other = await call('/auth/login', { body: { email: TEST_SHOPPER.email, password: TEST_SHOPPER.password } });
  expect(other.status).toBe(200);
  shopper = other.body.token;
  defaults = (await call('/content')).body.content;
});

afterAll(async () => {
  await stopTwoProcesses({ database, first, second });
});

describe('site content: reservation minutes and units per product', () => {
  it('defaults to two days for transfers, no limit for cash and ten units per product', () => {
    expect(defaults.checkout.paymentInfo.bankTransfer.reservationMinutes).toBe(2880);
    expect(defaults.checkout.paymentInfo.cashOnDelivery.reservationMinutes).toBe(0);
    expect(defaults.checkout.maxUnitsPerProduct).toBe(10);
  });

  it('refuses junk with a Spanish 400 and keeps what was stored', async () => {
    const cases: [(c: SiteContent['checkout']) => void, string][] = [
      [(c) => Object.assign(c.paymentInfo.bankTransfer, { reservationMinutes: '60' }), RESERVATION_MINUTES_MESSAGE],
      [(c) => Object.assign(c.paymentInfo.bankTransfer, { reservationMinutes: -5 }), RESERVATION_MINUTES_MESSAGE],
      [(c) => Object.assign(c.paymentInfo.bankTransfer, { reservationMinutes: 1.5 }), RESERVATION_MINUTES_MESSAGE],
      [(c) => Object.assign(c.paymentInfo.cashOnDelivery, { reservationMinutes: 43_201 }), RESERVATION_MINUTES_MESSAGE],
      [(c) => Object.assign(c.paymentInfo.cashOnDelivery, { reservationMinutes: null }), RESERVATION_MINUTES_MESSAGE],
      [(c) => Object.assign(c, { maxUnitsPerProduct: 0 }), MAX_UNITS_PER_PRODUCT_MESSAGE],
      [(c) => Object.assign(c, { maxUnitsPerProduct: 1e9 }), MAX_UNITS_PER_PRODUCT_MESSAGE],
      [(c) => Object.assign(c, { maxUnitsPerProduct: 'diez' }), MAX_UNITS_PER_PRODUCT_MESSAGE],
    ];
    for (const [change, message] of cases) {
      const content = structuredClone(defaults);
      change(content.checkout);
      const res = await call('/content', { method: 'PUT', body: content, token: staff.token });
      expect(res.status, JSON.stringify(content.checkout.paymentInfo)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await call('/content')).body.content.checkout).toEqual(defaults.checkout);
  });

  it('only staff change them: no token 401, a non-admin 403', async () => {
    const content = structuredClone(defaults);
    content.checkout.maxUnitsPerProduct = 1;
    expect((await call('/content', { method: 'PUT', body: content })).status).toBe(401);
    expect((await call('/content', { method: 'PUT', body: content, token: GARBAGE_TOKEN })).status).toBe(401);
    expect((await call('/content', { method: 'PUT', body: content, token: shopper })).status).toBe(403);
    expect((await call('/content')).body.content.checkout.maxUnitsPerProduct).toBe(10);
  });
});

describe('units per product', () => {
  it('refuses an order beyond the cap across sizes (Spanish 400, stock untouched) and accepts the cap', async () => {
    await putCheckout((c) => {
      c.maxUnitsPerProduct = 3;
    });
    const product = await createProduct(20, 'Body Encaje Tope');
    const refused = await call('/orders', {
      body: orderBody([
        { productId: product._id, quantity: 2, size: 'M' },
        { productId: product._id, quantity: 2, size: 'L' },
      ]),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Puedes llevar hasta 3 unidades de "Body Encaje Tope" por pedido (pediste 4)');
    expect(await stockOf(product._id)).toBe(20);
    await place([
      { productId: product._id, quantity: 2, size: 'M' },
      { productId: product._id, quantity: 1, size: 'L' },
    ]);
    expect(await stockOf(product._id)).toBe(17);
    await putCheckout((c) => {
      c.maxUnitsPerProduct = 10;
    });
    expect((await call('/orders', { body: orderBody([{ productId: product._id, quantity: 11 }]) })).status).toBe(400);
  });
});

describe('unpaid orders release their stock', () => {
  it('a transfer held one minute is cancelled once by two processes, its stock returned once and the reason recorded', async () => {
    await putCheckout((c) => {
      c.paymentInfo.bankTransfer.reservationMinutes = 1;
      c.paymentInfo.cashOnDelivery.reservationMinutes = 5;
    });
    const product = await createProduct(30, 'Conjunto Reserva');
    const transfers: Order[] = [];
    for (let i = 0; i < 5; i += 1) transfers.push(await place([{ productId: product._id, quantity: 2 }], { paymentMethod: 'transfer' }));
    const cash = await place([{ productId: product._id, quantity: 1 }]);
    const withProof = await place([{ productId: product._id, quantity: 1 }], {
      paymentMethod: 'transfer',
      transferProofUrl: await uploadProof(first.url),
    });
    expect(await stockOf(product._id)).toBe(30 - 10 - 1 - 1);

    // The shopper is told until when: the hold of its method from the moment it was placed; none once a proof is sent.
    for (const order of transfers) {
      expect(order.status).toBe('pending_transfer_proof');
      expect(Date.parse(order.reservedUntil ?? '') - Date.parse(order.createdAt)).toBeGreaterThanOrEqual(59_000);
      expect(Date.parse(order.reservedUntil ?? '') - Date.parse(order.createdAt)).toBeLessThanOrEqual(61_000);
    }
    expect(Date.parse(cash.reservedUntil ?? '') - Date.parse(cash.createdAt)).toBeGreaterThanOrEqual(299_000);
    expect(withProof.reservedUntil).toBeNull();
    const tracked = await call(`/orders/by-number/${transfers[0]!.orderNumber}`);
    expect(tracked.body.order.reservedUntil).toBe(transfers[0]!.reservedUntil);

    // Not due yet (the sweep's clock is 50 s ahead, the hold is 60 s).
    await sleep(1500);
    expect((await orderById(transfers[0]!._id)).status).toBe('pending_transfer_proof');

    for (const order of transfers) {
      const done = await waitFor(
        'the sweep',
        () => orderById(order._id),
        (o) => o.status === 'cancelled',
        SWEEP_WAIT,
      );
      expect(done.reservedUntil).toBeNull();
    }
    expect(await stockOf(product._id)).toBe(30 - 1 - 1);
    // A few more runs of both sweeps change nothing.
    await sleep(2500);
    expect(await stockOf(product._id)).toBe(30 - 1 - 1);
    expect((await orderById(cash._id)).status).toBe('pending_manual');
    expect((await orderById(withProof._id)).status).toBe('pending_transfer_confirmation');

    for (const order of transfers) {
      const history = await historyOf(order._id);
      expect(history).toHaveLength(1);
      expect(history[0]).toMatchObject({
        from: 'pending_transfer_proof',
        to: 'cancelled',
        by: { kind: 'system', id: null, name: SYSTEM_ACTOR_NAME },
      });
      expect(history[0]!.note).toMatch(
        /^Cancelada automáticamente: la reserva venció el .+, sin comprobante de transferencia; el stock fue devuelto$/,
      );
      expect(Date.parse(history[0]!.at)).toBeGreaterThanOrEqual(Date.parse(order.createdAt));
    }
    const logs = `${first.logs()}${second.logs()}`;
    const cancelled = [...logs.matchAll(/\[orders\] cancelled (\d+) unpaid order/g)].reduce((sum, m) => sum + Number(m[1]), 0);
    expect(cancelled).toBe(5);
    expect(logs).not.toMatch(/could not cancel the unpaid order|Cron job "releaseExpiredOrders" failed/);
  });

  it('cash orders are held only when their limit is set', async () => {
    await putCheckout((c) => {
      c.paymentInfo.cashOnDelivery.reservationMinutes = 0;
    });
    const product = await createProduct(5, 'Pijama Efectivo');
    const unlimited = await place([{ productId: product._id, quantity: 1 }]);
    expect(unlimited.reservedUntil).toBeNull();
    await putCheckout((c) => {
      c.paymentInfo.cashOnDelivery.reservationMinutes = 1;
    });
    const limited = await place([{ productId: product._id, quantity: 2 }]);
    expect(limited.reservedUntil).not.toBeNull();
    expect(await stockOf(product._id)).toBe(2);
    await waitFor(
      'the cash order to be cancelled',
      () => orderById(limited._id),
      (o) => o.status === 'cancelled',
      SWEEP_WAIT,
    );
    expect(await stockOf(product._id)).toBe(4);
    expect((await historyOf(limited._id))[0]!.note).toMatch(/sin pago confirmado/);
    expect((await orderById(unlimited._id)).status).toBe('pending_manual');

    // Staff reopening a cancelled order ends its reservation: the sweep does not cancel it again.
    const reopened = await call(`/orders/${limited._id}/status`, {
      method: 'PUT',
      body: { status: 'pending_manual', adminNotes: 'Paga el sábado en el local' },
      token: staff.token,
    });
    expect(reopened.status).toBe(200);
    expect(reopened.body.order.reservedUntil).toBeNull();
    expect(await stockOf(product._id)).toBe(2);
    await sleep(3000);
    expect((await orderById(limited._id)).status).toBe('pending_manual');
    expect((await historyOf(limited._id)).map((e) => `${e.by.kind}:${e.from}->${e.to}`)).toEqual([
      'system:pending_manual->cancelled',
      'staff:cancelled->pending_manual',
    ]);
  });

  it('an order that expires unpaid gives its coupon use back, once, for another shopper', async () => {
    await putCheckout((c) => {
      c.paymentInfo.bankTransfer.reservationMinutes = 1;
    });
    const code = `HOLD${Date.now().toString(36)}`.toUpperCase();
    const created = await call('/coupons', { body: { code, type: 'percent', value: 10, maxUses: 1 }, token: staff.token });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const usesOf = async () =>
      (await call('/coupons', { token: staff.token })).body.coupons.find((c: { code: string }) => c.code === code).uses as number;
    const product = await createProduct(5, 'Bombacha Cupón');
    const held = await place([{ productId: product._id, quantity: 1 }], { paymentMethod: 'transfer', couponCode: code });
    expect(held).toMatchObject({ couponCode: code, discountTotal: 1000, total: 9000 });
    expect(await usesOf()).toBe(1);
    const refused = await call('/orders', { body: orderBody([{ productId: product._id, quantity: 1 }], { couponCode: code }) });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Este cupón ya fue usado');

    await waitFor(
      'the sweep',
      () => orderById(held._id),
      (o) => o.status === 'cancelled',
      SWEEP_WAIT,
    );
    // Both processes sweep every second: the use comes back once.
    await sleep(2500);
    expect(await usesOf()).toBe(0);
    const again = await place([{ productId: product._id, quantity: 1 }], { couponCode: code });
    expect(again).toMatchObject({ couponCode: code, total: 9000 });
    expect(await usesOf()).toBe(1);
  });
});

describe('order history', () => {
  it('records every staff change (who, when, from → to, note) and the confirmation, oldest first', async () => {
    await putCheckout(() => undefined);
    const product = await createProduct(5, 'Bata Historial');
    const order = await place([{ productId: product._id, quantity: 1 }]);
    expect(await historyOf(order._id)).toEqual([]);

    const before = Date.now();
    const confirm = await call(`/orders/${order._id}/confirm`, { method: 'PATCH', token: staff.token });
    expect(confirm.status).toBe(200);
    const toPaid = await call(`/orders/${order._id}/status`, {
      method: 'PUT',
      body: { status: 'paid', adminNotes: 'Pagó en el local' },
      token: staff.token,
    });
    expect(toPaid.status).toBe(200);
    // Same status and same note: nothing to record; a new note alone is recorded.
    await call(`/orders/${order._id}/status`, {
      method: 'PUT',
      body: { status: 'paid', adminNotes: 'Pagó en el local' },
      token: staff.token,
    });
    await call(`/orders/${order._id}/status`, {
      method: 'PUT',
      body: { status: 'paid', adminNotes: 'Retira el sábado' },
      token: staff.token,
    });

    const history = await historyOf(order._id);
    const by = { kind: 'staff', name: staff.username };
    expect(history).toMatchObject([
      { from: 'pending_manual', to: 'confirmado', by, note: null },
      { from: 'confirmado', to: 'paid', by, note: 'Pagó en el local' },
      { from: 'paid', to: 'paid', by, note: 'Retira el sábado' },
    ]);
    for (const event of history) {
      expect(typeof event.by.id).toBe('number');
      expect(Date.parse(event.at)).toBeGreaterThanOrEqual(before - 1000);
    }

    // The public answers carry neither the history nor staff names and notes.
    const publicViews = [await call(`/orders/${order._id}`), await call(`/orders/by-number/${order.orderNumber}`)];
    for (const view of publicViews) {
      expect(view.status).toBe(200);
      const text = JSON.stringify(view.body);
      expect(text).not.toContain(staff.username);
      expect(text).not.toContain('Retira el sábado');
      expect(text).not.toContain('history');
    }
  });

  it('a refused change records nothing', async () => {
    const product = await createProduct(1, 'Corpiño Agotado');
    const order = await place([{ productId: product._id, quantity: 1 }]);
    expect((await call(`/orders/${order._id}/status`, { method: 'PUT', body: { status: 'cancelled' }, token: staff.token })).status).toBe(
      200,
    );
    await place([{ productId: product._id, quantity: 1 }]);
    const reactivate = await call(`/orders/${order._id}/status`, { method: 'PUT', body: { status: 'pending_manual' }, token: staff.token });
    expect(reactivate.status).toBe(409);
    expect((await historyOf(order._id)).map((e) => e.to)).toEqual(['cancelled']);
  });

  it('is for staff only (401 without or with a garbage token, 403 for a non-admin) and 404 for unknown orders', async () => {
    const product = await createProduct(2, 'Camisón Privado');
    const order = await place([{ productId: product._id, quantity: 1 }]);
    const path = `/orders/${order._id}/history`;
    const anonymous = await call(path);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toMatch(/inicia sesión/);
    expect((await call(path, { token: GARBAGE_TOKEN })).status).toBe(401);
    const denied = await call(path, { token: shopper });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toMatch(/permisos/);
    for (const id of ['no-existe', "1' OR '1'='1", 'x'.repeat(200)]) {
      const res = await call(`/orders/${encodeURIComponent(id)}/history`, { token: staff.token });
      expect(res.status, id).toBe(404);
      expect(res.body.message).toBe('Orden no encontrada');
    }
  });
});
