import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Knex } from 'knex';
import {
  CSV_BOM,
  ORDER_EXPORT_HEADER,
  ORDER_STATUS_LABELS,
  PRODUCT_EXPORT_HEADER,
  dailySalesAnswerSchema,
  lastShopDays,
  lowStockAnswerSchema,
  shopDayRange,
} from '@shop/shared';
import { adminTokenAt, api, shopperToken } from '../helpers/api';
import { GARBAGE_TOKEN, expectAdminOnly } from '../helpers/auth-matrix';
import { knexOn } from '../helpers/database';
import { createProduct, orderBody, type TestProduct } from '../helpers/orders';
import { createTestDatabase, startStrapi, type RunningStrapi, type TestDatabase } from '../helpers/strapi-process';

/*
 * The accountant's exports and the dashboard's insight, on a shop of their own (the daily figures count every
 * order of the database, so other files' orders must not be there). Exports read 7 rows per batch here
 * (EXPORT_BATCH_SIZE) so that a few dozen orders cross several batches.
 */
const BATCH = 7;
let database: TestDatabase;
let shop: RunningStrapi;
let db: Knex;
let token: string;
let product: TestProduct;
let noSizes: TestProduct;

const at = () => ({ baseUrl: shop.url, token });
const call = (path: string, options: Parameters<typeof api>[1] = {}) => api(path, { baseUrl: shop.url, token, ...options });

