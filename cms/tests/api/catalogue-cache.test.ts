import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Order, SiteContent } from '@shop/shared';
import { api, type CallOptions } from '../helpers/api';
import { orderBody, type LineInput } from '../helpers/orders';
import { waitFor } from '../helpers/wait-for';
import { TEST_ADMIN, createTestDatabase, startStrapi, type RunningStrapi, type TestDatabase } from '../helpers/strapi-process';

// Three Strapi processes on a throwaway database. The first and the second share a Redis; the second reads the
// version row only once a minute, so only the Redis message can make it fresh in time. The third has no Redis and
// learns about writes from the version row alone. The first runs the sweep of unpaid orders every second with its
// clock 50 seconds ahead, so an order held for one minute is cancelled about ten seconds after it is placed.
const REDIS = {
  REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
  RATE_LIMIT_PREFIX: `test-catalogue-${process.pid}-${Date.now()}`,
};
const SWEEP = {
  ORDER_HOLD_SWEEP_CRON: '* * * * * *',
  ORDER_HOLD_CLOCK_OFFSET_SECONDS: '50',
  RATE_LIMIT_ORDERS_MAX: '100000',
};
/** The promise is one second; the read of the version row and a loaded machine get some slack. */
const OTHER_PROCESS_WAIT = { timeoutMs: 3000, everyMs: 100 };

let database: TestDatabase;
let first: RunningStrapi;
let second: RunningStrapi;
let third: RunningStrapi;
let staff: string;

interface Product {
  _id: string;
  title: string;
  price: number;
  stock: number;
}

const call = (pathname: string, options: CallOptions = {}) => api(pathname, { baseUrl: first.url, ...options });
const asStaff = (pathname: string, options: CallOptions = {}) => call(pathname, { token: staff, ...options });

