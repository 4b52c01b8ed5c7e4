import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { STOCK_MSG } from '@shop/shared';
import { adminToken, api } from '../helpers/api';
import { testDatabase } from '../helpers/database';
import { asAdmin, expectAdminOnly } from '../helpers/auth-matrix';
import { createProduct, extraStrapi, orderBody, startExtraStrapi, type LineInput, type TestProduct } from '../helpers/orders';
import type { ShopHandle } from '../helpers/shared-shops';

// Per-size stock: the product API, orders taking and returning units of one size, the owner's stale saves and the
// migration of products saved before per-size stock. Orders go to a second process with the order limit raised.
let shop: ShopHandle;

beforeAll(async () => {
  shop = await extraStrapi();
});

afterAll(async () => {
  await shop?.stop();
});

const SIZES = ['85B', '90C', '95C'];

function body(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Corpiño Lila por talla',
    description: 'Corpiño con aro en encaje',
    price: 15000,
    category: 'conjuntos',
    size: SIZES,
    thumbnails: ['/images/products/prueba.webp'],
    ...overrides,
  };
}

async function product(id: string, baseUrl?: string): Promise<TestProduct> {
  const res = await api<{ product: TestProduct }>(`/products/${id}`, { token: await adminToken(), baseUrl });
  expect(res.status).toBe(200);
  return res.body.product;
}

async function order(items: LineInput[]) {
  return api('/orders', { body: orderBody(items), baseUrl: shop.url });
}

async function setStatus(id: string, status: string, baseUrl?: string) {
  return api(`/orders/${id}/status`, { method: 'PUT', body: { status }, token: await adminToken(), baseUrl });
}