async function placeOrder(extra: Record<string, unknown> = {}): Promise<{ id: string; orderNumber: string }> {
  const res = await call('/orders', { body: orderBody([{ productId: product._id, quantity: 1 }], extra), token: null });
  if (res.status !== 201) throw new Error(`order: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.order._id, orderNumber: res.body.orderNumber };
}

/** Moves an order in time and status directly in the database (the API never back-dates an order). */
async function setOrder(orderNumber: string, fields: { createdAt?: Date; paidAt?: Date | null; status?: string; total?: number }) {
  const update: Record<string, unknown> = {};
  if (fields.createdAt) update.created_at = fields.createdAt;
  if (fields.paidAt !== undefined) update.paid_at = fields.paidAt;
  if (fields.status) update.order_status = fields.status;
  if (fields.total !== undefined) update.total = fields.total;
  await db('orders').where('order_number', orderNumber).update(update);
}

async function setShopperName(orderNumber: string, fullName: string) {
  const order = await db('orders').where('order_number', orderNumber).first('id');
  const link = await db('orders_cmps').where({ entity_id: order.id, field: 'shippingInfo' }).first('cmp_id');
  await db('components_order_shipping_infos').where('id', link.cmp_id).update({ full_name: fullName });
}

async function csv(path: string): Promise<{ status: number; text: string; bytes: Uint8Array; headers: Headers }> {
  const res = await fetch(`${shop.url}/api${path}`, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' } });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { status: res.status, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes), bytes, headers: res.headers };
}

/** The data lines of a CSV (after the BOM and header), split on CRLF outside quotes. */
function csvLines(text: string): string[] {
  const lines: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') quoted = !quoted;
    if (!quoted && c === '\r' && text[i + 1] === '\n') {
      lines.push(current);
      current = '';
      i++;
      continue;
    }
    current += c;
  }
  if (current !== '') lines.push(current);
  return lines;
}

const orderNumbersIn = (text: string) =>
  csvLines(text.slice(1))
    .slice(1)
    .map((l) => l.split(';')[0]);

beforeAll(async () => {
  database = await createTestDatabase(inject('databaseKind'), { seeded: true });
  shop = await startStrapi(database, { EXPORT_BATCH_SIZE: String(BATCH), RATE_LIMIT_ORDERS_MAX: '100000' });
  db = knexOn(database.env);
  token = await adminTokenAt(shop.url);
  product = await createProduct({ stock: 500, stockBySize: { S: 2, M: 500, L: 9 }, colors: [{ name: 'Negro', value: '#000' }] }, at());
  // The API always asks for sizes; a product without them (sold as one piece) is written directly.
  noSizes = await createProduct({ stock: 1, size: ['U'], colors: [{ name: 'Negro', value: '#000' }] }, at());
  await db('products').where('document_id', noSizes._id).update({ size: '[]', stock_by_size: null, stock: 1 });
});

afterAll(async () => {
  await db?.destroy();
  await shop?.stop();
  await database?.drop();
});

describe('GET /orders/export.csv', () => {
  it('answers an Excel es-AR CSV: BOM, ; separator, CRLF, Spanish header, dated attachment, streamed', async () => {
    const placed = await placeOrder();
    const res = await csv('/orders/export.csv');
    expect(res.status).toBe(200);
    expect([...res.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.text.startsWith(CSV_BOM)).toBe(true);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="ordenes-\d{4}-\d{2}-\d{2}\.csv"$/);
    // Streamed: no length known in advance, sent in chunks.
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    expect(res.headers.get('content-length')).toBeNull();
    const lines = csvLines(res.text.slice(1));
    expect(lines[0]).toBe(ORDER_EXPORT_HEADER.join(';'));
    expect(res.text.endsWith('\r\n')).toBe(true);
    expect(res.text.replace(/\r\n/g, '')).not.toMatch(/\n/);
    const row = lines.find((l) => l.startsWith(placed.orderNumber))!.split(';');
    expect(row[2]).toBe(ORDER_STATUS_LABELS.pending_manual);
    expect(row[3]).toBe('Pago en Efectivo');
    expect(row[5]).toBe('María Laura Gómez');
    // The line names the variant's SKU for staff.
    expect(row[10]).toMatch(new RegExp(`^1 x ${product.title} \\(talle M, Negro, SKU [A-Z0-9-]+-NEGRO-M\\)$`));
    expect(row[12]).toBe('10000');
    expect(row[1]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  });

  it('quotes ; " and line breaks, and neutralises formulas', async () => {
    const quoted = await placeOrder();
    const formula = await placeOrder();
    await setShopperName(quoted.orderNumber, 'Ana "Luz"; Pérez\nSegunda línea');
    await setShopperName(formula.orderNumber, '=HYPERLINK("http://malo.example";"clic")');
    const res = await csv(`/orders/export.csv?search=${encodeURIComponent(quoted.orderNumber)}`);
    expect(res.text).toContain(`${quoted.orderNumber};`);
    expect(res.text).toContain(';"Ana ""Luz""; Pérez\nSegunda línea";');
    const injected = await csv(`/orders/export.csv?search=${encodeURIComponent(formula.orderNumber)}`);
    expect(injected.text).toContain(`;"'=HYPERLINK(""http://malo.example"";""clic"")";`);
    expect(injected.text).not.toMatch(/;"?=HYPERLINK/);
  });

  it('filters by status, payment method, search and an Argentine date range (days begin at 03:00 UTC)', async () => {
    const before = await placeOrder({ paymentMethod: 'transfer' });
    const first = await placeOrder();
    const last = await placeOrder();
    const after = await placeOrder();
    await setOrder(before.orderNumber, { createdAt: new Date('2025-03-10T02:59:59Z'), status: 'paid' }); // AR 09/03 23:59
    await setOrder(first.orderNumber, { createdAt: new Date('2025-03-10T03:00:00Z') }); // AR 10/03 00:00
    await setOrder(last.orderNumber, { createdAt: new Date('2025-03-12T02:59:00Z') }); // AR 11/03 23:59
    await setOrder(after.orderNumber, { createdAt: new Date('2025-03-12T03:00:00Z') }); // AR 12/03 00:00

    const range = await csv('/orders/export.csv?from=2025-03-10&to=2025-03-11');
    expect(orderNumbersIn(range.text)).toEqual([last.orderNumber, first.orderNumber]);
    const firstRow = csvLines(range.text.slice(1)).find((l) => l.startsWith(first.orderNumber))!;
    expect(firstRow.split(';')[1]).toBe('10/03/2025 00:00');

    expect(orderNumbersIn((await csv('/orders/export.csv?date=2025-03-09')).text)).toEqual([before.orderNumber]);
    expect(orderNumbersIn((await csv('/orders/export.csv?from=2025-03-12&to=2025-03-12')).text)).toEqual([after.orderNumber]);
    expect(orderNumbersIn((await csv('/orders/export.csv?to=2025-03-09')).text)).toEqual([before.orderNumber]);

    const paidTransfers = await csv('/orders/export.csv?status=paid&paymentMethod=transfer');
    expect(orderNumbersIn(paidTransfers.text)).toEqual([before.orderNumber]);
    expect(orderNumbersIn((await csv('/orders/export.csv?paymentMethod=transfer&status=cancelled')).text)).toEqual([]);
    expect(orderNumbersIn((await csv(`/orders/export.csv?search=${last.orderNumber.toLowerCase()}`)).text)).toEqual([last.orderNumber]);
  });

  it('reads many orders in batches and writes each exactly once, newest first', async () => {
    for (let i = 0; i < 3 * BATCH + 2; i++) await placeOrder();
    const all: { order_number: string }[] = await db('orders').orderBy('id', 'desc').select('order_number');
    const res = await csv('/orders/export.csv');
    expect(all.length).toBeGreaterThan(3 * BATCH);
    expect(orderNumbersIn(res.text)).toEqual(all.map((o) => o.order_number));
  });

  it('is staff only', async () => {
    await expectAdminOnly('GET', '/orders/export.csv');
  });

  it.each([
    ['an unknown status', 'status=nope', 'Estado de orden inválido'],
    ['a bad payment method', 'paymentMethod=tarjeta', 'El medio de pago debe ser cash, transfer o mercadopago'],
    ['an impossible date', 'from=2025-02-30', 'Fecha inválida: usa el formato AAAA-MM-DD'],
    ['a date in another format', 'to=10/03/2025', 'Fecha inválida: usa el formato AAAA-MM-DD'],
    ['a reversed range', 'from=2025-03-12&to=2025-03-10', 'La fecha "desde" no puede ser posterior a la fecha "hasta"'],
    ['an overlong search', `search=${'x'.repeat(10_000)}`, 'La búsqueda no puede superar 100 caracteres ni tener caracteres de control'],
    ['a repeated filter', 'status=paid&status=cancelled', 'Cada filtro se indica una sola vez'],
    ['a filter as an object', 'status[$ne]=paid', 'Cada filtro se indica una sola vez'],
  ])('refuses %s with a Spanish 400', async (_label, query, message) => {
    const res = await call(`/orders/export.csv?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('refuses a NUL byte in a filter with a Spanish 400', async () => {
    const res = await call('/orders/export.csv?search=a%00b');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/[áéíóúñ]|inválid|caracter/i);
  });
});

