import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Order, OrderEvent, SiteContent } from '@shop/shared';
import { adminToken, api, shopperToken } from '../helpers/api';
import { testDatabase } from '../helpers/database';
import { GARBAGE_TOKEN } from '../helpers/auth-matrix';
import { createProduct, orderBody, extraStrapi, stockOf, type TestProduct } from '../helpers/orders';
import type { ShopHandle } from '../helpers/shared-shops';
import { documentPath, panel, panelToken } from '../helpers/panel';
import { CMS_DIR, TEST_ADMIN } from '../helpers/strapi-process';
import { compileCacheDir } from '../helpers/strapi-start.mjs';

/**
 * Strapi's own panel (/cms) is the developer's tool for low-level fixes. It writes through the Document Service,
 * not the shop's controllers, so these tests call the routes its screens use (/content-manager/..., with a token
 * from POST /admin/login) and check that every rule of the shop holds there too.
 */
const PRODUCT = 'api::product.product';
const ORDER = 'api::order.order';

let shop: ShopHandle;
let token: string;

beforeAll(async () => {
  // A second process on the same database, with room for the orders these tests place.
  shop = await extraStrapi();
  token = await panelToken(shop.url);
}, 180_000);

afterAll(async () => {
  await shop?.stop();
});

const cms = (path: string, init: { method?: string; body?: unknown } = {}) => panel(path, { ...init, token, baseUrl: shop.url });
const shopApi = (path: string, options: Parameters<typeof api>[1] = {}) => api(path, { baseUrl: shop.url, ...options });

/** The document as the panel's edit view loads it (the form sends all of it back on save). */
async function panelDocument(uid: string, documentId: string): Promise<Record<string, unknown>> {
  const res = await cms(documentPath(uid, documentId));
  expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
  return res.body.data;
}

/** Saves the edit view with these fields changed, as the panel's "Save" does. */
async function panelSave(uid: string, documentId: string, changes: Record<string, unknown>) {
  const form = await panelDocument(uid, documentId);
  return cms(documentPath(uid, documentId), { method: 'PUT', body: { ...form, ...changes } });
}

async function staffProduct(id: string): Promise<TestProduct> {
  const res = await shopApi(`/products/${id}`, { token: await adminToken() });
  expect(res.status).toBe(200);
  return res.body.product;
}

async function placeOrder(productId: string, quantity: number, extra: Record<string, unknown> = {}): Promise<Order> {
  const res = await shopApi('/orders', { body: orderBody([{ productId, quantity }], { paymentMethod: 'transfer', ...extra }) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.order;
}

async function history(orderId: string): Promise<OrderEvent[]> {
  const res = await shopApi(`/orders/${orderId}/history`, { token: await adminToken() });
  expect(res.status).toBe(200);
  return res.body.history;
}

const refusal = (res: { body: unknown }) => JSON.stringify(res.body);

/** Runs one Document Service call in a script process of its own (tests/helpers/document-script.mjs) on this database. */
async function documentScript(uid: string, action: string, params: unknown): Promise<{ ok: boolean; message?: string }> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [path.join(CMS_DIR, 'tests', 'helpers', 'document-script.mjs'), uid, action, JSON.stringify(params)],
    {
      cwd: CMS_DIR,
      env: {
        ...process.env,
        ...inject('databaseEnv'),
        NODE_ENV: 'test',
        STRAPI_TELEMETRY_DISABLED: 'true',
        SERVE_STRAPI_ADMIN: 'false',
        SHOP_COMPILE_CACHE: compileCacheDir,
      },
      encoding: 'utf8',
      timeout: 120_000,
      maxBuffer: 10 * 1024 * 1024,
    },
  );
  const line = stdout.split('\n').find((l) => l.startsWith('@@outcome '));
  if (!line) throw new Error(`the script printed no outcome:\n${stdout.slice(-2000)}`);
  return JSON.parse(line.slice('@@outcome '.length)) as { ok: boolean; message?: string };
}