describe('stockBySize in the product API', () => {
  it('creates a product with stock per size and answers the sum as stock', async () => {
    const res = await asAdmin('POST', '/products', body({ stockBySize: { '85b': 3, '90C': 0, '95C': 7 }, stock: 999 }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.product).toMatchObject({ size: SIZES, stockBySize: { '85B': 3, '90C': 0, '95C': 7 }, stock: 10 });
    const listed = await api(`/products?limit=all&sizes=85B`);
    const mine = listed.body.payload.find((p: TestProduct) => p._id === res.body.product._id);
    expect(mine).toMatchObject({ stockBySize: { '85B': 3, '90C': 0, '95C': 7 }, stock: 10 });
  });

  it('fills absent sizes with 0, and a bare stock (older callers) goes to the first size', async () => {
    const partial = await asAdmin('POST', '/products', body({ stockBySize: { '90C': 2 } }));
    expect(partial.body.product).toMatchObject({ stockBySize: { '85B': 0, '90C': 2, '95C': 0 }, stock: 2 });
    const bare = await asAdmin('POST', '/products', body({ stock: 6 }));
    expect(bare.body.product).toMatchObject({ stockBySize: { '85B': 6, '90C': 0, '95C': 0 }, stock: 6 });
  });

  it('keeps writes admin only (no token 401, non-admin 403)', async () => {
    const p = await createProduct({ stock: 1 });
    await expectAdminOnly('POST', '/products', body({ stockBySize: { '85B': 1 } }));
    await expectAdminOnly('PUT', `/products/${p._id}`, { stockBySize: { M: 50 } });
    expect((await product(p._id)).stockBySize).toEqual({ S: 0, M: 1, L: 0 });
  });

  const junk: [string, unknown, string][] = [
    ['a negative figure', { '85B': -1 }, STOCK_MSG.notWhole],
    ['a fraction', { '85B': 2.5 }, STOCK_MSG.notWhole],
    ['a huge number', { '85B': 1e300 }, STOCK_MSG.notWhole],
    ['a number as text', { '85B': '3' }, STOCK_MSG.notWhole],
    ['null units', { '85B': null }, STOCK_MSG.notWhole],
    ['a list', [1, 2, 3], STOCK_MSG.notObject],
    ['text', '85B=3', STOCK_MSG.notObject],
    // Refused by the input guard before any route runs (NUL bytes anywhere in a request).
    ['a NUL byte in a size', { '85B\u0000': 1 }, 'La petición contiene caracteres no válidos'],
    ['a size too long', { ['8'.repeat(40)]: 1 }, STOCK_MSG.badSize],
    ['a size twice', { '85b': 1, '85B': 1 }, STOCK_MSG.badSize],
    ['too many sizes', Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`T${i}`, 1])), STOCK_MSG.tooManySizes],
    ['an unknown size', { '100D': 4 }, STOCK_MSG.unknownSize('100D')],
    // Refused by the JSON body parser before any schema sees it.
    ['__proto__', JSON.parse('{"__proto__": {"stock": 5}}'), 'El cuerpo de la petición no es un JSON válido'],
  ];

  it.each(junk)('POST refuses %s with a Spanish 400', async (_name, stockBySize, message) => {
    const res = await asAdmin('POST', '/products', body({ title: 'Junk', stockBySize }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it.each(junk)('PUT refuses %s with a Spanish 400 and changes nothing', async (_name, stockBySize, message) => {
    const p = await createProduct({ stock: 2, size: SIZES });
    const res = await asAdmin('PUT', `/products/${p._id}`, { stockBySize });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    const expected = await asAdmin('PUT', `/products/${p._id}`, { stockBySize: { '85B': 1 }, expectedStockBySize: stockBySize });
    expect(expected.status).toBe(400);
    expect((await product(p._id)).stockBySize).toEqual({ '85B': 2, '90C': 0, '95C': 0 });
  });

  it('PUT sets the sizes it names, keeps the others, and follows the size list', async () => {
    const p = await createProduct({ stock: 0, size: SIZES, stockBySize: { '85B': 1, '90C': 2, '95C': 3 } });
    const set = await asAdmin('PUT', `/products/${p._id}`, { stockBySize: { '90C': 9 } });
    expect(set.body.product).toMatchObject({ stockBySize: { '85B': 1, '90C': 9, '95C': 3 }, stock: 13 });
    const resized = await asAdmin('PUT', `/products/${p._id}`, { size: ['85B', '90C', '100D'], stockBySize: { '100D': 4 } });
    expect(resized.body.product).toMatchObject({ stockBySize: { '85B': 1, '90C': 9, '100D': 4 }, stock: 14 });
    const unknown = await asAdmin('PUT', `/products/${p._id}`, { stockBySize: { '95C': 1 } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(STOCK_MSG.unknownSize('95C'));
    // A bare total is ambiguous with several sizes, unless it changes nothing.
    const bare = await asAdmin('PUT', `/products/${p._id}`, { stock: 20 });
    expect(bare.status).toBe(400);
    expect(bare.body.message).toBe(STOCK_MSG.ambiguousStock);
    expect((await asAdmin('PUT', `/products/${p._id}`, { stock: 14, title: 'Mismo total' })).status).toBe(200);
    const single = await createProduct({ stock: 3, size: ['U'] });
    expect((await asAdmin('PUT', `/products/${single._id}`, { stock: 8 })).body.product).toMatchObject({ stock: 8, stockBySize: { U: 8 } });
  });
});

describe('orders take and return units of their size', () => {
  it('takes from the line size only and gives back to it exactly once', async () => {
    const p = await createProduct({ stock: 0, size: SIZES, stockBySize: { '85B': 2, '90C': 5, '95C': 1 } });
    const res = await order([
      { productId: p._id, quantity: 2, size: '85b' },
      { productId: p._id, quantity: 1, size: '95C' },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await product(p._id)).toMatchObject({ stockBySize: { '85B': 0, '90C': 5, '95C': 0 }, stock: 5 });
    // Two cancels at once on two processes, then a refund: the units come back once, to their sizes.
    const id: string = res.body.order._id;
    const both = await Promise.all([setStatus(id, 'cancelled'), setStatus(id, 'cancelled', shop.url)]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect((await setStatus(id, 'refunded')).status).toBe(200);
    expect(await product(p._id)).toMatchObject({ stockBySize: { '85B': 2, '90C': 5, '95C': 1 }, stock: 8 });
    // Reactivated: taken again from the same sizes.
    expect((await setStatus(id, 'confirmado')).status).toBe(200);
    expect(await product(p._id)).toMatchObject({ stockBySize: { '85B': 0, '90C': 5, '95C': 0 }, stock: 5 });
  });

  it('refuses a sold-out size and a size the product lacks with a Spanish 409 naming the size', async () => {
    const p = await createProduct({ stock: 0, title: 'Corpiño Agotado', size: SIZES, stockBySize: { '85B': 0, '90C': 4, '95C': 0 } });
    const out = await order([
      { productId: p._id, quantity: 1, size: '90C' },
      { productId: p._id, quantity: 1, size: '85B' },
    ]);
    expect(out.status).toBe(409);
    // Every product sells colours (Negro and Blanco by default): a line without one takes the first colour's units.
    expect(out.body.message).toBe('Stock insuficiente para "Corpiño Agotado". Quedan 0 de Negro 85B');
    const missing = await order([{ productId: p._id, quantity: 1, size: '100D' }]);
    expect(missing.status).toBe(409);
    expect(missing.body.message).toBe('La talla 100D no existe para "Corpiño Agotado"');
    expect((await product(p._id)).stockBySize).toEqual({ '85B': 0, '90C': 4, '95C': 0 });
  });
});

describe("the owner's save never undoes a sale", () => {
  it('refuses a stale figure with a Spanish 409 and the fresh figures; untouched sizes keep the sales', async () => {
    const p = await createProduct({ stock: 0, size: SIZES, stockBySize: { '85B': 3, '90C': 3, '95C': 3 } });
    const loaded = (await product(p._id)).stockBySize;
    expect((await order([{ productId: p._id, quantity: 2, size: '85B' }])).status).toBe(201);
    // The form raised 85B from the 3 it loaded: the 2 sold meanwhile must not come back.
    const stale = await asAdmin('PUT', `/products/${p._id}`, { stockBySize: { ...loaded, '85B': 10 }, expectedStockBySize: loaded });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ message: STOCK_MSG.stale, stockBySize: { '85B': 1, '90C': 3, '95C': 3 }, stock: 7 });
    expect((await product(p._id)).stockBySize).toEqual({ '85B': 1, '90C': 3, '95C': 3 });
    // The form changed only 90C: 85B (left as loaded) keeps the server's figure after the sale.
    const fine = await asAdmin('PUT', `/products/${p._id}`, {
      title: 'Editado',
      stockBySize: { ...loaded, '90C': 6 },
      expectedStockBySize: loaded,
    });
    expect(fine.status).toBe(200);
    expect(fine.body.product).toMatchObject({ title: 'Editado', stockBySize: { '85B': 1, '90C': 6, '95C': 3 }, stock: 10 });
  });
});

describe('products saved before per-size stock', () => {
  let db: Knex;
  beforeAll(() => {
    db = testDatabase();
  });
  afterAll(async () => {
    await db?.destroy();
  });

  it('are migrated at start: the old stock goes to the first size, no unit lost', async () => {
    const p = await createProduct({ stock: 0, size: SIZES, stockBySize: { '85B': 1, '90C': 1, '95C': 1 } });
    const old = await createProduct({ stock: 0, size: ['S'] });
    // Rows as stored before per-size stock (and so before variants too).
    await db('products').where('document_id', p._id).update({ stock_by_size: null, variants: null, stock: 9 });
    await db('products')
      .where('document_id', old._id)
      .update({ stock_by_size: null, variants: null, stock: 4, size: JSON.stringify([]) });
    // Answers already follow the rule before the migration ran.
    expect(await product(p._id)).toMatchObject({ stockBySize: { '85B': 9, '90C': 0, '95C': 0 }, stock: 9 });
    const restarted = await startExtraStrapi();
    try {
      const row = await db('products').where('document_id', p._id).first('stock_by_size', 'stock');
      const stored: unknown = typeof row.stock_by_size === 'string' ? JSON.parse(row.stock_by_size) : row.stock_by_size;
      expect(stored).toEqual({ '85B': 9, '90C': 0, '95C': 0 });
      expect(Number(row.stock)).toBe(9);
      expect(await product(old._id, restarted.url)).toMatchObject({ size: [], stockBySize: {}, stock: 4 });
      // A product without sizes keeps its single stock for orders.
      const res = await order([{ productId: old._id, quantity: 4, size: '' }]);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect((await product(old._id)).stock).toBe(0);
    } finally {
      await restarted.stop();
    }
  });
});
