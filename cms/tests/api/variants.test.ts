import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { VARIANT_MSG, type ProductVariant } from '@shop/shared';
import { adminToken, api } from '../helpers/api';
import { testDatabase } from '../helpers/database';
import { asAdmin, expectAdminOnly } from '../helpers/auth-matrix';
import { createProduct, extraStrapi, orderBody, startExtraStrapi, type LineInput } from '../helpers/orders';
import type { ShopHandle } from '../helpers/shared-shops';

// Variants: every colour × size with its own units, SKU and barcode. The product API, the quote and orders resolve
// lines to a variant and take (and give back) that variant's units only; the start-up migration of older products.
let shop: ShopHandle;

beforeAll(async () => {
  shop = await extraStrapi();
});

afterAll(async () => {
  await shop?.stop();
});

const COLORS = [
  { name: 'Negro', value: '#000000' },
  { name: 'Nude', value: '#E3BC9A' },
];
const SIZES = ['85B', '90C'];

/** A variant as the product's answer gives it: the stored one and whether it can be bought now. */
type Variant = ProductVariant & { available: boolean };
interface VariantProduct {
  _id: string;
  title: string;
  stock: number;
  stockBySize: Record<string, number>;
  variants: Variant[];
  colorReview: boolean;
  photoColors: Record<string, string>;
}

let counter = 0;
/** A product body with the two colours and sizes; `grid`: units per "Color size". */
function body(grid: Record<string, number> = {}, overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    title: `Corpiño Soft ${Date.now().toString(36)}${counter}`,
    description: 'Corpiño con aro, en dos colores',
    price: 12000,
    category: 'conjuntos',
    size: SIZES,
    colors: COLORS,
    thumbnails: ['/images/products/negro.webp', '/images/products/nude.webp'],
    variants: Object.entries(grid).map(([cell, stock]) => {
      const [color, size] = cell.split(' ');
      return { color, size, stock };
    }),
    ...overrides,
  };
}

