import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Knex } from 'knex';
import { LISTING_MESSAGES } from '@shop/shared';
import { type FakeMercadoLibre, type FakeItem } from '../../../scripts/fake-mercadolibre.mjs';
import { type CallOptions } from '../helpers/api';
import { expectOwnerWithTwoFactorOnly } from '../helpers/auth-matrix';
import {
  CHANNEL,
  callOn,
  connectMercadoLibre,
  fakeControl,
  startMercadoLibreShop,
  stopMercadoLibreShop,
  turnOnTwoFactor,
} from '../helpers/mercadolibre';
import { createProduct, orderBody, type TestProduct } from '../helpers/orders';
import { inviteStaff } from '../helpers/staff';
import { type RunningStrapi, type TestDatabase } from '../helpers/strapi-process';
import { sleep } from '../helpers/wait-for';

// Two app processes on a throwaway database of their own, pointed at the fake Mercado Libre (real HTTP). Both run the
// sync worker: the leases keep one call in flight per item. The reconciliation runs every 2 s here.
const LISTINGS = `${CHANNEL}/listings`;
const ATTRIBUTES = { BRAND: 'Lencería Neuquén', MODEL: 'Soft', GENDER: 'Mujer', GARMENT_TYPE: 'Corpiños' };
const COLORS = [
  { name: 'Negro', value: '#000000' },
  { name: 'Rojo', value: '#cc0000' },
];

let fake: FakeMercadoLibre;
let database: TestDatabase;
let first: RunningStrapi;
let second: RunningStrapi;
let db: Knex;
let owner: string;

const call = (pathname: string, options: CallOptions = {}) => callOn(first)(pathname, options);

/** One of the fake's test controls. */
const control = <T = Record<string, unknown>>(path: string, body: unknown = {}) => fakeControl<T>(fake, path, body);

const itemOn = (id: string): FakeItem => {
  const item = fake.state.items.get(id);
  if (!item) throw new Error(`the fake has no item ${id}`);
  return item;
};
const writesOf = (id: string) => (fake.state.itemCalls[id] ?? []).filter((c) => c.method === 'PUT').length;
const skuOf = (variation: FakeItem['variations'][number]) => variation.attributes.find((a) => a.id === 'SELLER_SKU')?.value_name;

/** What Mercado Libre offers per SKU now. */
const offered = (id: string) => Object.fromEntries(itemOn(id).variations.map((v) => [skuOf(v), v.available_quantity]));

async function variantsOf(productId: string): Promise<NonNullable<TestProduct['variants']>> {
  const res = await call(`/products/${productId}`, { token: owner });
  return res.body.product.variants;
}

/** What the shop should offer per SKU (active variants: units − the buffer). */
async function expected(productId: string, buffer: number): Promise<Record<string, number>> {
  const variants = await variantsOf(productId);
  return Object.fromEntries(variants.map((v) => [v.sku, v.active ? Math.max(0, v.stock - buffer) : 0]));
}

async function adjust(sku: string, quantity: number, server: RunningStrapi = first) {
  const res = await callOn(server)('/stock-adjustments', { token: owner, body: { sku, quantity, reason: 'conteo' } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

async function newProduct(title: string, price = 20_000): Promise<TestProduct> {
  return createProduct(
    {
      title,
      price,
      stock: 0,
      size: ['S', 'M'],
      colors: COLORS,
      variants: [
        { color: 'Negro', size: 'S', stock: 5 },
        { color: 'Negro', size: 'M', stock: 3 },
        { color: 'Rojo', size: 'S', stock: 2 },
        { color: 'Rojo', size: 'M', stock: 0, active: false },
      ],
    },
    { baseUrl: first.url, token: owner },
  );
}

/** Connected: the callback address is on PUBLIC_URL (the photos' host here), the browser's visit goes to the first process. */
const connectAccount = () => connectMercadoLibre(first, owner, (url) => url.replace('https://tienda.example.com.ar', first.url));

const publish = (productId: string, extra: Record<string, unknown> = {}) =>
  call(LISTINGS, { token: owner, body: { productId, attributes: ATTRIBUTES, ...extra } });
/** Waits until `check` holds (or fails after `timeoutMs`, saying what the fake holds). */
async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline)
      throw new Error(
        `timed out; the fake holds ${JSON.stringify([...fake.state.items.values()].map((i) => [i.id, i.status, i.title, i.price, i.variations.map((v) => [v.id, v.available_quantity])]))}`,
      );
    await sleep(150);
  }
}