describe('products edited in the panel', () => {
  it("switch off with the active flag (the shop's status) and take new per-size stock; the total follows", async () => {
    const product = await createProduct({ stock: 5, size: ['S', 'M', 'L'], stockBySize: { S: 2, M: 3, L: 0 } });
    const saved = await panelSave(PRODUCT, product._id, { isActive: false, stockBySize: { S: 4, M: 3, L: 1 } });
    expect(saved.status, refusal(saved)).toBe(200);
    const after = await staffProduct(product._id);
    expect(after).toMatchObject({ status: false, stock: 8, stockBySize: { S: 4, M: 3, L: 1 } });
    // Hidden from shoppers at once.
    expect((await shopApi(`/products/${product._id}`)).status).toBe(404);
    expect((await panelSave(PRODUCT, product._id, { isActive: true })).status).toBe(200);
    expect((await shopApi(`/products/${product._id}`)).body.product.status).toBe(true);
  });

  it('refuse negative, fractional or unknown-size figures whatever their encoding, and a bare total on sized products', async () => {
    const product = await createProduct({ stock: 3, size: ['S', 'M'], stockBySize: { S: 1, M: 2 } });
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ stockBySize: { S: -3, M: 2 } }, /stockBySize/],
      [{ stockBySize: '{"S":-3,"M":2}' }, /stockBySize/],
      [{ stockBySize: { S: 1.5, M: 2 } }, /stockBySize/],
      [{ stockBySize: 'no es json' }, /stockBySize/],
      [{ stockBySize: { S: 1, M: 2, XL: 4 } }, /XL/],
      [{ stock: 99 }, /stock/],
      [{ stock: -1 }, /stock/],
    ];
    for (const [changes, message] of cases) {
      const res = await panelSave(PRODUCT, product._id, changes);
      expect(res.status, `${JSON.stringify(changes)} → ${refusal(res)}`).toBe(400);
      expect(refusal(res)).toMatch(message);
    }
    // Text is accepted when it is good JSON (a script may write it so); the stock is still the sum.
    const text = await panelSave(PRODUCT, product._id, { stockBySize: '{"S":0,"M":6}' });
    expect(text.status, refusal(text)).toBe(200);
    expect(await staffProduct(product._id)).toMatchObject({ stock: 6, stockBySize: { S: 0, M: 6 } });
  });

  it('take a changed colour × size grid (sums follow), refuse a bad one, and keep SKUs unique', async () => {
    const colors = [
      { name: 'Negro', value: '#000' },
      { name: 'Nude', value: '#E3BC9A' },
    ];
    const product = await createProduct({
      stock: 0,
      size: ['S', 'M'],
      colors,
      variants: [
        { color: 'Negro', size: 'S', stock: 1 },
        { color: 'Nude', size: 'M', stock: 2 },
      ],
    });
    const other = await createProduct({
      stock: 0,
      size: ['S'],
      colors,
      variants: [{ color: 'Negro', size: 'S', stock: 1, sku: `PANEL-${Date.now().toString(36).toUpperCase()}` }],
    });
    const form = await panelDocument(PRODUCT, product._id);
    const grid = form.variants as { id: string; sku: string; color: string; size: string; stock: number; active: boolean }[];
    const changed = grid.map((v) => (v.id === 'nude~S' ? { ...v, stock: 7 } : v));
    const saved = await panelSave(PRODUCT, product._id, { variants: changed });
    expect(saved.status, refusal(saved)).toBe(200);
    const after = await staffProduct(product._id);
    expect(after).toMatchObject({ stock: 10, stockBySize: { S: 8, M: 2 } });
    // A colour the product does not sell, a negative cell, another product's SKU: refused, nothing written.
    const cases: Array<[unknown, RegExp]> = [
      [grid.map((v, i) => (i === 0 ? { ...v, color: 'Rojo' } : v)), /Rojo/],
      [grid.map((v, i) => (i === 0 ? { ...v, stock: -2 } : v)), /stock de cada variante/],
      [grid.map((v, i) => (i === 0 ? { ...v, sku: other.variants?.[0]?.sku } : v)), /ya lo usa otro producto/],
      ['no es una lista', /variantes|Variants|variants/],
    ];
    for (const [variants, message] of cases) {
      const res = await panelSave(PRODUCT, product._id, { variants });
      expect(res.status, `${JSON.stringify(variants).slice(0, 80)} → ${refusal(res)}`).toBe(400);
      expect(refusal(res)).toMatch(message);
    }
    expect(await staffProduct(product._id)).toMatchObject({ stock: 10, stockBySize: { S: 8, M: 2 } });
  });

  it('keep the computed price and size index: the panel cannot set them, a price change updates them', async () => {
    const product = await createProduct({ stock: 1, price: 10000, discount: 10, size: ['S'] });
    const res = await panelSave(PRODUCT, product._id, { price: 20000, finalPrice: 1, sizeIndex: ',XXL,' });
    expect(res.status, refusal(res)).toBe(200);
    const form = await panelDocument(PRODUCT, product._id);
    expect(form).toMatchObject({ finalPrice: 18000, sizeIndex: ',S,' });
  });
});

