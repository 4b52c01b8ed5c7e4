import { expect, inject } from 'vitest';
import type { Order, SiteContent } from '@shop/shared';
import { adminTokenAt, api, type ApiAnswer, type CallOptions } from './api';
import { GARBAGE_TOKEN } from './auth-matrix';
import { SHOPPER, createProduct, orderBody, type TestProduct } from './orders';
import { inviteStaffMember } from './staff';
import { keptShop, RAISED_LIMITS, type ShopHandle } from './shared-shops';
import { TEST_SHOPPER, startStrapi } from './strapi-process';

/** A shop for the returns tests: cash pickup at one meeting point, a bra in 85B/90B and a panty (not returnable). */
export interface ReturnsShop {
  shop: ShopHandle;
  owner: string;
  sales: string;
  catalog: string;
  shopper: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read as the tests expect them, as api() does
  call: <T = any>(pathname: string, options?: CallOptions) => Promise<ApiAnswer<T>>;
  original: SiteContent;
}

export const POINT = {
  id: 'punto-cambios',
  title: 'Punto Cambios',
  address: 'Av. Argentina 100',
  schedule: 'Lun a Vie 10 a 18',
  notes: '',
  enabled: true,
};

/**
 * `env` adds to the shop's environment (Mercado Pago's, for one) and starts a process of its own; with it,
 * `mercadoPago` turns the method on. Without it the run's kept raised-limit process serves (helpers/shared-shops.ts).
 */
export async function startReturnsShop(options: { env?: Record<string, string>; mercadoPago?: boolean } = {}): Promise<ReturnsShop> {
  const database = { kind: inject('databaseKind'), env: inject('databaseEnv'), drop: async () => undefined };
  const shop = options.env ? await startStrapi(database, { ...RAISED_LIMITS, ...options.env }) : await keptShop(RAISED_LIMITS);
  const call: ReturnsShop['call'] = (pathname, options = {}) => api(pathname, { baseUrl: shop.url, ...options });
  const owner = await adminTokenAt(shop.url);
  const original = (await call('/content')).body.content as SiteContent;
  const content = structuredClone(original);
  content.checkout.deliveryInfo.meetingPoint = { ...content.checkout.deliveryInfo.meetingPoint, enabled: true };
  content.checkout.deliveryInfo.meetingPoints = [POINT];
  content.checkout.paymentInfo.cashOnDelivery = {
    ...content.checkout.paymentInfo.cashOnDelivery,
    enabled: true,
    additionalFee: 0,
    discountPercent: 0,
  };
  if (options.mercadoPago)
    content.checkout.paymentInfo.mercadoPago = { ...content.checkout.paymentInfo.mercadoPago, enabled: true, reservationMinutes: 60 };
  content.returns = { ...content.returns, enabled: true, windowDays: 30, exchangeOnly: false, nonReturnableCategories: ['Bombachas'] };
  const saved = await call('/content', { method: 'PUT', body: content, token: owner });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const sales = (await inviteStaffMember(owner, 'sales', shop.url)).token;
  const catalog = (await inviteStaffMember(owner, 'catalog', shop.url)).token;
  const login = await call('/auth/login', { body: { email: TEST_SHOPPER.email, password: TEST_SHOPPER.password } });
  return { shop, owner, sales, catalog, shopper: login.body.token, call, original };
}

export async function bra(at: ReturnsShop, stock: { b85: number; b90: number }): Promise<TestProduct> {
  return createProduct(
    {
      stock: stock.b85 + stock.b90,
      price: 10000,
      size: ['85B', '90B'],
      colors: [{ name: 'Negro', value: '#000000' }],
      variants: [
        { color: 'Negro', size: '85B', stock: stock.b85 },
        { color: 'Negro', size: '90B', stock: stock.b90 },
      ],
    },
    { baseUrl: at.shop.url, token: at.owner },
  );
}

