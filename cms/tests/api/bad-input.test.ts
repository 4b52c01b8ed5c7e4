import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api } from '../helpers/api';
import {
  LONE_HIGH_SURROGATE,
  LONE_LOW_SURROGATE,
  LONG_10K,
  NUL_TEXT,
  OVERSIZED_JSON,
  OVER_VARCHAR,
  messageOf,
  rawRequest,
} from '../helpers/junk';
import { SHOPPER, orderBody, extraStrapi } from '../helpers/orders';
import type { ShopHandle } from '../helpers/shared-shops';
import { TEST_ADMIN } from '../helpers/strapi-process';

// Bad input is a Spanish 400 (413 when too big), never a 500 nor a crash, on SQLite and on PostgreSQL.
// Runs on a second process with the order limit raised: these orders are refused, but they still count.
const INVALID_CHARACTERS = 'La petición contiene caracteres no válidos';
let shop: ShopHandle;
let token: string;

const call = (path: string, options: Parameters<typeof api>[1] = {}) => api(path, { ...options, baseUrl: shop.url });
/** The path exactly as written (fetch would re-encode some of it). */
const rawGet = (path: string, auth?: string) =>
  rawRequest(shop.url, { method: 'GET', path: `/api${path}`, headers: auth ? { authorization: `Bearer ${auth}` } : {} });

const validOrder = () => orderBody([{ productId: 'fuzz-no-existe', quantity: 1 }]);
const validContact = { name: 'Ana Pérez', email: 'ana@example.com', phone: '299 555-0000', subject: 'Consulta', message: 'Hola' };

async function expectAlive(): Promise<void> {
  const health = await call('/health');
  expect(health.status).toBe(200);
  expect(health.body).toMatchObject({ status: 'ok', database: 'ok' });
}

beforeAll(async () => {
  shop = await extraStrapi();
  token = await adminToken();
});

afterAll(async () => {
  await shop?.stop();
});

describe('NUL and lone surrogates: 400 before any route runs', () => {
  it.each([
    ['POST /orders, shippingInfo.fullName', '/orders', { ...validOrder(), shippingInfo: { ...SHOPPER, fullName: NUL_TEXT } }],
    ['POST /orders, an item size', '/orders', orderBody([{ productId: 'x', quantity: 1, size: '\u0000' }])],
    ['POST /contact, message', '/contact', { ...validContact, message: NUL_TEXT }],
    ['POST /contact, a key', '/contact', { ...validContact, ['otro\u0000campo']: 'x' }],
    ['POST /interactions, a nested key', '/interactions', { type: 'search', data: { ['\u0000']: 1, searchTerm: 'encaje' } }],
    ['POST /interactions, a lone high surrogate', '/interactions', { type: 'search', data: { searchTerm: LONE_HIGH_SURROGATE } }],
    ['POST /contact, a lone low surrogate', '/contact', { ...validContact, subject: LONE_LOW_SURROGATE }],
  ])('%s', async (_label, path, body) => {
    const res = await call(path, { body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: INVALID_CHARACTERS });
  });

  it('a lone surrogate in a password is refused (bcryptjs loops forever on it and kills the process)', async () => {
    const login = await call('/auth/login', { body: { email: TEST_ADMIN.email, password: `${TEST_ADMIN.password}\ud800` } });
    expect(login.status).toBe(400);
    expect(login.body.message).toBe(INVALID_CHARACTERS);
    const change = await call('/users/password', {
      method: 'PUT',
      token,
      body: { currentPassword: TEST_ADMIN.password, newPassword: 'nueva\udc00clave' },
    });
    expect(change.status).toBe(400);
    expect(change.body.message).toBe(INVALID_CHARACTERS);
    // Strapi's own panel checks passwords with bcryptjs too: the guard covers every path, not only /api.
    const panel = await rawRequest(shop.url, {
      method: 'POST',
      path: '/admin/login',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: TEST_ADMIN.email, password: '\ud800' }),
    });
    expect(panel.ok && panel.status).toBe(400);
    await expectAlive();
  });

  it('as staff: NUL in the site content and in an order status note', async () => {
    const content = await call('/content', { method: 'PUT', token, body: { hero: { slogan: NUL_TEXT } } });
    expect(content.status).toBe(400);
    expect(content.body.message).toBe(INVALID_CHARACTERS);
    const status = await call('/orders/fuzz-no-existe/status', { method: 'PUT', token, body: { status: 'paid', adminNotes: NUL_TEXT } });
    expect(status.status).toBe(400);
    expect(status.body.message).toBe(INVALID_CHARACTERS);
  });

  it.each([
    ['/products?searchTerm=%00', false],
    ['/products?category=encaje%00&sizes=M', false],
    ['/products?sizes[]=S&sizes[]=%00', false],
    ['/orders?status=%00', true],
    ['/products/%00', false],
    ['/products/abc%00def', false],
    ['/orders/by-number/JL-20240101-0001%00', false],
    ['/orders/%00', true],
    // Malformed percent-encoding in the path: truncated, not UTF-8, an encoded surrogate.
    ['/products/%E0%A4%A', false],
    ['/products/%ff', false],
    ['/orders/by-number/%ED%A0%80', false],
  ])('GET %s', async (path, asStaff) => {
    const res = await rawGet(path, asStaff ? token : undefined);
    expect(res.ok && res.status).toBe(400);
    if (res.ok) expect(messageOf(res.text)).toBe(INVALID_CHARACTERS);
  });
});