describe('GET /products/export.csv', () => {
  it('writes one row per size with its stock, and one row for a product without sizes', async () => {
    const res = await csv('/products/export.csv');
    expect(res.status).toBe(200);
    expect(res.text.startsWith(CSV_BOM)).toBe(true);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="productos-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csvLines(res.text.slice(1));
    expect(lines[0]).toBe(PRODUCT_EXPORT_HEADER.join(';'));
    const rowsOf = (id: string) => lines.filter((l) => l.startsWith(`${id};`)).map((l) => l.split(';'));
    const sized = rowsOf(product._id);
    expect(sized.map((r) => r[3])).toEqual(['S', 'M', 'L']);
    expect(Number(sized[0]![4])).toBe(2);
    expect(Number(sized[2]![4])).toBe(9);
    expect(sized[0]![8]).toBe('Sí');
    // The packed parcel's columns are blank while the product gives none (its category's default applies).
    expect(rowsOf(noSizes._id)).toEqual([[noSizes._id, noSizes.title, 'conjuntos', '', '1', '10000', '0', '10000', 'Sí', '', '', '', '']]);
  });

  it('is staff only', async () => {
    await expectAdminOnly('GET', '/products/export.csv');
  });
});

describe('GET /insight/daily-sales', () => {
  it('counts orders and paid revenue per Argentine day, with the days without orders at zero', async () => {
    const days = lastShopDays(30);
    const today = days[29]!;
    const yesterday = days[28]!;
    const todayStart = shopDayRange(today)!.start;
    const before = await call('/insight/daily-sales?days=30');
    const base = dailySalesAnswerSchema.parse(before.body);
    const late = await placeOrder();
    const early = await placeOrder();
    const paid = await placeOrder();
    const old = await placeOrder();
    // One minute before today began in Argentina is yesterday; a minute after, today.
    await setOrder(late.orderNumber, { createdAt: new Date(todayStart.getTime() - 60_000) });
    await setOrder(early.orderNumber, { createdAt: new Date(todayStart.getTime() + 60_000) });
    await setOrder(paid.orderNumber, {
      createdAt: new Date(todayStart.getTime() - 26 * 3600_000),
      paidAt: new Date(todayStart.getTime() + 120_000),
      status: 'paid',
      total: 12345,
    });
    await setOrder(old.orderNumber, { createdAt: new Date(todayStart.getTime() - 40 * 86_400_000), status: 'paid', paidAt: null });

    const res = await call('/insight/daily-sales?days=30');
    expect(res.status).toBe(200);
    const answer = dailySalesAnswerSchema.parse(res.body);
    expect(answer.days.map((d) => d.day)).toEqual(days);
    const at = (a: typeof answer, day: string) => a.days.find((d) => d.day === day)!;
    const baseToday = at(base, today);
    expect(at(answer, today).orders).toBe(baseToday.orders + 1); // four placed today, three of them moved away
    expect(at(answer, yesterday).orders).toBe(at(base, yesterday).orders + 1);
    expect(at(answer, today).revenue).toBe(baseToday.revenue + 12345);
    expect(answer.days.filter((d) => d.orders === 0).length).toBeGreaterThan(20);
    expect(answer.totalOrders).toBe(answer.days.reduce((s, d) => s + d.orders, 0));

    const ninety = dailySalesAnswerSchema.parse((await call('/insight/daily-sales?days=90')).body);
    expect(ninety.days).toHaveLength(90);
    const oldDay = ninety.days.find((d) => d.day === lastShopDays(90)[49]!)!;
    expect(oldDay.orders).toBeGreaterThanOrEqual(1);
    expect(oldDay.revenue).toBeGreaterThanOrEqual(10000);
  });

  it('is staff only, and refuses periods other than 30 and 90 days', async () => {
    await expectAdminOnly('GET', '/insight/daily-sales');
    for (const days of ['7', '-30', 'treinta', '30.5', '9'.repeat(500), '']) {
      const res = await call(`/insight/daily-sales?days=${days}`);
      if (days === '') continue;
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('El período debe ser de 30 o 90 días');
    }
    const repeated = await call('/insight/daily-sales?days=30&days=90');
    expect(repeated.status).toBe(400);
  });
});