describe('orders edited in the panel', () => {
  it('cancelled there give their units back once, reopened take them again; each change names the panel user', async () => {
    const product = await createProduct({ stock: 5 });
    const order = await placeOrder(product._id, 2);
    expect(await stockOf(product._id, shop.url)).toBe(3);
    const cancelled = await panelSave(ORDER, order._id, { orderStatus: 'cancelled' });
    expect(cancelled.status, refusal(cancelled)).toBe(200);
    expect(await stockOf(product._id, shop.url)).toBe(5);
    // Saving the cancelled order again (another field) gives nothing back a second time.
    expect((await panelSave(ORDER, order._id, { adminNotes: 'Canceló por teléfono' })).status).toBe(200);
    expect(await stockOf(product._id, shop.url)).toBe(5);
    const reopened = await panelSave(ORDER, order._id, { orderStatus: 'pending_transfer_proof' });
    expect(reopened.status, refusal(reopened)).toBe(200);
    expect(await stockOf(product._id, shop.url)).toBe(3);
    expect((await panelSave(ORDER, order._id, { orderStatus: 'cancelled' })).status).toBe(200);
    expect(await stockOf(product._id, shop.url)).toBe(5);

    const seen = await shopApi(`/orders/${order._id}`, { token: await adminToken() });
    expect(seen.body.order).toMatchObject({ status: 'cancelled', adminNotes: 'Canceló por teléfono' });
    const events = await history(order._id);
    const byPanel = events.filter((e) => e.by.name.includes('panel /cms'));
    expect(byPanel.map((e) => [e.from, e.to])).toEqual([
      ['pending_transfer_proof', 'cancelled'],
      ['cancelled', 'cancelled'],
      ['cancelled', 'pending_transfer_proof'],
      ['pending_transfer_proof', 'cancelled'],
    ]);
    expect(byPanel[0]?.by.name).toContain(TEST_ADMIN.email);
    expect(byPanel[1]?.note).toBe('Canceló por teléfono');
  });

  it('keep nothing of a save the panel refuses: a status change in a form Strapi rejects moves no stock and leaves no history', async () => {
    const product = await createProduct({ stock: 4 });
    const order = await placeOrder(product._id, 1);
    expect(await stockOf(product._id, shop.url)).toBe(3);
    const before = await history(order._id);
    const form = await panelDocument(ORDER, order._id);
    // The e-mail is over its 200 characters: Strapi refuses the form after the shop's rules have run.
    const res = await panelSave(ORDER, order._id, {
      orderStatus: 'cancelled',
      shippingInfo: { ...(form.shippingInfo as Record<string, unknown>), email: `${'a'.repeat(200)}@example.com` },
    });
    expect(res.status, refusal(res)).toBe(400);
    expect(await stockOf(product._id, shop.url)).toBe(3);
    const seen = await shopApi(`/orders/${order._id}`, { token: await adminToken() });
    expect(seen.body.order.status).toBe('pending_transfer_proof');
    expect(await history(order._id)).toEqual(before);
  });

  it('obey the same rules when a script writes them through the Document Service (no panel, no request)', async () => {
    const product = await createProduct({ stock: 5 });
    const order = await placeOrder(product._id, 2);
    expect(await stockOf(product._id, shop.url)).toBe(3);
    // The bookkeeping flag that lost 2 units for good when the panel could set it: refused, nothing changes.
    const flag = await documentScript(ORDER, 'update', { documentId: order._id, data: { stockReturned: true } });
    expect(flag).toMatchObject({ ok: false, message: expect.stringContaining('stockReturned') });
    const cancelled = await documentScript(ORDER, 'update', { documentId: order._id, data: { orderStatus: 'cancelled' } });
    expect(cancelled, JSON.stringify(cancelled)).toMatchObject({ ok: true });
    expect(await stockOf(product._id, shop.url)).toBe(5);
    const [last] = (await history(order._id)).slice(-1);
    expect(last).toMatchObject({ from: 'pending_transfer_proof', to: 'cancelled', by: { name: 'Script (Document Service de Strapi)' } });
    // Bookkeeping types refuse a script's writes too: no made-up history entry appears.
    const entries = (await history(order._id)).length;
    const event = await documentScript('api::order.order-event', 'create', { data: { orderDocumentId: order._id, toStatus: 'paid' } });
    expect(event).toMatchObject({ ok: false, message: expect.stringContaining('contabilidad interna') });
    expect(await history(order._id)).toHaveLength(entries);
    // Three scripts, each a Strapi of its own starting up: ~50 s on an idle 2-core machine, more on a loaded one.
  }, 240_000);

  it("record a change of the shopper's notes", async () => {
    const product = await createProduct({ stock: 2 });
    const order = await placeOrder(product._id, 1, { notes: 'Dejar en portería' });
    const res = await panelSave(ORDER, order._id, { notes: 'Llamar al llegar' });
    expect(res.status, refusal(res)).toBe(200);
    const [last] = (await history(order._id)).slice(-1);
    expect(last?.note).toContain('Llamar al llegar');
    expect(last?.by.name).toContain(TEST_ADMIN.email);
  });

  it("refuse changes to the shop's bookkeeping, naming the field, and leave the order as it was", async () => {
    const product = await createProduct({ stock: 4 });
    const order = await placeOrder(product._id, 1);
    const form = await panelDocument(ORDER, order._id);
    const items = form.items as Array<Record<string, unknown>>;
    const cases: Record<string, unknown> = {
      stockReturned: true,
      orderNumber: 'JL-00000000-9999',
      total: 1,
      reservedUntil: '2030-01-01T00:00:00.000Z',
      items: items.map((item) => ({ ...item, quantity: 3 })),
      paymentMethod: 'cash',
      // National shipping and another channel's sale: shipments and cancellations are made from them.
      nationalShipping: { carrier: 'andreani', price: 1 },
      external: { orderId: '1', missing: [] },
      oversold: true,
    };
    for (const [field, value] of Object.entries(cases)) {
      const res = await panelSave(ORDER, order._id, { [field]: value });
      expect(res.status, `${field} → ${refusal(res)}`).toBe(400);
      expect(refusal(res)).toContain(field);
    }
    const after = await panelDocument(ORDER, order._id);
    expect(after).toMatchObject({ stockReturned: false, orderNumber: order.orderNumber, total: order.total, paymentMethod: 'transfer' });
    // Cancelling still gives the unit back (stockReturned was never set by hand).
    expect((await panelSave(ORDER, order._id, { orderStatus: 'cancelled' })).status).toBe(200);
    expect(await stockOf(product._id, shop.url)).toBe(4);
    // Junk status.
    const junk = await panelSave(ORDER, order._id, { orderStatus: 'volando' });
    expect(junk.status).toBe(400);
  });

  it('cannot be created there; deleting an active one gives its units back', async () => {
    const product = await createProduct({ stock: 3 });
    const created = await cms(documentPath(ORDER), {
      method: 'POST',
      body: { orderNumber: 'JL-PANEL-1', paymentMethod: 'cash', subtotal: 1, total: 1, orderStatus: 'paid' },
    });
    expect(created.status).toBe(400);
    expect(refusal(created)).toContain('checkout');
    const order = await placeOrder(product._id, 2);
    expect(await stockOf(product._id, shop.url)).toBe(1);
    const removed = await cms(documentPath(ORDER, order._id), { method: 'DELETE' });
    expect(removed.status, refusal(removed)).toBe(200);
    expect(await stockOf(product._id, shop.url)).toBe(3);
    expect((await shopApi(`/orders/${order._id}`, { token: await adminToken() })).status).toBe(404);
  });

  it("shows the shop's bookkeeping read-only in the panel's edit view", async () => {
    const view = await cms(`/content-manager/content-types/${ORDER}/configuration`);
    expect(view.status).toBe(200);
    const metadatas = view.body.data.contentType.metadatas;
    for (const field of ['orderNumber', 'items', 'total', 'stockReturned', 'reservedUntil']) {
      expect(metadatas[field].edit.editable, field).toBe(false);
    }
    for (const field of ['orderStatus', 'adminNotes', 'notes', 'shippingInfo']) expect(metadatas[field].edit.editable, field).toBe(true);
    const products = await cms(`/content-manager/content-types/${PRODUCT}/configuration`);
    expect(products.body.data.contentType.metadatas.finalPrice.edit.editable).toBe(false);
    expect(products.body.data.contentType.metadatas.stockBySize.edit.editable).toBe(true);
  });

  it("lists the shop's bookkeeping types nowhere and refuses writes to them", async () => {
    const types = await cms('/content-manager/content-types');
    expect(types.status).toBe(200);
    const shown = (types.body.data as Array<{ uid: string; isDisplayed: boolean }>).filter((t) => t.isDisplayed).map((t) => t.uid);
    expect(shown).toEqual(expect.arrayContaining([PRODUCT, ORDER, 'api::site-content.site-content']));
    for (const hidden of [
      'api::email-outbox.email-outbox',
      'api::order.order-event',
      'api::order-idempotency-key.order-idempotency-key',
      'api::return-request.return-request',
    ]) {
      expect(shown).not.toContain(hidden);
    }
    // A return request written by hand could say "received" with money given back that never moved any unit.
    const forgedReturn = await cms(documentPath('api::return-request.return-request'), {
      method: 'POST',
      body: { returnNumber: 'CD-X', orderDocumentId: 'x', orderNumber: 'x', returnStatus: 'received', refundDue: 99999 },
    });
    expect([400, 403]).toContain(forgedReturn.status);
    const forged = await cms(documentPath('api::order.order-event'), {
      method: 'POST',
      body: { orderDocumentId: 'x', toStatus: 'paid', actorKind: 'staff', actorName: 'Nadie', at: new Date().toISOString() },
    });
    expect([400, 403]).toContain(forged.status);
  });
});