describe('texts longer than their column: 400 naming the limit', () => {
  it.each([
    [
      'POST /contact, name of 10,000 characters',
      '/contact',
      { ...validContact, name: LONG_10K },
      'El texto no puede superar 120 caracteres',
    ],
    [
      'POST /contact, subject of 300 characters (varchar)',
      '/contact',
      { ...validContact, subject: OVER_VARCHAR },
      'El texto no puede superar 200 caracteres',
    ],
    [
      'POST /orders, notes of 10,000 characters',
      '/orders',
      { ...validOrder(), notes: LONG_10K },
      'El texto no puede superar 1000 caracteres',
    ],
    [
      'POST /orders, city of 300 characters (varchar)',
      '/orders',
      { ...validOrder(), shippingInfo: { ...SHOPPER, city: OVER_VARCHAR } },
      'El texto no puede superar 120 caracteres',
    ],
    [
      'POST /interactions, product title of 300 characters (varchar)',
      '/interactions',
      { type: 'product_view', data: { productTitle: OVER_VARCHAR } },
      'El texto no puede superar 200 caracteres',
    ],
    [
      'POST /auth/login, e-mail of 10,000 characters',
      '/auth/login',
      { email: LONG_10K, password: 'x' },
      'El texto no puede superar 200 caracteres',
    ],
  ])('%s', async (_label, path, body, message) => {
    const res = await call(path, { body });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('as staff: product title, username and sizes that do not fit their varchar(255) columns', async () => {
    const product = {
      title: OVER_VARCHAR,
      description: 'x',
      price: 1000,
      category: 'conjuntos',
      size: ['S'],
      thumbnails: ['/images/a.webp'],
    };
    const title = await call('/products', { token, body: product });
    expect(title.status).toBe(400);
    expect(title.body.message).toBe('El texto no puede superar 200 caracteres');
    // 30 sizes of 20 characters are each valid, but their search index would be 631 characters long.
    const sizes = Array.from({ length: 30 }, (_, i) => `T${String(i).padStart(19, '0')}`);
    const tooManySizes = await call('/products', { token, body: { ...product, title: 'Conjunto', size: sizes } });
    expect(tooManySizes.status).toBe(400);
    expect(tooManySizes.body.message).toBe('Las tallas no pueden superar 250 caracteres en total');
    const username = await call('/users/profile', { method: 'PUT', token, body: { username: OVER_VARCHAR, email: TEST_ADMIN.email } });
    expect(username.status).toBe(400);
    expect(username.body.message).toBe('El texto no puede superar 60 caracteres');
  });
});

describe('bodies that are not what the route expects', () => {
  it('malformed JSON is a 400, a body over 256 KB a 413', async () => {
    const malformed = await call('/orders', { method: 'POST', raw: '{"items":[', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('El cuerpo de la petición no es un JSON válido');
    const huge = await call('/orders', { method: 'POST', raw: OVERSIZED_JSON, headers: { 'content-type': 'application/json' } });
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe('La petición es demasiado grande');
    const hugeContent = await call('/content', {
      method: 'PUT',
      token,
      raw: OVERSIZED_JSON,
      headers: { 'content-type': 'application/json' },
    });
    expect(hugeContent.status).toBe(413);
    expect(hugeContent.body.message).toBe('La petición es demasiado grande');
  });

  it('wrong types and 20,000 levels of nesting are a 400', async () => {
    const wrongType = await call('/contact', { body: { ...validContact, email: ['ana@example.com'] } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toBe('Todos los campos marcados con * son obligatorios');
    const deep = `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`;
    const nested = await call('/contact', { method: 'POST', raw: deep, headers: { 'content-type': 'application/json' } });
    expect(nested.status).toBe(400);
    expect(typeof nested.body.message).toBe('string');
    await expectAlive();
  });
});