describe('GET /insight/low-stock and PUT /insight/low-stock-threshold', () => {
  const view = (p: TestProduct, times: number) =>
    Promise.all(
      Array.from({ length: times }, () =>
        call('/interactions', {
          token: null,
          body: { type: 'product_view', data: { productId: p._id, productTitle: p.title, productCategory: 'conjuntos' } },
        }),
      ),
    );

  it('lists the most viewed products whose stock or one size is at or below the threshold (default 3)', async () => {
    // One colour: a product with several colours runs out per colour and size (tested below).
    const plenty = await createProduct(
      { stock: 50, size: ['S', 'M'], stockBySize: { S: 20, M: 30 }, colors: [{ name: 'Negro', value: '#000' }] },
      at(),
    );
    await view(plenty, 5);
    await view(product, 3);
    await view(noSizes, 1);
    const res = await call('/insight/low-stock');
    expect(res.status).toBe(200);
    const answer = lowStockAnswerSchema.parse(res.body);
    expect(answer.threshold).toBe(3);
    // `product` has size S with 2 units; `noSizes` has 1 in all; `plenty` is not low.
    expect(answer.products.map((p) => p.productId)).toEqual([product._id, noSizes._id]);
    expect(answer.products[0]!.lowSizes).toEqual([{ size: 'S', stock: 2 }]);
    expect(answer.products[0]!.views).toBe(3);
    expect(answer.products[1]).toMatchObject({ totalStock: 1, lowSizes: [] });
    // A product that sells several colours runs out per colour and size.
    const twoColours = await createProduct(
      {
        stock: 0,
        size: ['S'],
        colors: [
          { name: 'Negro', value: '#000' },
          { name: 'Nude', value: '#E3BC9A' },
        ],
        variants: [
          { color: 'Negro', size: 'S', stock: 10 },
          { color: 'Nude', size: 'S', stock: 1 },
        ],
      },
      at(),
    );
    await view(twoColours, 1);
    const perColour = lowStockAnswerSchema.parse((await call('/insight/low-stock')).body);
    expect(perColour.products.find((p) => p.productId === twoColours._id)).toMatchObject({
      totalStock: 11,
      lowSizes: [{ size: 'Nude S', stock: 1 }],
    });

    const raised = await call('/insight/low-stock-threshold', { method: 'PUT', body: { threshold: 20 } });
    expect(raised.status).toBe(200);
    expect(raised.body).toEqual({ threshold: 20 });
    const after = lowStockAnswerSchema.parse((await call('/insight/low-stock')).body);
    expect(after.threshold).toBe(20);
    // Most viewed first (twoColours was viewed once, like noSizes: the product id breaks the tie).
    expect(after.products.map((p) => p.productId)).toEqual([plenty._id, product._id, ...[noSizes._id, twoColours._id].sort()]);
    await call('/insight/low-stock-threshold', { method: 'PUT', body: { threshold: 3 } });
  });

  it('keeps the threshold across a restart of the shop (stored server-side)', async () => {
    await call('/insight/low-stock-threshold', { method: 'PUT', body: { threshold: 7 } });
    await shop.stop();
    shop = await startStrapi(database, { EXPORT_BATCH_SIZE: String(BATCH), RATE_LIMIT_ORDERS_MAX: '100000' });
    token = await adminTokenAt(shop.url);
    expect(lowStockAnswerSchema.parse((await call('/insight/low-stock')).body).threshold).toBe(7);
  });

  it('is staff only and refuses bad thresholds with a Spanish 400', async () => {
    await expectAdminOnly('GET', '/insight/low-stock');
    await expectAdminOnly('PUT', '/insight/low-stock-threshold', { threshold: 1 });
    for (const threshold of [-1, 1000, 1.5, '3', null, 'x'.repeat(10_000), [3], { n: 3 }]) {
      const res = await call('/insight/low-stock-threshold', { method: 'PUT', body: { threshold } });
      expect(res.status, JSON.stringify(threshold).slice(0, 40)).toBe(400);
      expect(res.body.message).toBe('El umbral debe ser un número entero entre 0 y 999');
    }
    const nul = await call('/insight/low-stock-threshold', { method: 'PUT', body: { threshold: 'a\u0000' } });
    expect(nul.status).toBe(400);
    const shopper = await api('/insight/low-stock', { baseUrl: inject('baseUrl'), token: await shopperToken() });
    expect(shopper.status).toBe(403);
    const garbage = await api('/insight/daily-sales', { baseUrl: inject('baseUrl'), token: GARBAGE_TOKEN });
    expect(garbage.status).toBe(401);
  });
});