async function create(grid: Record<string, number>, overrides: Record<string, unknown> = {}): Promise<VariantProduct> {
  const res = await asAdmin('POST', '/products', body(grid, overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.product;
}

async function product(id: string): Promise<VariantProduct> {
  const res = await api<{ product: VariantProduct }>(`/products/${id}`, { token: await adminToken() });
  expect(res.status).toBe(200);
  return res.body.product;
}

const units = (p: VariantProduct) => Object.fromEntries(p.variants.map((v) => [`${v.color} ${v.size}`, v.stock]));

async function order(items: LineInput[] | Record<string, unknown>[]) {
  return api('/orders', { body: orderBody(items as LineInput[]), baseUrl: shop.url });
}

describe('variants in the product API', () => {
  it('stores the grid, generates SKUs and derives stockBySize and stock from the active variants', async () => {
    const p = await create({ 'Negro 85B': 3, 'nude 85b': 0, 'Negro 90C': 2 }, { photoColors: { '/images/products/nude.webp': 'Nude' } });
    expect(units(p)).toEqual({ 'Negro 85B': 3, 'Negro 90C': 2, 'Nude 85B': 0, 'Nude 90C': 0 });
    expect(p.stockBySize).toEqual({ '85B': 3, '90C': 2 });
    expect(p.stock).toBe(5);
    const nude = p.variants.find((v) => v.id === 'nude~85B');
    expect(nude).toMatchObject({ color: 'Nude', size: '85B', available: false, active: true, barcode: null });
    expect(nude?.sku).toMatch(/^CORPINO-SOFT-[A-Z0-9]+-NUDE-85B$/);
    expect(p.photoColors).toEqual({ '/images/products/nude.webp': 'Nude' });
    // The public answer carries them too (available, no staff flag needed).
    const pub = await api(`/products/${p._id}`);
    expect(pub.body.product.variants.map((v: Variant) => `${v.id}:${v.available}`)).toEqual([
      'negro~85B:true',
      'negro~90C:true',
      'nude~85B:false',
      'nude~90C:false',
    ]);
  });

  it('an inactive variant counts for nothing in stockBySize and stock', async () => {
    const p = await create(
      {},
      {
        variants: [
          { color: 'Nude', size: '90C', stock: 4, active: false },
          { color: 'Negro', size: '90C', stock: 1 },
        ],
      },
    );
    expect(p.stockBySize).toEqual({ '85B': 0, '90C': 1 });
    expect(p.stock).toBe(1);
  });

  it('keeps SKUs and barcodes unique across the shop; a generated SKU that clashes gets a number', async () => {
    const first = await create(
      { 'Negro 85B': 1 },
      { variants: [{ color: 'Negro', size: '85B', stock: 1, sku: 'soft-n-85b', barcode: '7790001000019' }] },
    );
    expect(first.variants.find((v) => v.id === 'negro~85B')).toMatchObject({ sku: 'SOFT-N-85B', barcode: '7790001000019' });
    const sameSku = await asAdmin(
      'POST',
      '/products',
      body({}, { variants: [{ color: 'Nude', size: '85B', stock: 1, sku: 'SOFT-N-85B' }] }),
    );
    expect(sameSku.status).toBe(400);
    expect(sameSku.body.message).toBe(VARIANT_MSG.skuTaken('SOFT-N-85B'));
    const sameCode = await asAdmin(
      'POST',
      '/products',
      body({}, { variants: [{ color: 'Nude', size: '85B', stock: 1, barcode: '7790001000019' }] }),
    );
    expect(sameCode.status).toBe(400);
    expect(sameCode.body.message).toBe(VARIANT_MSG.barcodeTaken('7790001000019'));
    // Two products with the same title: the second's generated SKUs are numbered.
    const title = `Body Gemelo ${Date.now().toString(36)}`;
    const a = await create({ 'Negro 85B': 1 }, { title });
    const b = await create({ 'Negro 85B': 1 }, { title });
    const skuA = a.variants[0]?.sku ?? '';
    expect(b.variants[0]?.sku).toBe(`${skuA}-2`);
    expect(new Set([...a.variants, ...b.variants].map((v) => v.sku)).size).toBe(8);
  });

  const junk: [string, unknown, string | RegExp][] = [
    ['a negative stock', [{ color: 'Negro', size: '85B', stock: -1 }], /stock de cada variante/],
    ['a fractional stock', [{ color: 'Negro', size: '85B', stock: 1.5 }], /stock de cada variante/],
    ['an unknown colour', [{ color: 'Rojo', size: '85B', stock: 1 }], VARIANT_MSG.unknownColor('Rojo')],
    ['an unknown size', [{ color: 'Negro', size: '100D', stock: 1 }], VARIANT_MSG.unknownSize('100D')],
    ['a bad barcode check digit', [{ color: 'Negro', size: '85B', stock: 1, barcode: '7790001000010' }], VARIANT_MSG.badBarcode],
    ['a SKU with spaces', [{ color: 'Negro', size: '85B', stock: 1, sku: 'SKU CON ESPACIO' }], VARIANT_MSG.badSku],
    ['a SKU over 40 characters', [{ color: 'Negro', size: '85B', stock: 1, sku: 'A'.repeat(41) }], VARIANT_MSG.badSku],
    [
      'the same cell twice',
      [
        { color: 'Negro', size: '85B', stock: 1 },
        { color: 'negro', size: '85b', stock: 2 },
      ],
      VARIANT_MSG.twice('Negro 85B'),
    ],
    [
      'one SKU on two cells',
      [
        { color: 'Negro', size: '85B', stock: 1, sku: 'X-1' },
        { color: 'Nude', size: '85B', stock: 1, sku: 'X-1' },
      ],
      VARIANT_MSG.skuTwice('X-1'),
    ],
    ['not a list', { color: 'Negro' }, /variants|Invalid|lista/i],
  ];
  for (const [what, variants, message] of junk) {
    it(`refuses ${what} with a Spanish 400 and writes nothing`, async () => {
      const res = await asAdmin('POST', '/products', body({}, { variants }));
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      if (typeof message === 'string') expect(res.body.message).toBe(message);
      else expect(JSON.stringify(res.body)).toMatch(message);
    });
  }

  it('keeps grid writes admin only (no token 401, non-admin 403)', async () => {
    const p = await create({ 'Negro 85B': 1 });
    await expectAdminOnly('PUT', `/products/${p._id}`, { variants: [{ color: 'Negro', size: '85B', stock: 50 }] });
    expect(units(await product(p._id))['Negro 85B']).toBe(1);
  });

  it('a grid saved with the figures it loaded keeps units sold meanwhile, and refuses (409) a changed cell that moved', async () => {
    const p = await create({ 'Nude 85B': 5, 'Negro 85B': 2 });
    const loaded = Object.fromEntries(p.variants.map((v) => [v.id, v.stock]));
    expect((await order([{ productId: p._id, quantity: 2, size: '85B', color: 'Nude' }])).status).toBe(201);
    // The editor changes Negro 85B only: Nude 85B keeps the 3 left after the sale.
    const grid = p.variants.map((v) => ({ color: v.color, size: v.size, stock: v.id === 'negro~85B' ? 7 : v.stock, sku: v.sku }));
    const saved = await asAdmin('PUT', `/products/${p._id}`, { variants: grid, expectedVariants: loaded });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(units(saved.body.product)).toMatchObject({ 'Nude 85B': 3, 'Negro 85B': 7 });
    // Now the editor (still with the old figures) changes Nude 85B, which moved: refused with the fresh figures.
    const stale = await asAdmin('PUT', `/products/${p._id}`, {
      variants: grid.map((cell) => (cell.color === 'Nude' && cell.size === '85B' ? { ...cell, stock: 9 } : cell)),
      expectedVariants: loaded,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.stale).toBe(true);
    expect(stale.body.variants.find((v: Variant) => v.id === 'nude~85B').stock).toBe(3);
    expect(units(await product(p._id))['Nude 85B']).toBe(3);
  });

  it('an older writer sending stockBySize spreads it over the colours (growth on the first, shrink in order)', async () => {
    const p = await create({ 'Negro 85B': 1, 'Nude 85B': 2 });
    const grown = await asAdmin('PUT', `/products/${p._id}`, { stockBySize: { '85B': 6, '90C': 1 } });
    expect(units(grown.body.product)).toEqual({ 'Negro 85B': 4, 'Nude 85B': 2, 'Negro 90C': 1, 'Nude 90C': 0 });
    const shrunk = await asAdmin('PUT', `/products/${p._id}`, { stockBySize: { '85B': 1 } });
    expect(units(shrunk.body.product)).toMatchObject({ 'Negro 85B': 0, 'Nude 85B': 1 });
    expect(shrunk.body.product.stockBySize).toEqual({ '85B': 1, '90C': 1 });
  });

  it('a new colour or size adds cells at 0 and keeps the others', async () => {
    const p = await create({ 'Negro 85B': 1, 'Nude 90C': 2 });
    const res = await asAdmin('PUT', `/products/${p._id}`, {
      colors: [...COLORS, { name: 'Bordó', value: '#6D071A' }],
      size: ['85B', '90C', '95C'],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = units(res.body.product);
    expect(Object.keys(after)).toHaveLength(9);
    expect(after).toMatchObject({ 'Negro 85B': 1, 'Nude 90C': 2, 'Bordó 95C': 0 });
    expect(res.body.product.stock).toBe(3);
  });
});

describe('finding variants', () => {
  it('staff find a product by the exact SKU or barcode of a variant; shoppers find it by a colour name', async () => {
    const p = await create({}, { variants: [{ color: 'Nude', size: '85B', stock: 2, sku: 'BUSCA-NUDE-85B', barcode: '7790001000033' }] });
    const token = await adminToken();
    for (const term of ['BUSCA-NUDE-85B', 'busca-nude-85b', '7790001000033']) {
      const res = await api(`/products?searchTerm=${encodeURIComponent(term)}`, { token });
      expect(res.status).toBe(200);
      expect(
        res.body.payload.map((x: VariantProduct) => x._id),
        term,
      ).toEqual([p._id]);
    }
    // A shopper's search does not look at SKUs, but finds the colour by name.
    const bySku = await api('/products?searchTerm=BUSCA-NUDE-85B');
    expect(bySku.body.payload.map((x: VariantProduct) => x._id)).not.toContain(p._id);
    const byColor = await api(`/products?limit=all&searchTerm=${encodeURIComponent('corpiño nude')}`);
    expect(byColor.body.payload.map((x: VariantProduct) => x._id)).toContain(p._id);
  });
});

describe('orders and quotes take the units of one variant', () => {
  it('an order for Nude 85B takes only Nude 85B; a cancel gives them back to it', async () => {
    const p = await create({ 'Negro 85B': 3, 'Nude 85B': 2 });
    const res = await order([{ productId: p._id, quantity: 2, size: '85b', color: 'NUDE' }]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.order.items[0]).toMatchObject({ color: 'Nude', size: '85B', variantId: 'nude~85B' });
    expect(res.body.order.items[0].sku).toBe(p.variants.find((v) => v.id === 'nude~85B')?.sku);
    expect(units(await product(p._id))).toMatchObject({ 'Negro 85B': 3, 'Nude 85B': 0 });
    const cancel = await api(`/orders/${res.body.order._id}/status`, {
      method: 'PUT',
      body: { status: 'cancelled' },
      token: await adminToken(),
    });
    expect(cancel.status).toBe(200);
    expect(units(await product(p._id))).toMatchObject({ 'Negro 85B': 3, 'Nude 85B': 2 });
  });

  it('refuses more than the variant has, naming it ("Quedan 2 de Negro 85B"), in the quote (400) and the order (409)', async () => {
    const p = await create({ 'Negro 85B': 2, 'Nude 85B': 9 });
    const line = { productId: p._id, quantity: 3, size: '85B', color: 'Negro' };
    const quote = await api('/checkout/quote', { body: { items: [line], paymentMethod: 'cash', deliveryType: 'pickup' } });
    expect(quote.status).toBe(400);
    expect(quote.body.message).toBe(`Stock insuficiente para "${p.title}". Quedan 2 de Negro 85B`);
    const res = await order([line]);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`Stock insuficiente para "${p.title}". Quedan 2 de Negro 85B`);
    // Two lines of the same variant add up; another colour of the size is another stock.
    const split = await order([
      { productId: p._id, quantity: 1, size: '85B', color: 'Negro' },
      { productId: p._id, quantity: 2, size: '85B', color: 'Negro' },
    ]);
    expect(split.status).toBe(409);
    expect((await order([{ productId: p._id, quantity: 9, size: '85B', color: 'Nude' }])).status).toBe(201);
    expect(units(await product(p._id))).toMatchObject({ 'Negro 85B': 2, 'Nude 85B': 0 });
  });

  it('refuses an unknown colour, a colour × size not sold, an inactive variant, and a SKU of another product with a Spanish 400', async () => {
    const p = await create(
      {},
      {
        variants: [
          { color: 'Negro', size: '85B', stock: 3 },
          { color: 'Nude', size: '90C', stock: 3, active: false },
        ],
      },
    );
    const other = await create({ 'Negro 85B': 1 });
    const otherSku = other.variants[0]?.sku ?? '';
    const cases: [Record<string, unknown>, string][] = [
      [{ color: 'Rojo', size: '85B' }, VARIANT_MSG.colorNotSold(p.title, 'Rojo')],
      [{ color: 'Nude', size: '90C' }, VARIANT_MSG.inactive(p.title, 'Nude 90C')],
      [{ sku: otherSku, size: '85B' }, VARIANT_MSG.skuNotSold(p.title, otherSku)],
      [{ sku: 'NO-EXISTE', size: '85B' }, VARIANT_MSG.skuNotSold(p.title, 'NO-EXISTE')],
    ];
    for (const [fields, message] of cases) {
      const quote = await api('/checkout/quote', {
        body: { items: [{ productId: p._id, quantity: 1, ...fields }], paymentMethod: 'cash' },
      });
      expect(quote.status, JSON.stringify(fields)).toBe(400);
      expect(quote.body.message).toBe(message);
      const res = await order([{ productId: p._id, quantity: 1, ...fields }]);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await product(p._id)).stock).toBe(3);
    expect((await product(other._id)).stock).toBe(1);
  });

  it('a line may name its SKU instead of colour and size', async () => {
    const p = await create({ 'Nude 90C': 2 });
    const sku = p.variants.find((v) => v.id === 'nude~90C')?.sku ?? '';
    const res = await order([{ productId: p._id, quantity: 1, sku: sku.toLowerCase(), size: undefined, color: undefined }]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.order.items[0]).toMatchObject({ color: 'Nude', size: '90C', sku });
    expect(units(await product(p._id))['Nude 90C']).toBe(1);
  });

  it('the quote answers each line with its variant', async () => {
    const p = await create({ 'Nude 85B': 4 });
    const quote = await api('/checkout/quote', {
      body: { items: [{ productId: p._id, quantity: 1, size: '85B', color: 'nude' }], paymentMethod: 'cash' },
    });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    expect(quote.body.quote.items[0]).toMatchObject({ color: 'Nude', size: '85B', variantId: 'nude~85B' });
  });
});

describe('products saved before variants', () => {
  let db: Knex;
  beforeAll(() => {
    db = testDatabase();
  });
  afterAll(async () => {
    await db?.destroy();
  });

  it('are migrated at start in place: one colour keeps its sizes; several colours get every cell, the units on the first, and "Revisá el stock por color" until the grid is saved', async () => {
    const single = await createProduct({
      stock: 0,
      size: ['S', 'M'],
      stockBySize: { S: 2, M: 5 },
      colors: [{ name: 'Rojo', value: '#f00' }],
    });
    const multi = await createProduct({ stock: 0, size: ['S', 'M'], stockBySize: { S: 1, M: 3 } });
    for (const id of [single._id, multi._id])
      await db('products').where('document_id', id).update({ variants: null, sku_index: null, color_review: false });
    const restarted = await startExtraStrapi();
    try {
      const one = await product(single._id);
      expect(units(one)).toEqual({ 'Rojo S': 2, 'Rojo M': 5 });
      expect(one.colorReview).toBe(false);
      const two = await product(multi._id);
      expect(units(two)).toEqual({ 'Negro S': 1, 'Negro M': 3, 'Blanco S': 0, 'Blanco M': 0 });
      expect(two.stockBySize).toEqual({ S: 1, M: 3 });
      expect(two.colorReview).toBe(true);
      const row = await db('products').where('document_id', multi._id).first('variants', 'sku_index');
      expect(row.variants).not.toBeNull();
      expect(String(row.sku_index)).toContain('|s:');
      // Saving the grid is the review.
      const saved = await asAdmin('PUT', `/products/${multi._id}`, {
        variants: [
          { color: 'Negro', size: 'S', stock: 1 },
          { color: 'Negro', size: 'M', stock: 1 },
          { color: 'Blanco', size: 'M', stock: 2 },
        ],
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.product).toMatchObject({ colorReview: false, stockBySize: { S: 1, M: 3 }, stock: 4 });
    } finally {
      await restarted.stop();
    }
  });
});