describe('the panel routes refuse anyone but a signed-in panel user', () => {
  it('no token, a garbage token and the shop staff token (not a panel session) are refused', async () => {
    const product = await createProduct({ stock: 1 });
    const path = documentPath(PRODUCT, product._id);
    for (const bad of [null, GARBAGE_TOKEN, await adminToken(), await shopperToken()]) {
      const read = await panel(path, { token: bad, baseUrl: shop.url });
      expect(read.status, String(bad).slice(0, 12)).toBe(401);
      const write = await panel(path, { method: 'PUT', token: bad, baseUrl: shop.url, body: { isActive: false, stock: 0 } });
      expect(write.status).toBe(401);
    }
    expect((await staffProduct(product._id)).status).toBe(true);
  });
});

/** Raw access to the shared test database (what a hand-written SQL fix or an older version would leave). */
function openDatabase(): Knex {
  return testDatabase();
}

/** Tells every process that content changed (as the shop's own writes do), then waits out their 1 s check. */
async function announceChange(db: Knex): Promise<void> {
  await db('shop_catalogue_version').where('id', 1).increment('version', 1);
  await new Promise((resolve) => setTimeout(resolve, 1_200));
}

describe('site content', () => {
  it('with an invalid value is refused by the panel, naming the field', async () => {
    const path = '/content-manager/single-types/api::site-content.site-content';
    const current = await cms(path);
    expect(current.status).toBe(200);
    const data = structuredClone(current.body.data.data);
    data.checkout.maxUnitsPerProduct = 0;
    const res = await cms(path, { method: 'PUT', body: { data } });
    expect(res.status).toBe(400);
    expect(refusal(res)).toContain('checkout.maxUnitsPerProduct');
  });

  it('stored with an unreadable value is read field by field, /health names it, and a save never writes the default over it', async () => {
    const db = openDatabase();
    const original: SiteContent = (await shopApi('/content')).body.content;
    try {
      const row = await db('site_contents').first('id', 'data');
      const stored = typeof row.data === 'string' ? JSON.parse(row.data) : row.data;
      stored.checkout.maxUnitsPerProduct = 0;
      stored.hero.slogan = 'Eslogan de la dueña';
      await db('site_contents')
        .where('id', row.id)
        .update({ data: JSON.stringify(stored) });
      await announceChange(db);

      const read = await shopApi('/content', { token: await adminToken() });
      expect(read.body.content.hero.slogan).toBe('Eslogan de la dueña');
      expect(read.body.content.checkout.maxUnitsPerProduct).toBeGreaterThan(0);
      expect(read.body.problems).toEqual([{ path: 'checkout.maxUnitsPerProduct', message: expect.any(String) }]);
      const health = await shopApi('/health');
      expect(health.status).toBe(200);
      expect(health.body).toMatchObject({ status: 'degraded', contentProblems: [{ path: 'checkout.maxUnitsPerProduct' }] });
      expect(health.body.message).toContain('checkout.maxUnitsPerProduct');

      // A save that does not replace the value is refused (the stored 0 is kept, not overwritten by the default).
      const { maxUnitsPerProduct: _unread, ...checkout } = read.body.content.checkout;
      const partial = await shopApi('/content', {
        method: 'PUT',
        token: await adminToken(),
        body: { hero: read.body.content.hero, checkout },
      });
      expect(partial.status).toBe(400);
      const still = await db('site_contents').first('data');
      expect((typeof still.data === 'string' ? JSON.parse(still.data) : still.data).checkout.maxUnitsPerProduct).toBe(0);
      // Replacing it explicitly is a normal save.
      const fixed = await shopApi('/content', { method: 'PUT', token: await adminToken(), body: { checkout: { maxUnitsPerProduct: 6 } } });
      expect(fixed.status, JSON.stringify(fixed.body).slice(0, 200)).toBe(200);
      expect((await shopApi('/content')).body.problems).toBeUndefined();
      expect((await shopApi('/health')).body.status).toBe('ok');
    } finally {
      const restore = await api('/content', {
        method: 'PUT',
        token: await adminToken(),
        body: { hero: original.hero, checkout: original.checkout },
      });
      expect(restore.status).toBe(200);
      await db.destroy();
    }
  });
});
