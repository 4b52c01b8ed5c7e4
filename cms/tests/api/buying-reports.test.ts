import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PURCHASES_MSG,
  SALES_REPORT_MSG,
  SIZE_CURVE_MSG,
  salesReportAnswerSchema,
  STOCK_REPORT_MSG,
  shopIsoDay,
  sizeCurveAnswerSchema,
  stockReportAnswerSchema,
  type SiteContent,
  type SizeCurveAnswer,
  type SalesReportAnswer,
  type StockReportAnswer,
} from '@shop/shared';
import { randomUUID } from 'node:crypto';
import { startFakeMercadoPago, type FakeMercadoPago } from '../../../scripts/fake-mercadopago.mjs';
import { expectMessage } from '../helpers/api';
import { fakeControl } from '../helpers/mercadopago';
import { waitFor } from '../helpers/wait-for';
import { GARBAGE_TOKEN } from '../helpers/auth-matrix';
import { createProduct, orderBody, type TestProduct } from '../helpers/orders';
import { deliver, placeOrder, POINT, requestBody, startReturnsShop, stopReturnsShop, type ReturnsShop } from '../helpers/returns';

/**
 * The owner's buying reports. The size curve (GET /reports/size-curve and its CSV): units sold per size of a category
 * over a period (cancelled orders left out), each size's share, the sell-outs read from the stock ledger, a purchase
 * split in whole units that add up. The stock views (GET /reports/stock): days of stock, dead stock, what to reorder.
 * Both owner-only, junk refused. Its own Strapi; categories of its own.
 */
let at: ReturnsShop;
let fake: FakeMercadoPago;
const TAG = Date.now().toString(36);
/**
 * The category's name (what products carry) and the name the shop shows. It ends in a letter other than "s" (a base-36
 * tag may end in one), so its plural is one "s" more: 'curvaXs' + 's' is not a plural the shop reads.
 */
const CATEGORY = `curva${TAG}a`;
const SHOWN = `Corpiños ${TAG}`;
const STOCK_CATEGORY = `stock${TAG}`;
const SALES_CATEGORY = `ventas${TAG}`;

beforeAll(async () => {
  // Mercado Pago (its local fake) pays the order whose fee the sales report takes off the margin.
  const accessToken = `TEST-${randomUUID()}`;
  const webhookSecret = randomUUID().replace(/-/g, '');
  fake = await startFakeMercadoPago({ accessToken, webhookSecret });
  at = await startReturnsShop({
    mercadoPago: true,
    env: {
      MERCADOPAGO_ACCESS_TOKEN: accessToken,
      MERCADOPAGO_WEBHOOK_SECRET: webhookSecret,
      MERCADOPAGO_API_URL: fake.url,
      MERCADOPAGO_SWEEP_CRON: '0 0 0 1 1 *',
      RATE_LIMIT_WEBHOOKS_MAX: '100000',
    },
  });
  const content = (await at.call('/content')).body.content as SiteContent;
  content.productCatalog.categories.push(
    { name: CATEGORY, display_name: SHOWN },
    { name: `${CATEGORY}otra`, display_name: 'Otra' },
    { name: STOCK_CATEGORY, display_name: 'Stock' },
    { name: SALES_CATEGORY, display_name: `Ventas ${TAG}` },
  );
  const res = await at.call('/content', { method: 'PUT', body: content, token: at.owner });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}, 180_000);

afterAll(async () => {
  await stopReturnsShop(at);
  await fake?.close();
});

/** No token or a garbage one: 401; the sales and catalogue roles and a shopper: 403 (the owner's reports). */
async function expectOwnerOnly(paths: readonly string[]): Promise<void> {
  for (const path of paths) {
    expect((await at.call(path)).status).toBe(401);
    expect((await at.call(path, { token: GARBAGE_TOKEN })).status).toBe(401);
    for (const token of [at.sales, at.catalog, at.shopper]) expect((await at.call(path, { token })).status, path).toBe(403);
  }
}