export async function panty(at: ReturnsShop): Promise<TestProduct> {
  return createProduct(
    {
      stock: 10,
      price: 4000,
      size: ['M'],
      category: 'bombachas',
      colors: [{ name: 'Negro', value: '#000000' }],
      variants: [{ color: 'Negro', size: 'M', stock: 10 }],
    },
    { baseUrl: at.shop.url, token: at.owner },
  );
}

/** A pickup order of these lines (placed, not delivered), paid in cash unless told. */
export async function placeOrder(
  at: ReturnsShop,
  lines: { productId: string; quantity: number; size: string }[],
  paymentMethod: 'cash' | 'mercadopago' = 'cash',
): Promise<Order> {
  const res = await at.call('/orders', {
    body: orderBody(lines, { deliveryType: 'pickup', meetingPointId: POINT.id, paymentMethod }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.order;
}

/** Ready at the meeting point, then delivered (the cash is collected). */
export async function deliver(at: ReturnsShop, order: Order): Promise<void> {
  for (const step of ['ready_for_pickup', 'delivered']) {
    const res = await at.call(`/orders/${order._id}/fulfillment`, { method: 'PUT', body: { step }, token: at.owner });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}

export async function variantStock(at: ReturnsShop, product: TestProduct, size: string): Promise<number> {
  const res = await at.call(`/products/${product._id}`, { token: at.owner });
  const variant = (res.body.product as TestProduct).variants?.find((v) => v.size === size);
  if (!variant) throw new Error(`no variant ${size}`);
  return variant.stock;
}

export async function variantId(at: ReturnsShop, product: TestProduct, size: string): Promise<string> {
  const res = await at.call(`/products/${product._id}`, { token: at.owner });
  return (res.body.product as TestProduct).variants!.find((v) => v.size === size)!.id;
}

/** A request body for this order with these lines. */
export function requestBody(order: Order, lines: Record<string, unknown>[], contact = SHOPPER.email): Record<string, unknown> {
  return { orderNumber: order.orderNumber, contact, lines: lines.map((line) => ({ reason: 'size_small', lineIndex: 0, ...line })) };
}

/** Gives the shop its content back as the file found it, then stops its Strapi (a file's afterAll). */
/** A register of its own (the shared database's "Caja 1" belongs to the counter's tests), for cash refunds; its id. */
export async function ownRegister(at: ReturnsShop, name: string): Promise<number> {
  const created = await at.call('/registers', { body: { name: `${name} ${Date.now()}` }, token: at.owner });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.register.id as number;
}

export async function stopReturnsShop(at: ReturnsShop | undefined): Promise<void> {
  if (!at) return;
  await at.call('/content', { method: 'PUT', body: at.original, token: at.owner });
  await at.shop.stop();
}

/**
 * The catalogue's staff routes: no token 401, a garbage token 401, a shopper 403, sales 403 ("Tu rol no permite");
 * the catalogue role and the owner get `allowed(method, path)` (a 404 of an unknown item shows the role passed).
 */
export async function expectCatalogAndOwnerOnly(
  at: ReturnsShop,
  routes: readonly (readonly [CallOptions['method'], string, unknown])[],
  allowed: (method: CallOptions['method'], path: string) => number,
): Promise<void> {
  for (const [method, path, body] of routes) {
    expect((await at.call(path, { method, body })).status, `${path} without a token`).toBe(401);
    expect((await at.call(path, { method, body, token: GARBAGE_TOKEN })).status).toBe(401);
    expect((await at.call(path, { method, body, token: at.shopper })).status).toBe(403);
    const sales = await at.call(path, { method, body, token: at.sales });
    expect(sales.status, path).toBe(403);
    expect(sales.body.message).toMatch(/Tu rol no permite/);
    for (const token of [at.catalog, at.owner]) {
      const answer = await at.call(path, { method, body, token });
      expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(allowed(method, path));
    }
  }
}