async function createProduct(stock: number, title = `Body Caché ${Date.now().toString(36)}`): Promise<Product> {
  const res = await asStaff('/products', {
    body: {
      title,
      description: 'd',
      price: 10000,
      category: 'conjuntos',
      size: ['M'],
      stockBySize: { M: stock },
      thumbnails: ['/images/x.webp'],
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.product;
}

/** The product as the public (cached) API answers it on one of the two processes. */
async function publicProduct(id: string, baseUrl = first.url): Promise<Product> {
  const res = await api(`/products/${id}`, { baseUrl });
  expect(res.status).toBe(200);
  return res.body.product;
}

async function place(items: LineInput[], extra: Record<string, unknown> = {}): Promise<Order> {
  const res = await call('/orders', { body: orderBody(items, extra) });
  if (res.status !== 201) throw new Error(`order refused: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.order;
}

/** Reads twice so that the second answer certainly comes from the cache, and checks both are the same bytes. */
async function warm(pathname: string, baseUrl = first.url): Promise<string> {
  const a = await api(pathname, { baseUrl });
  const b = await api(pathname, { baseUrl });
  expect(b.headers.get('etag')).toBe(a.headers.get('etag'));
  return b.headers.get('etag') ?? '';
}

beforeAll(async () => {
  database = await createTestDatabase(inject('databaseKind'), { seeded: true });
  first = await startStrapi(database, { ...SWEEP, ...REDIS });
  second = await startStrapi(database, { ...REDIS, CATALOGUE_VERSION_CHECK_MS: '60000' });
  third = await startStrapi(database, {});
  const login = await call('/auth/login', { body: TEST_ADMIN });
  expect(login.status).toBe(200);
  staff = login.body.token;
});

afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop(), third?.stop()]);
  await database?.drop();
});

describe('public catalogue reads: ETag and 304', () => {
  it('answers list, product, count and content with a strong ETag, no-cache, and 304 when the client holds them', async () => {
    const product = await createProduct(3);
    for (const path of ['/products', '/products?limit=5&page=1', `/products/${product._id}`, '/products/count', '/content']) {
      const res = await call(path);
      expect(res.status, path).toBe(200);
      const etag = res.headers.get('etag') ?? '';
      expect(etag, path).toMatch(/^"[A-Za-z0-9_-]{20,}"$/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const again = await fetch(`${first.url}/api${path}`, { headers: { 'if-none-match': etag } });
      expect(again.status, path).toBe(304);
      expect(await again.text()).toBe('');
      const other = await fetch(`${first.url}/api${path}`, { headers: { 'if-none-match': '"otra-version"' } });
      expect(other.status, path).toBe(200);
      expect(other.headers.get('etag')).toBe(etag);
    }
  });

  it('treats the same query in another order as the same answer, and a different query as another', async () => {
    const a = await call('/products?limit=5&page=1&sortBy=price');
    const b = await call('/products?sortBy=price&page=1&limit=5');
    const c = await call('/products?sortBy=price&page=1&limit=6');
    expect(b.headers.get('etag')).toBe(a.headers.get('etag'));
    expect(c.body.limit).toBe(6);
  });

  it('keeps staff reads out of the public cache: inactive products only with a staff token', async () => {
    const hidden = await createProduct(1);
    expect((await asStaff(`/products/${hidden._id}`, { method: 'PUT', body: { status: false } })).status).toBe(200);
    await warm(`/products/${hidden._id}`);
    expect((await call(`/products/${hidden._id}`)).status).toBe(404);
    expect((await asStaff(`/products/${hidden._id}`)).status).toBe(200);
    expect((await call(`/products/${hidden._id}`)).status).toBe(404);
  });

  it('answers junk queries with a Spanish 400, never from the cache', async () => {
    const res = await call('/products?searchTerm=a%00b');
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
  });
});

describe('fresh after every kind of write', () => {
  it('a product save, create and delete show in the next answer', async () => {
    const product = await createProduct(4);
    const before = await warm(`/products/${product._id}`);
    await warm(`/products?searchTerm=${encodeURIComponent(product.title)}`);
    const count = (await call('/products/count')).body.count;
    expect((await asStaff(`/products/${product._id}`, { method: 'PUT', body: { price: 12345 } })).status).toBe(200);
    const after = await call(`/products/${product._id}`);
    expect(after.body.product.price).toBe(12345);
    expect(after.headers.get('etag')).not.toBe(before);
    expect((await call(`/products?searchTerm=${encodeURIComponent(product.title)}`)).body.payload[0].price).toBe(12345);

    const added = await createProduct(1);
    expect((await call('/products/count')).body.count).toBe(count + 1);
    expect((await asStaff(`/products/${added._id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await call('/products/count')).body.count).toBe(count);
    expect((await call(`/products/${added._id}`)).status).toBe(404);
  });

  it('a content save shows in the next answer', async () => {
    await warm('/content');
    const content: SiteContent = (await call('/content')).body.content;
    const slogan = `Nueva temporada ${Date.now()}`;
    expect((await asStaff('/content', { method: 'PUT', body: { hero: { ...content.hero, slogan } } })).status).toBe(200);
    expect((await call('/content')).body.content.hero.slogan).toBe(slogan);
  });

  it('an order placed takes the stock in the next answer, and a cancel gives it back', async () => {
    const product = await createProduct(5);
    await warm(`/products/${product._id}`);
    const order = await place([{ productId: product._id, quantity: 2 }]);
    expect((await publicProduct(product._id)).stock).toBe(3);
    expect((await asStaff(`/orders/${order._id}/status`, { method: 'PUT', body: { status: 'cancelled' } })).status).toBe(200);
    expect((await publicProduct(product._id)).stock).toBe(5);
    expect((await asStaff(`/orders/${order._id}/status`, { method: 'PUT', body: { status: 'confirmado' } })).status).toBe(200);
    expect((await publicProduct(product._id)).stock).toBe(3);
    expect((await asStaff(`/orders/${order._id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await publicProduct(product._id)).stock).toBe(5);
  });

  it('the sweep of expired holds gives the stock back in the next answer', async () => {
    const content: SiteContent = (await call('/content')).body.content;
    const checkout = structuredClone(content.checkout);
    checkout.paymentInfo.bankTransfer.enabled = true;
    checkout.paymentInfo.bankTransfer.reservationMinutes = 1;
    expect((await asStaff('/content', { method: 'PUT', body: { checkout } })).status).toBe(200);
    const product = await createProduct(4);
    await place([{ productId: product._id, quantity: 1 }], { paymentMethod: 'transfer' });
    expect((await publicProduct(product._id)).stock).toBe(3);
    // Read over and over meanwhile: a cache the sweep did not empty would keep answering 3.
    const back = await waitFor(
      'the sweep',
      () => publicProduct(product._id),
      (p) => p.stock === 4,
      { timeoutMs: 40_000, everyMs: 250 },
    );
    expect(back.stock).toBe(4);
  });
});

describe('several processes', () => {
  for (const [name, other] of [
    ['through Redis', () => second],
    ['through the version row (no Redis)', () => third],
  ] as const) {
    it(`another process answers fresh within about a second after a write, an order or a content save, ${name}`, async () => {
      const url = other().url;
      const product = await createProduct(6);
      await warm(`/products/${product._id}`, url);
      await warm('/content', url);
      expect((await asStaff(`/products/${product._id}`, { method: 'PUT', body: { price: 15000 } })).status).toBe(200);
      await waitFor(
        'the price on the other process',
        () => publicProduct(product._id, url),
        (p) => p.price === 15000,
        OTHER_PROCESS_WAIT,
      );

      await warm(`/products/${product._id}`, url);
      await place([{ productId: product._id, quantity: 2 }]);
      await waitFor(
        'the stock on the other process',
        () => publicProduct(product._id, url),
        (p) => p.stock === 4,
        OTHER_PROCESS_WAIT,
      );

      const slogan = `Otra temporada ${Date.now()}`;
      const hero = (await call('/content')).body.content.hero;
      expect((await asStaff('/content', { method: 'PUT', body: { hero: { ...hero, slogan } } })).status).toBe(200);
      const read = () => api('/content', { baseUrl: url }).then((r) => r.body.content.hero.slogan as string);
      await waitFor('the content on the other process', read, (s) => s === slogan, OTHER_PROCESS_WAIT);
    });
  }
});