const curve = (query: string, token?: string) => at.call(`/reports/size-curve?${query}`, { token });

async function bra(stock: Record<string, number>, category = CATEGORY): Promise<TestProduct> {
  const sizes = Object.keys(stock);
  return createProduct(
    {
      stock: Object.values(stock).reduce((a, b) => a + b, 0),
      category,
      size: sizes,
      colors: [{ name: 'Negro', value: '#000000' }],
      variants: sizes.map((size) => ({ color: 'Negro', size, stock: stock[size]! })),
    },
    { baseUrl: at.shop.url, token: at.owner },
  );
}

async function read(query: string): Promise<SizeCurveAnswer> {
  const res = await curve(query, at.owner);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return sizeCurveAnswerSchema.parse(res.body);
}

describe('the size curve of a category', () => {
  it('counts the units sold per size, the sell-outs, and splits a purchase by the curve', async () => {
    const one = await bra({ '85B': 2, '90B': 3, '95B': 10 });
    const two = await bra({ '90B': 1, '100B': 5 });
    const other = await bra({ '90B': 9 }, `${CATEGORY}otra`);
    await placeOrder(at, [
      { productId: one._id, quantity: 1, size: '85B' },
      { productId: one._id, quantity: 3, size: '90B' },
    ]);
    await placeOrder(at, [{ productId: one._id, quantity: 2, size: '95B' }]);
    await placeOrder(at, [
      { productId: two._id, quantity: 1, size: '90B' },
      { productId: two._id, quantity: 1, size: '100B' },
    ]);
    // Another category's sale, and a cancelled order: neither counts.
    await placeOrder(at, [{ productId: other._id, quantity: 5, size: '90B' }]);
    const cancelled = await placeOrder(at, [{ productId: one._id, quantity: 4, size: '95B' }]);
    const cancel = await at.call(`/orders/${cancelled._id}/status`, { method: 'PUT', body: { status: 'cancelled' }, token: at.sales });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);

    const answer = await read(`category=${CATEGORY}&units=10`);
    const today = shopIsoDay();
    expect(answer).toMatchObject({ category: SHOWN, to: today, total: 8, units: 10 });
    // 85B 1, 90B 4, 95B 2, 100B 1 of 8: of 10, 1.25 / 5 / 2.5 / 1.25 → 1 / 5 / 2 / 1 and the unit left to 95B (0.5).
    expect(answer.sizes.map(({ size, units, suggested, soldOut }) => ({ size, units, suggested, soldOut }))).toEqual([
      { size: '85B', units: 1, suggested: 1, soldOut: 0 },
      { size: '90B', units: 4, suggested: 5, soldOut: 2 },
      { size: '95B', units: 2, suggested: 3, soldOut: 0 },
      { size: '100B', units: 1, suggested: 1, soldOut: 0 },
    ]);
    expect(answer.sizes[1]!.share).toBeCloseTo(0.5, 10);
    // Both 90B variants ran out today, within minutes of their opening: 0 days (rounded to a tenth).
    expect(answer.sizes[1]!.daysToSellOut).toBe(0);
    expect(answer.sizes[0]!.daysToSellOut).toBeNull();
    expect(answer.sentence).toBe(`De cada 10 ${SHOWN.toLowerCase()}, 5 son 90B.`);

    // A purchase of 7: 0.875 / 3.5 / 1.75 / 0.875 → 0 / 3 / 1 / 0, then the 3 left by the largest remainders.
    const seven = await read(`category=${CATEGORY}&units=7`);
    expect(seven.sizes.map((s) => s.suggested)).toEqual([1, 3, 2, 1]);
    expect(seven.sizes.reduce((sum, s) => sum + s.suggested, 0)).toBe(7);

    // The counts are kept between reads only until the next stock move: one more sale shows at once.
    await placeOrder(at, [{ productId: one._id, quantity: 1, size: '85B' }]);
    const after = await read(`category=${CATEGORY}&units=7`);
    expect(after.total).toBe(9);
    expect(after.sizes[0]).toMatchObject({ size: '85B', units: 2 });

    // The category matched as the size guides match it (case, a plural, its shown name), and a period with nothing.
    expect((await read(`category=${CATEGORY.toUpperCase()}s`)).total).toBe(9);
    expect((await read(`category=${encodeURIComponent(SHOWN)}`)).total).toBe(9);
    const empty = await read(`category=${CATEGORY}&from=2020-01-01&to=2020-12-31`);
    expect(empty).toMatchObject({ from: '2020-01-01', to: '2020-12-31', total: 0, sentence: null, sizes: [] });

    const csv = await fetch(`${at.shop.url}/api/reports/size-curve.csv?category=${CATEGORY}&units=10&to=${today}`, {
      headers: { Authorization: `Bearer ${at.owner}` },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain('Talle');
    expect(lines.slice(1).map((line) => line.split(';')[0])).toEqual(['85B', '90B', '95B', '100B']);
    // 90B: 4 of 9 units (44.4 %); of 10: 2.22 / 4.44 / 2.22 / 1.11 → 2 / 4 / 2 / 1 and the unit left to 90B (0.44).
    expect(lines[2]).toBe('90B;4;44,4;2;0;5');
  });
});

describe('the size curve after a read: kept per product, each change counted', () => {
  it('follows a sale, a product new to the category, a cancel and a product moved to another category', async () => {
    const OTHER = `${CATEGORY}otra`;
    const query = `category=${OTHER}&units=10`;
    const unitsOf = (answer: SizeCurveAnswer, size: string) => answer.sizes.find((s) => s.size === size)?.units ?? 0;
    const soldOutOf = (answer: SizeCurveAnswer, size: string) => answer.sizes.find((s) => s.size === size)?.soldOut ?? 0;
    const first = await bra({ '90B': 3, '95B': 2 }, OTHER);
    await placeOrder(at, [{ productId: first._id, quantity: 1, size: '95B' }]);
    const before = await read(query);
    // A product counted before sells its last 95B: one unit more, one sell-out more.
    await placeOrder(at, [{ productId: first._id, quantity: 1, size: '95B' }]);
    const sold = await read(query);
    expect(unitsOf(sold, '95B')).toBe(unitsOf(before, '95B') + 1);
    expect(soldOutOf(sold, '95B')).toBe(soldOutOf(before, '95B') + 1);
    // A product the question had never counted, sold.
    const second = await bra({ '100B': 4 }, OTHER);
    await placeOrder(at, [{ productId: second._id, quantity: 2, size: '100B' }]);
    expect(unitsOf(await read(query), '100B')).toBe(unitsOf(before, '100B') + 2);
    // A sale, then its cancel: counted, then left out again.
    const cancelled = await placeOrder(at, [{ productId: first._id, quantity: 1, size: '90B' }]);
    expect(unitsOf(await read(query), '90B')).toBe(unitsOf(before, '90B') + 1);
    const cancel = await at.call(`/orders/${cancelled._id}/status`, { method: 'PUT', body: { status: 'cancelled' }, token: at.sales });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(unitsOf(await read(query), '90B')).toBe(unitsOf(before, '90B'));
    // A product moved to another category leaves the question with its units.
    const moved = await at.call(`/products/${second._id}`, { method: 'PUT', body: { category: CATEGORY }, token: at.owner });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const after = await read(query);
    expect(unitsOf(after, '100B')).toBe(unitsOf(before, '100B'));
    expect(after.total).toBe(before.total + 1);
  });
});

describe('GET /reports/size-curve: the owner only, and junk refused', () => {
  it('refuses no token, a garbage token, the sales and catalogue roles and a shopper', async () => {
    await expectOwnerOnly(['/reports/size-curve', '/reports/size-curve.csv'].map((path) => `${path}?category=${CATEGORY}`));
  });

  it('answers a Spanish 400 to a missing category, bad days, a reversed period and bad units', async () => {
    expectMessage(await curve('', at.owner), 400, SIZE_CURVE_MSG.category);
    expectMessage(await curve(`category=${'x'.repeat(61)}`, at.owner), 400, SIZE_CURVE_MSG.category);
    expectMessage(await curve('category=a&category=b', at.owner), 400, SIZE_CURVE_MSG.category);
    expectMessage(await curve(`category=${CATEGORY}&from=2026-13-45`, at.owner), 400, SIZE_CURVE_MSG.badDate);
    expectMessage(await curve(`category=${CATEGORY}&from=ayer`, at.owner), 400, SIZE_CURVE_MSG.badDate);
    expectMessage(await curve(`category=${CATEGORY}&from=2026-02-01&to=2026-01-01`, at.owner), 400, SIZE_CURVE_MSG.badRange);
    for (const units of ['0', '-3', '2.5', 'diez', '10001', '1e3']) {
      expectMessage(await curve(`category=${CATEGORY}&units=${units}`, at.owner), 400, SIZE_CURVE_MSG.units);
    }
    // An injection attempt is a category like any other: nothing sold in it.
    expect((await read(`category=${encodeURIComponent("' OR 1=1 --")}`)).total).toBe(0);
  });
});

describe('the stock views: days of stock, dead stock, what to reorder', () => {
  const stockView = async (query: string): Promise<StockReportAnswer> => {
    const res = await at.call(`/reports/stock?category=${STOCK_CATEGORY}&${query}`, { token: at.owner });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return stockReportAnswerSchema.parse(res.body);
  };

  it('reads units on hand against the window’s sales, per variant', async () => {
    const product = await bra({ S: 10, M: 2, L: 5 }, STOCK_CATEGORY);
    await placeOrder(at, [
      { productId: product._id, quantity: 3, size: 'S' },
      { productId: product._id, quantity: 2, size: 'M' },
    ]);
    // 30 days: S sold 3 (0.1 a day, 7 left: 70 days), M sold 2 (0.07 a day, 0 left: 0 days), L nothing (no figure).
    const days = await stockView('view=days&days=30');
    expect(days).toMatchObject({ view: 'days', days: 30, total: 3, page: 1, pageCount: 1 });
    expect(
      days.rows.map(({ size, stock, sold, perDay, daysOfStock, suggested }) => ({ size, stock, sold, perDay, daysOfStock, suggested })),
    ).toEqual([
      { size: 'M', stock: 0, sold: 2, perDay: 0.07, daysOfStock: 0, suggested: null },
      { size: 'S', stock: 7, sold: 3, perDay: 0.1, daysOfStock: 70, suggested: null },
      { size: 'L', stock: 5, sold: 0, perDay: 0, daysOfStock: null, suggested: null },
    ]);
    expect(days.rows[0]).toMatchObject({ productId: product._id, category: STOCK_CATEGORY, color: 'Negro' });

    const dead = await stockView('view=dead');
    expect(dead).toMatchObject({ days: 90, total: 1 });
    expect(dead.rows.map((r) => [r.size, r.stock])).toEqual([['L', 5]]);

    // Lead time 21 days: M runs out now; for 21 + 30 days at 2/30 a day, 3.4 → 4. S lasts 70 days: not yet.
    const reorder = await stockView('view=reorder&days=30&leadDays=21');
    expect(reorder.rows.map((r) => [r.size, r.suggested])).toEqual([['M', 4]]);
    // Lead time 90 days: S too, 0.1 × 120 − 7 = 5; M 2/30 × 120 = 8.
    const longer = await stockView('view=reorder&days=30&leadDays=90');
    expect(longer.rows.map((r) => [r.size, r.suggested])).toEqual([
      ['M', 8],
      ['S', 5],
    ]);

    const csv = await fetch(`${at.shop.url}/api/reports/stock.csv?view=reorder&days=30&leadDays=90&category=${STOCK_CATEGORY}`, {
      headers: { Authorization: `Bearer ${at.owner}` },
    });
    expect(csv.status).toBe(200);
    const lines = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain('Días de stock');
    expect(lines).toHaveLength(3);
    // No cost known for M: the last two columns empty.
    expect(lines[1]).toMatch(/;M;0;2;0,07;0;8;;$/);
  });

  it('is the owner’s only, and refuses junk in Spanish', async () => {
    await expectOwnerOnly(['/reports/stock?view=days', '/reports/stock.csv?view=days']);
    const ask = (query: string) => at.call(`/reports/stock?${query}`, { token: at.owner });
    expectMessage(await ask(''), 400, STOCK_REPORT_MSG.view);
    expectMessage(await ask('view=todo'), 400, STOCK_REPORT_MSG.view);
    for (const days of ['0', '366', '-1', '7.5', 'treinta']) expectMessage(await ask(`view=days&days=${days}`), 400, STOCK_REPORT_MSG.days);
    for (const lead of ['0', '181', 'x']) expectMessage(await ask(`view=reorder&leadDays=${lead}`), 400, STOCK_REPORT_MSG.leadDays);
    expectMessage(await ask('view=dead&page=0'), 400, STOCK_REPORT_MSG.page);
    expectMessage(await ask(`view=dead&category=${'x'.repeat(61)}`), 400, STOCK_REPORT_MSG.category);
    const far = await ask(`view=dead&category=${STOCK_CATEGORY}&page=99`);
    expect(far.status).toBe(200);
    expect(far.body).toMatchObject({ rows: [], page: 99, total: 1 });
  });

  it('follows each change after a read: a rename, a sale, a deletion (the catalogue is kept between reads)', async () => {
    const product = await bra({ S: 4, M: 1 }, STOCK_CATEGORY);
    const rowOf = async (size: string) =>
      (await stockView('view=days&days=30')).rows.find((row) => row.productId === product._id && row.size === size);
    expect(await rowOf('S')).toMatchObject({ stock: 4, sold: 0 });
    const title = `Renombrado ${TAG}`;
    const renamed = await at.call(`/products/${product._id}`, { method: 'PUT', body: { title }, token: at.owner });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(await rowOf('S')).toMatchObject({ title, stock: 4 });
    await placeOrder(at, [{ productId: product._id, quantity: 1, size: 'S' }]);
    expect(await rowOf('S')).toMatchObject({ title, stock: 3, sold: 1 });
    // A product with no sale may be deleted: its rows go.
    const unsold = await bra({ S: 2 }, STOCK_CATEGORY);
    const unsoldRow = async () => (await stockView('view=days&days=30')).rows.find((row) => row.productId === unsold._id);
    expect(await unsoldRow()).toMatchObject({ stock: 2 });
    const deleted = await at.call(`/products/${unsold._id}`, { method: 'DELETE', token: at.owner });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(await unsoldRow()).toBeUndefined();
  });
});

/** Units received from a supplier at a cost: the variant's cost (the owner's method is "last" by default). */
async function receiveAtCost(lines: { sku: string; quantity: number; unitCost: number }[]): Promise<void> {
  const supplier = await at.call('/suppliers', { body: { name: `Proveedor ${TAG} ${lines[0]!.sku}` }, token: at.owner });
  expect(supplier.status, JSON.stringify(supplier.body)).toBe(201);
  const draft = await at.call('/purchases', { body: { supplierId: supplier.body.supplier.id, lines }, token: at.owner });
  expect(draft.status, JSON.stringify(draft.body)).toBe(201);
  const received = await at.call(`/purchases/${draft.body.purchase.id}/receive`, { method: 'POST', body: {}, token: at.owner });
  expect(received.status, JSON.stringify(received.body)).toBe(200);
}

describe('the sales report: net of discounts and refunds, with costs and margins', () => {
  it("splits a coupon and Mercado Pago's fee over the lines, takes a partial refund off its line, and gives the margin where costs are known", async () => {
    const product = await createProduct(
      {
        stock: 20,
        price: 10_000,
        category: SALES_CATEGORY,
        size: ['S', 'M'],
        colors: [{ name: 'Negro', value: '#000000' }],
        variants: [
          { color: 'Negro', size: 'S', stock: 10, sku: `VTA-${TAG}-S` },
          { color: 'Negro', size: 'M', stock: 10, sku: `VTA-${TAG}-M` },
        ],
      },
      { baseUrl: at.shop.url, token: at.owner },
    );
    // S costs 4.000 (received from a supplier); M has no cost. Mercado Pago keeps 5 % (the owner's setting).
    await receiveAtCost([{ sku: `VTA-${TAG}-S`, quantity: 2, unitCost: 4000 }]);
    const fee = await at.call('/purchase-settings', { method: 'PUT', body: { paymentFeePercent: 5 }, token: at.owner });
    expect(fee.status, JSON.stringify(fee.body)).toBe(200);
    expect(fee.body.paymentFeePercent).toBe(5);
    const coupon = await at.call('/coupons', { body: { code: `VENTAS${TAG}`.toUpperCase(), type: 'percent', value: 10 }, token: at.owner });
    expect(coupon.status, JSON.stringify(coupon.body)).toBe(201);
    // 2 × S + 1 × M with 10 % off, paid through Mercado Pago: 30.000 − 3.000 (split 2.000 / 1.000 by the lines'
    // value) = 27.000 charged, of which Mercado Pago keeps 5 %: 1.350, split 900 / 450 the same way.
    const placed = await at.call('/orders', {
      body: orderBody(
        [
          { productId: product._id, quantity: 2, size: 'S' },
          { productId: product._id, quantity: 1, size: 'M' },
        ],
        { deliveryType: 'pickup', meetingPointId: POINT.id, paymentMethod: 'mercadopago', couponCode: `VENTAS${TAG}`.toUpperCase() },
      ),
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = placed.body.order;
    expect(order.discountTotal).toBe(3000);
    const paid = await fakeControl(fake, 'payments', { externalReference: order.orderNumber, status: 'approved' });
    expect(paid.webhookAnswer).toBe(200);
    await waitFor(
      'the order paid',
      async () => (await at.call(`/orders/${order._id}`, { token: at.owner })).body.order,
      (o: { status: string }) => o.status === 'paid',
      { timeoutMs: 10_000, everyMs: 200 },
    );
    // One S of it delivered, then returned: its price less its share of the coupon goes back on Mercado Pago.
    await deliver(at, order);
    const asked = await at.call('/returns', { body: requestBody(order, [{ quantity: 1, kind: 'return' }]) });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const refundDue: number = asked.body.return.refundDue;
    expect(refundDue).toBe(9000);
    const move = (body: unknown) => at.call(`/returns/${asked.body.return._id}/status`, { method: 'PUT', body, token: at.owner });
    expect((await move({ status: 'approved' })).status).toBe(200);
    const received = await move({ status: 'received', refundMethod: 'mercadopago' });
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    expect(received.body.return.refund).toMatchObject({ method: 'mercadopago', amount: 9000 });

    const read = async (groupBy: string): Promise<SalesReportAnswer> => {
      const res = await at.call(`/reports/sales?groupBy=${groupBy}`, { token: at.owner });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return salesReportAnswerSchema.parse(res.body);
    };
    const byVariant = await read('variant');
    const mine = byVariant.rows.filter((row) => row.key.startsWith(`${product._id}~`));
    const strip = ({
      label,
      units,
      gross,
      discounts,
      refunds,
      net,
      fees,
      cost,
      unitsWithoutCost,
      margin,
    }: SalesReportAnswer['rows'][number]) => ({
      label,
      units,
      gross,
      discounts,
      refunds,
      net,
      fees,
      cost,
      unitsWithoutCost,
      margin,
    });
    expect(mine.map(strip)).toEqual([
      // M: no cost known, so no margin (the same net as S: by name, M first).
      {
        label: `${product.title} · Negro M`,
        units: 1,
        gross: 10_000,
        discounts: 1000,
        refunds: 0,
        net: 9000,
        fees: 450,
        cost: null,
        unitsWithoutCost: 1,
        margin: null,
      },
      // S: 2 units for 20.000, 2.000 of the coupon, 9.000 refunded: 9.000 net; 900 of fee, 8.000 of cost: 100 of margin.
      {
        label: `${product.title} · Negro S`,
        units: 2,
        gross: 20_000,
        discounts: 2000,
        refunds: 9000,
        net: 9000,
        fees: 900,
        cost: 8000,
        unitsWithoutCost: 0,
        margin: 100,
      },
    ]);
    const byProduct = (await read('product')).rows.find((row) => row.key === product._id);
    expect(byProduct).toMatchObject({
      units: 3,
      gross: 30_000,
      discounts: 3000,
      refunds: 9000,
      net: 18_000,
      fees: 1350,
      cost: 8000,
      unitsWithoutCost: 1,
      margin: null,
    });
    const byCategory = (await read('category')).rows.find((row) => row.key === SALES_CATEGORY);
    expect(byCategory).toMatchObject({ label: `Ventas ${TAG}`, units: 3, net: 18_000, fees: 1350 });
    // Sales over time: every day of the period in order, today's with this sale.
    const byDay = await read('day');
    expect(byDay.rows).toHaveLength(30);
    expect(byDay.rows.map((row) => row.key)).toEqual([...byDay.rows.map((row) => row.key)].sort());
    expect(byDay.rows.at(-1)).toMatchObject({ key: shopIsoDay(), label: shopIsoDay().split('-').reverse().join('/') });
    expect(byDay.rows.at(-1)!.net).toBeGreaterThanOrEqual(18_000);
    expect(byDay.totals.net).toBe(byDay.rows.reduce((sum, row) => sum + row.net, 0));
    expect(byDay.feePercent).toBe(5);
    const bySize = await read('size');
    expect(bySize.totals.units).toBe(bySize.rows.reduce((sum, row) => sum + row.units, 0));
    expect(bySize.totals.net).toBe(bySize.totals.gross - bySize.totals.discounts - bySize.totals.refunds);
    // Without a fee rate, nothing is taken for fees.
    expect((await at.call('/purchase-settings', { method: 'PUT', body: { paymentFeePercent: 0 }, token: at.owner })).status).toBe(200);
    expect((await read('product')).rows.find((row) => row.key === product._id)).toMatchObject({ fees: 0 });

    // The stock valued at cost: every S on hand at 4.000, the M without a cost left out of the value.
    const valuation = await at.call(`/reports/stock?view=valuation&category=${SALES_CATEGORY}`, { token: at.owner });
    expect(valuation.status, JSON.stringify(valuation.body)).toBe(200);
    const answer = stockReportAnswerSchema.parse(valuation.body);
    const s = answer.rows.find((row) => row.size === 'S')!;
    const m = answer.rows.find((row) => row.size === 'M')!;
    expect(s).toMatchObject({ unitCost: 4000, value: s.stock * 4000 });
    expect(m).toMatchObject({ unitCost: null, value: null });
    expect(answer.rows[0]!.size).toBe('S');
    expect(answer.valuation).toEqual({ units: s.stock + m.stock, valuedUnits: s.stock, value: s.stock * 4000 });
  });

  it('is the owner’s only, and refuses junk in Spanish', async () => {
    await expectOwnerOnly(['/reports/sales', '/reports/sales.csv']);
    expectMessage(await at.call('/reports/sales?groupBy=talle', { token: at.owner }), 400, SALES_REPORT_MSG.groupBy);
    expectMessage(await at.call('/reports/sales?from=2026-02-30x', { token: at.owner }), 400, SALES_REPORT_MSG.badDate);
    expectMessage(await at.call('/reports/sales?from=2026-02-01&to=2026-01-01', { token: at.owner }), 400, SALES_REPORT_MSG.badRange);
    expectMessage(
      await at.call('/reports/sales?groupBy=day&from=2024-01-01&to=2026-01-01', { token: at.owner }),
      400,
      SALES_REPORT_MSG.tooManyDays,
    );
    const byMonth = await at.call('/reports/sales?groupBy=month&from=2024-01-01&to=2026-01-01', { token: at.owner });
    expect(byMonth.status).toBe(200);
    expect(
      salesReportAnswerSchema
        .parse(byMonth.body)
        .rows.map((row) => row.label)
        .slice(0, 2),
    ).toEqual(['enero 2024', 'febrero 2024']);
    // The fee rate: the owner's setting (settings.manage), a percentage from 0 to 30 with up to two decimals.
    for (const token of [at.sales, at.catalog]) {
      const res = await at.call('/purchase-settings', { method: 'PUT', body: { paymentFeePercent: 3 }, token });
      expect(res.status).toBe(403);
    }
    expect((await at.call('/purchase-settings', { method: 'PUT', body: { paymentFeePercent: 3 } })).status).toBe(401);
    for (const junk of [-1, 31, 6.295, '6', null]) {
      const res = await at.call('/purchase-settings', { method: 'PUT', body: { paymentFeePercent: junk }, token: at.owner });
      expectMessage(res, 400, PURCHASES_MSG.paymentFee);
    }
    for (const junk of [-1, 31, 6.295, '6', null]) {
      const point = await at.call('/purchase-settings', { method: 'PUT', body: { pointFeePercent: junk }, token: at.owner });
      expectMessage(point, 400, PURCHASES_MSG.pointFee);
      const qr = await at.call('/purchase-settings', { method: 'PUT', body: { qrFeePercent: junk }, token: at.owner });
      expectMessage(qr, 400, PURCHASES_MSG.qrFee);
    }
    for (const token of [at.sales, at.catalog]) {
      const res = await at.call('/purchase-settings', { method: 'PUT', body: { pointFeePercent: 3 }, token });
      expect(res.status).toBe(403);
    }
    expectMessage(await at.call('/purchase-settings', { method: 'PUT', body: {}, token: at.owner }), 400, PURCHASES_MSG.noSetting);
    const inPerson = await at.call('/purchase-settings', {
      method: 'PUT',
      body: { pointFeePercent: 3.25, qrFeePercent: 0.8 },
      token: at.owner,
    });
    expect(inPerson.status, JSON.stringify(inPerson.body)).toBe(200);
    expect(inPerson.body).toMatchObject({ pointFeePercent: 3.25, qrFeePercent: 0.8 });
    await at.call('/purchase-settings', { method: 'PUT', body: { pointFeePercent: 0, qrFeePercent: 0 }, token: at.owner });
    const saved = await at.call('/purchase-settings', { method: 'PUT', body: { paymentFeePercent: 6.29 }, token: at.owner });
    expect(saved.status).toBe(200);
    expect(saved.body.paymentFeePercent).toBe(6.29);
    expect((await at.call('/purchase-settings', { token: at.owner })).body.paymentFeePercent).toBe(6.29);
    await at.call('/purchase-settings', { method: 'PUT', body: { paymentFeePercent: 0 }, token: at.owner });
    const csv = await fetch(`${at.shop.url}/api/reports/sales.csv?groupBy=channel`, { headers: { Authorization: `Bearer ${at.owner}` } });
    expect(csv.status).toBe(200);
    const lines = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('Grupo;Unidades;Vendido;Descuentos;Devoluciones;Neto;Comisiones;Costo;Unidades sin costo;Margen');
    expect(lines.at(-1)).toMatch(/^Total;/);
  });
});