const listingRows = async (productId: string) => db('channel_listings').where({ product_document_id: productId });

beforeAll(async () => {
  ({ fake, database, first, second, db, owner } = await startMercadoLibreShop(inject('databaseKind'), {
    MERCADOLIBRE_SYNC_EVERY_MS: '300',
    MERCADOLIBRE_COALESCE_MS: '300',
    MERCADOLIBRE_RETRY_BASE_MS: '200',
    MERCADOLIBRE_RETRY_MAX_MS: '1500',
    MERCADOLIBRE_RECONCILE_EVERY_MS: '2000',
    PUBLIC_URL: 'https://tienda.example.com.ar',
  }));
}, 240_000);

afterAll(async () => {
  await stopMercadoLibreShop({ fake, database, first, second, db });
});

describe('Mercado Libre listings: who may publish, and junk input', () => {
  it('is the owner only, with two-factor sign-in on; junk is refused in Spanish', async () => {
    const routes: [string, string, unknown][] = [
      ['GET', LISTINGS, undefined],
      ['POST', LISTINGS, { productId: 'abc' }],
      ['PUT', `${LISTINGS}/abc`, { status: 'paused' }],
      ['GET', `${CHANNEL}/categories?title=Corpi%C3%B1o`, undefined],
      ['GET', `${CHANNEL}/categories/MLA109283/attributes`, undefined],
    ];
    const sales = await inviteStaff(owner, 'sales', first.url);
    const catalog = await inviteStaff(owner, 'catalog', first.url);
    for (const [method, path, body] of routes) {
      const as = (token: string | null) => call(path, { method, token, body });
      await expectOwnerWithTwoFactorOnly(`${method} ${path}`, as, { staff: [sales, catalog], owner });
    }
    await turnOnTwoFactor(first, owner);

    // Not connected yet: a listing cannot be published.
    const product = await newProduct('Corpiño Sin Cuenta');
    const early = await publish(product._id);
    expect(early.status).toBe(409);

    const junk: [unknown, string][] = [
      [{}, LISTING_MESSAGES.productId],
      [{ productId: 5 }, LISTING_MESSAGES.productId],
      [{ productId: 'x'.repeat(65) }, LISTING_MESSAGES.productId],
      [{ productId: 'abc', categoryId: 'corpiños' }, LISTING_MESSAGES.categoryId],
      [{ productId: 'abc', attributes: { brand: 'x' } }, LISTING_MESSAGES.attributes],
      [{ productId: 'abc', attributes: { BRAND: '' } }, LISTING_MESSAGES.attributes],
      [{ productId: 'abc', attributes: { BRAND: 'x'.repeat(256) } }, LISTING_MESSAGES.attributes],
      [{ productId: 'abc', price: -5 }, LISTING_MESSAGES.price],
      [{ productId: 'abc', price: 10.5 }, LISTING_MESSAGES.price],
    ];
    for (const [body, message] of junk) {
      const res = await call(LISTINGS, { token: owner, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message, JSON.stringify(body)).toBe(message);
    }
    expect((await call(LISTINGS, { token: owner, body: { productId: 'abc', itemId: 'MLA1' } })).status).toBe(400);
    for (const raw of ['[]', '"x"', '{"productId":', 'null']) {
      const res = await call(LISTINGS, { method: 'POST', token: owner, raw, headers: { 'content-type': 'application/json' } });
      expect(res.status, raw).toBe(400);
    }
    const badUpdates: [unknown, string][] = [
      [{}, LISTING_MESSAGES.statusOrItem],
      [{ status: 'borrada' }, LISTING_MESSAGES.status],
      [{ itemId: '12345' }, LISTING_MESSAGES.itemId],
      [{ status: 'paused', itemId: 'MLA123456' }, LISTING_MESSAGES.statusOrItem],
    ];
    for (const [body, message] of badUpdates) {
      const res = await call(`${LISTINGS}/${product._id}`, { method: 'PUT', token: owner, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await call(`${LISTINGS}/no%20valido`, { method: 'PUT', token: owner, body: { status: 'paused' } })).status).toBe(400);
    expect((await call(`${CHANNEL}/categories/nada/attributes`, { token: owner })).status).toBe(400);
    expect((await call(`${CHANNEL}/categories`, { token: owner })).status).toBe(400);
    expect(await db('channel_listings').count({ n: '*' })).toEqual([{ n: expect.anything() }]);
    expect(Number((await db('channel_listings').count({ n: '*' }))[0]?.n)).toBe(0);

    await connectAccount();
    const saved = await call(`${CHANNEL}/settings`, {
      method: 'PUT',
      token: owner,
      body: { priceRule: { kind: 'percent', percent: 10 }, listingType: 'gold_special', safetyBuffer: 1 },
    });
    expect(saved.status).toBe(200);
  });
});

let product: TestProduct;
let itemId: string;

describe('Mercado Libre listings: publishing', () => {
  it('asks the category’s required attributes in Spanish, per field, and publishes nothing without them', async () => {
    product = await newProduct('Corpiño Soft Encaje');
    const guess = await call(`${CHANNEL}/categories?title=${encodeURIComponent(product.title)}`, { token: owner });
    expect(guess.status).toBe(200);
    expect(guess.body.categories[0]).toMatchObject({ categoryId: 'MLA109283', categoryName: 'Corpiños' });
    const asked = await call(`${CHANNEL}/categories/MLA109283/attributes`, { token: owner });
    expect(asked.body.required.map((a: { id: string }) => a.id)).toEqual(['BRAND', 'MODEL', 'GENDER', 'GARMENT_TYPE']);

    const missing = await call(LISTINGS, { token: owner, body: { productId: product._id, attributes: { BRAND: 'Propia' } } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(LISTING_MESSAGES.missingAttributes);
    expect(missing.body.categoryId).toBe('MLA109283');
    expect(missing.body.errors).toEqual([
      { path: 'attributes.MODEL', message: 'Indicá modelo' },
      { path: 'attributes.GENDER', message: 'Indicá género (Mujer, Hombre, Sin género)' },
      { path: 'attributes.GARMENT_TYPE', message: 'Indicá tipo de prenda (Corpiños)' },
    ]);
    expect(await listingRows(product._id)).toHaveLength(0);
    expect(fake.state.items.size).toBe(0);
  });

  it('publishes one variation per active colour × size with its SKU, photos, units minus the buffer and the channel price', async () => {
    const res = await publish(product._id);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { listing } = res.body;
    itemId = listing.itemId;
    expect(listing).toMatchObject({ productId: product._id, status: 'active', categoryId: 'MLA109283', lastError: null });
    const variants = await variantsOf(product._id);
    const active = variants.filter((v) => v.active);
    expect(listing.variations.map((v: { sku: string }) => v.sku).sort()).toEqual(active.map((v) => v.sku).sort());
    for (const variation of listing.variations) {
      const variant = active.find((v) => v.sku === variation.sku)!;
      expect(variation.availableQuantity).toBe(Math.max(0, variant.stock - 1));
      expect(typeof variation.variationId).toBe('number');
    }
    const item = itemOn(itemId);
    expect(item.price).toBe(22_000);
    expect(item.condition).toBe('new');
    expect(item.listing_type_id).toBe('gold_special');
    expect(item.variations).toHaveLength(3);
    for (const variation of item.variations) {
      expect(variation.price).toBe(22_000);
      expect(variation.picture_ids.length).toBeGreaterThan(0);
    }
    expect(item.pictures[0]?.source).toBe('https://tienda.example.com.ar/images/products/prueba.webp');
    expect(offered(itemId)).toEqual(
      Object.fromEntries(Object.entries(await expected(product._id, 1)).filter(([sku]) => active.some((v) => v.sku === sku))),
    );
    // Published twice: refused, nothing new on Mercado Libre.
    expect((await publish(product._id)).status).toBe(409);
    expect(fake.state.items.size).toBe(1);
    const list = await callOn(second)(LISTINGS, { token: owner });
    expect(list.body.listings.map((l: { itemId: string }) => l.itemId)).toEqual([itemId]);
  });

  it('Mercado Libre’s validation error comes back per field in Spanish, and nothing is half-published', async () => {
    const other = await newProduct('Bombacha Colaless Encaje');
    // The refusal is for the creation: a stock update the worker sends meanwhile (a busy machine) must not take it.
    await control('reject', { times: 1, on: 'create', code: 'item.price.invalid', message: 'The price is invalid' });
    const before = fake.state.items.size;
    const res = await publish(other._id, { categoryId: 'MLA109282' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Mercado Libre rechazó la publicación: Mercado Libre no aceptó el precio/);
    expect(res.body.errors[0]).toMatchObject({ path: 'price' });
    expect(await listingRows(other._id)).toHaveLength(0);
    expect(fake.state.items.size).toBe(before);
    // An attribute's refusal as Mercado Libre writes it (the code in the singular, the attribute in its references):
    // the form's own field, named as the category names it.
    await control('reject', {
      times: 1,
      on: 'create',
      code: 'item.attribute.invalid',
      references: ['item.attributes.BRAND'],
      message: 'Attribute [BRAND] value is invalid.',
    });
    const brand = await publish(other._id, { categoryId: 'MLA109282' });
    expect(brand.status).toBe(400);
    expect(brand.body.errors).toEqual([
      { path: 'attributes.BRAND', message: 'Mercado Libre no acepta ese valor de «Marca» para esta categoría: elegí otro' },
    ]);
    expect(brand.body.message).toBe(
      'Mercado Libre rechazó la publicación: Mercado Libre no acepta ese valor de «Marca» para esta categoría: elegí otro',
    );
    expect(await listingRows(other._id)).toHaveLength(0);
    // Mercado Libre down: 503 in Spanish, nothing written either.
    await control('mode', { status: 503, times: 3 });
    const down = await publish(other._id, { categoryId: 'MLA109282' });
    await control('mode', {});
    expect(down.status).toBe(503);
    expect(await listingRows(other._id)).toHaveLength(0);
    const ok = await publish(other._id, { categoryId: 'MLA109282' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
  });
});

describe('Mercado Libre listings: stock in seconds', () => {
  it('50 stock changes in a second make a handful of calls, and Mercado Libre ends with the shop’s figures', async () => {
    await until(async () => (await db('channel_sync_jobs').where({ item_id: itemId })).length === 0, 15_000);
    const variants = (await variantsOf(product._id)).filter((v) => v.active);
    // Units enough that no order of the concurrent changes below takes a variant under 0.
    for (const v of variants) await adjust(v.sku, 30);
    await until(async () => (await db('channel_sync_jobs').where({ item_id: itemId })).length === 0, 15_000);
    const before = writesOf(itemId);
    const changes = Array.from({ length: 50 }, (_, i) =>
      adjust(variants[i % variants.length]!.sku, i % 2 === 0 ? 3 : -1, i % 2 ? first : second),
    );
    const started = Date.now();
    await Promise.all(changes);
    expect(Date.now() - started).toBeLessThan(15_000);
    const want = await expected(product._id, 1);
    await until(async () => variants.every((v) => offered(itemId)[v.sku] === want[v.sku]), 15_000);
    await until(async () => (await db('channel_sync_jobs').where({ item_id: itemId })).length === 0, 15_000);
    const calls = writesOf(itemId) - before;
    expect(calls).toBeGreaterThanOrEqual(1);
    expect(calls).toBeLessThanOrEqual(8);
  }, 60_000);

  it('never has two calls for one item in flight, even with Mercado Libre slow and both processes sending', async () => {
    const variants = (await variantsOf(product._id)).filter((v) => v.active);
    await control('slow', { ms: 700 });
    const before = writesOf(itemId);
    for (let round = 0; round < 5; round += 1) {
      await Promise.all(variants.map((v, i) => adjust(v.sku, 1, i % 2 ? first : second)));
      await sleep(250);
    }
    const want = await expected(product._id, 1);
    await until(async () => variants.every((v) => offered(itemId)[v.sku] === want[v.sku]), 20_000);
    await until(async () => (await db('channel_sync_jobs').where({ item_id: itemId })).length === 0, 15_000);
    await control('slow', { ms: 0 });
    expect(writesOf(itemId) - before).toBeGreaterThanOrEqual(2);
    expect(fake.state.maxInFlight).toBe(1);
  }, 60_000);

  it('Mercado Libre down (5xx, then 429) for a while and back: nothing is lost', async () => {
    const sku = (await variantsOf(product._id)).find((v) => v.active)!.sku;
    await control('mode', { status: 503, times: 6 });
    await adjust(sku, 4);
    await adjust(sku, -1);
    await until(async () => Number((await db('channel_sync_jobs').where({ item_id: itemId }).first())?.attempts ?? 0) > 0, 15_000);
    await control('mode', { status: 429, times: 3 });
    await adjust(sku, 2);
    const want = await expected(product._id, 1);
    await until(async () => offered(itemId)[sku] === want[sku], 30_000);
    await until(async () => (await db('channel_sync_jobs').where({ item_id: itemId })).length === 0, 15_000);
    expect(first.logs() + second.logs()).toContain(`Mercado Libre update of ${itemId} failed`);
  }, 60_000);

  it('the periodic reconciliation finds drift on Mercado Libre and mends it, logged', async () => {
    const variation = itemOn(itemId).variations[0]!;
    const want = (await expected(product._id, 1))[skuOf(variation)!];
    await control('edit', { itemId, variationId: variation.id, available_quantity: 99 });
    await until(async () => itemOn(itemId).variations[0]!.available_quantity === want, 15_000);
    expect(first.logs() + second.logs()).toContain(`Mercado Libre drift on ${itemId}`);
  }, 30_000);

  it('edits in the shop reach the listing: title, description, photos, price, a new variant, a variant deactivated', async () => {
    const variants = await variantsOf(product._id);
    const target = variants.find((v) => v.active && v.stock > 1)!;
    const res = await call(`/products/${product._id}`, {
      method: 'PUT',
      token: owner,
      body: {
        title: 'Corpiño Soft Encaje Nuevo',
        description: 'Corpiño de encaje sin aro, nueva temporada',
        price: 30_000,
        thumbnails: ['/images/products/prueba.webp', '/images/products/prueba-2.webp'],
        size: ['S', 'M', 'L'],
        variants: [
          ...variants.map((v) => ({
            color: v.color,
            size: v.size,
            stock: v.stock,
            sku: v.sku,
            active: v.id === target.id ? false : v.active,
          })),
          { color: 'Negro', size: 'L', stock: 6, sku: 'CORPINO-SOFT-NEGRO-L-NUEVO' },
        ],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await until(async () => itemOn(itemId).title === 'Corpiño Soft Encaje Nuevo' && itemOn(itemId).price === 33_000, 15_000);
    await until(async () => offered(itemId)[target.sku] === 0, 15_000);
    // A new variant is a new variation with its SKU; the photos and the description follow.
    await until(async () => offered(itemId)['CORPINO-SOFT-NEGRO-L-NUEVO'] === 5, 15_000);
    expect(itemOn(itemId).variations.every((v) => v.price === 33_000)).toBe(true);
    expect(itemOn(itemId).pictures.map((p) => p.source)).toContain('https://tienda.example.com.ar/images/products/prueba-2.webp');
    // The description is its own call, right after the item's.
    await until(async () => fake.state.descriptions.get(itemId) === 'Corpiño de encaje sin aro, nueva temporada', 15_000);
    const listing = (await call(LISTINGS, { token: owner })).body.listings.find((l: { itemId: string }) => l.itemId === itemId);
    expect(listing.variations.find((v: { sku: string }) => v.sku === 'CORPINO-SOFT-NEGRO-L-NUEVO')).toMatchObject({ availableQuantity: 5 });
  }, 30_000);
});

describe('Mercado Libre listings: whatever moves the units', () => {
  it('a web order, its cancellation and a spreadsheet import each reach Mercado Libre within seconds', async () => {
    const mine = await newProduct(`Conjunto Caminos ${Date.now()}`);
    const published = await publish(mine._id);
    expect(published.status, JSON.stringify(published.body)).toBe(201);
    const item = published.body.listing.itemId as string;
    const buffer = (await call(CHANNEL, { token: owner })).body.settings.safetyBuffer as number;
    const negroS = (await variantsOf(mine._id)).find((v) => v.color === 'Negro' && v.size === 'S')!;
    const matches = async () => {
      const want = await expected(mine._id, buffer);
      // A variant never published (inactive from the start) has no variation: it offers nothing.
      return Object.entries(want).every(([sku, units]) => (offered(item)[sku] ?? 0) === units);
    };
    await until(matches, 15_000);
    const offeredBefore = offered(item)[negroS.sku]!;

    // A shopper's web order takes two units.
    const placed = await call('/orders', { body: orderBody([{ productId: mine._id, quantity: 2, size: 'S', color: 'Negro' }]) });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    await until(async () => offered(item)[negroS.sku] === offeredBefore - 2, 15_000);
    expect(await matches()).toBe(true);

    // Staff cancel it: the units come back, there too.
    const cancelled = await call(`/orders/${placed.body.order._id}/status`, { method: 'PUT', token: owner, body: { status: 'cancelled' } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    await until(async () => offered(item)[negroS.sku] === offeredBefore, 15_000);

    // The stock spreadsheet sets the count of the shelf.
    const sheet = ['sku;barcode;producto;color;talle;stock', `${negroS.sku};;x;Negro;S;9`, ''].join('\r\n');
    const imported = await fetch(`${first.url}/api/products/stock.csv?apply=1`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv', authorization: `Bearer ${owner}` },
      body: sheet,
    });
    expect(imported.status, await imported.text()).toBe(200);
    await until(async () => offered(item)[negroS.sku] === Math.max(0, 9 - buffer), 15_000);
    expect(await matches()).toBe(true);
  }, 90_000);
});

describe('Mercado Libre listings: pause, close, link', () => {
  it('a pause and an activation made while the worker sends the item wait for that send: never two calls at once', async () => {
    const variants = (await variantsOf(product._id)).filter((v) => v.active);
    await control('slow', { ms: 800 });
    try {
      for (const status of ['paused', 'active'] as const) {
        await Promise.all(variants.map((v, i) => adjust(v.sku, 1, i % 2 ? first : second)));
        // The coalescing window (0.3 s) and the worker's period (0.3 s) passed: its send is on its way (0.8 s).
        await sleep(450);
        const res = await call(`${LISTINGS}/${product._id}`, { method: 'PUT', token: owner, body: { status } });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(itemOn(itemId).status).toBe(status);
      }
      const want = await expected(product._id, 1);
      await until(async () => variants.every((v) => offered(itemId)[v.sku] === want[v.sku]), 20_000);
      await until(async () => (await db('channel_sync_jobs').where({ item_id: itemId })).length === 0, 15_000);
      expect(fake.state.maxInFlight).toBe(1);
    } finally {
      await control('slow', { ms: 0 });
    }
  }, 60_000);

  it('pauses, activates and closes; a closed listing stays closed and gets no more calls', async () => {
    for (const status of ['paused', 'active', 'closed'] as const) {
      const res = await call(`${LISTINGS}/${product._id}`, { method: 'PUT', token: owner, body: { status } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.listing.status).toBe(status);
      expect(itemOn(itemId).status).toBe(status);
    }
    const again = await call(`${LISTINGS}/${product._id}`, { method: 'PUT', token: owner, body: { status: 'active' } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(LISTING_MESSAGES.closedForever);
    const writes = writesOf(itemId);
    await adjust((await variantsOf(product._id)).find((v) => v.active)!.sku, 1);
    await sleep(1500);
    expect(writesOf(itemId)).toBe(writes);
    const unknown = await call(`${LISTINGS}/nolisted123`, { method: 'PUT', token: owner, body: { status: 'paused' } });
    expect(unknown.status).toBe(404);
  });

  it('links an item the seller already had, matching variations by SELLER_SKU, then sends the shop’s figures', async () => {
    const linked = await newProduct('Conjunto Clásico Algodón');
    const variants = await variantsOf(linked._id);
    const [a, b] = variants.filter((v) => v.active);
    const seeded = (await control('seed', {
      title: 'Conjunto algodón (publicado a mano)',
      price: 15_000,
      pictures: [{ source: 'https://example.com/a.jpg' }],
      attributes: Object.entries(ATTRIBUTES).map(([id, value]) => ({ id, value_name: value })),
      variations: [
        {
          attribute_combinations: [
            { id: 'COLOR', value_name: 'Negro' },
            { id: 'SIZE', value_name: 'S' },
          ],
          price: 15_000,
          available_quantity: 40,
          attributes: [{ id: 'SELLER_SKU', value_name: a!.sku }],
        },
        {
          attribute_combinations: [
            { id: 'COLOR', value_name: 'Negro' },
            { id: 'SIZE', value_name: 'M' },
          ],
          price: 15_000,
          available_quantity: 40,
          attributes: [{ id: 'SELLER_SKU', value_name: b!.sku }],
        },
        {
          attribute_combinations: [
            { id: 'COLOR', value_name: 'Azul' },
            { id: 'SIZE', value_name: 'M' },
          ],
          price: 15_000,
          available_quantity: 7,
          attributes: [{ id: 'SELLER_SKU', value_name: 'OTRO-SKU' }],
        },
      ],
    })) as unknown as FakeItem;
    const nothing = await newProduct('Corpiño Sin Coincidencias');
    const noMatch = await call(`${LISTINGS}/${nothing._id}`, { method: 'PUT', token: owner, body: { itemId: seeded.id } });
    expect(noMatch.status).toBe(400);
    expect(noMatch.body.message).toBe(LISTING_MESSAGES.noSkuMatch);
    const missing = await call(`${LISTINGS}/${linked._id}`, { method: 'PUT', token: owner, body: { itemId: 'MLA999999999' } });
    expect(missing.status).toBe(404);

    const res = await call(`${LISTINGS}/${linked._id}`, { method: 'PUT', token: owner, body: { itemId: seeded.id } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.listing.variations.map((v: { sku: string }) => v.sku).sort()).toEqual([a!.sku, b!.sku].sort());
    const taken = await call(`${LISTINGS}/${nothing._id}`, { method: 'PUT', token: owner, body: { itemId: seeded.id } });
    expect(taken.status).toBe(409);
    const want = await expected(linked._id, 1);
    await until(async () => offered(seeded.id)[a!.sku] === want[a!.sku] && offered(seeded.id)[b!.sku] === want[b!.sku], 15_000);
    expect(itemOn(seeded.id).title).toBe('Conjunto Clásico Algodón');
    // The seller's variation of another SKU is left as it was (only the common price follows the shop's).
    const foreign = itemOn(seeded.id).variations.find((v) => skuOf(v) === 'OTRO-SKU');
    expect(foreign?.available_quantity, JSON.stringify([itemOn(seeded.id).variations, fake.state.itemCalls[seeded.id]])).toBe(7);
    expect(foreign?.price).toBe(itemOn(seeded.id).price);
  }, 30_000);
});

describe('Mercado Libre listings: a price per product', () => {
  it('asks for the price when the rule is per product, and sends a changed one', async () => {
    const saved = await call(`${CHANNEL}/settings`, {
      method: 'PUT',
      token: owner,
      body: { priceRule: { kind: 'perProduct' }, listingType: 'gold_pro', safetyBuffer: 1 },
    });
    expect(saved.status).toBe(200);
    const own = await newProduct('Corpiño Precio Propio');
    const without = await publish(own._id, { categoryId: 'MLA109283' });
    expect(without.status).toBe(400);
    expect(without.body.message).toBe(LISTING_MESSAGES.perProductPrice);
    expect(await listingRows(own._id)).toHaveLength(0);

    const res = await publish(own._id, { categoryId: 'MLA109283', price: 25_999 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.listing.price).toBe(25_999);
    const id = res.body.listing.itemId as string;
    expect(itemOn(id)).toMatchObject({ price: 25_999, listing_type_id: 'gold_pro' });

    const changed = await call(`${LISTINGS}/${own._id}`, { method: 'PUT', token: owner, body: { price: 27_500 } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.listing.price).toBe(27_500);
    await until(async () => itemOn(id).variations.every((v) => v.price === 27_500), 15_000);
    const junk = await call(`${LISTINGS}/${own._id}`, { method: 'PUT', token: owner, body: { price: 0 } });
    expect(junk.status).toBe(400);
    expect(junk.body.message).toBe(LISTING_MESSAGES.price);
  }, 30_000);
});
