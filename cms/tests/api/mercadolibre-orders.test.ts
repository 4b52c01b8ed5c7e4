import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Knex } from 'knex';
import {
  MERCADOLIBRE_MESSAGES,
  MERCADOLIBRE_SALES_MESSAGES,
  STAFF_FORBIDDEN_MESSAGE,
  type Order,
  type OrderEvent,
  type OrderListAnswer,
  type SalesReportAnswer,
} from '@shop/shared';
import { startFakeArca, type FakeArca } from '../../../scripts/fake-arca.mjs';
import { setUpInvoicing } from '../helpers/invoicing';
import { api, type CallOptions } from '../helpers/api';
import { GARBAGE_TOKEN } from '../helpers/auth-matrix';
import {
  CHANNEL,
  callOn,
  fakeControl,
  startConnectedMercadoLibreShop,
  stopMercadoLibreShop,
  type MercadoLibreShop,
} from '../helpers/mercadolibre';
import { createProduct, orderBody, type TestProduct } from '../helpers/orders';
import { inviteStaff } from '../helpers/staff';
import { sleep, waitFor } from '../helpers/wait-for';

// Two app processes on a throwaway database of their own, both pointed at a local fake of Mercado Libre (real HTTP,
// its protocol): its notifications go to either process, and the worker of each takes the rows it leases.

let arca: FakeArca;
/** Mercado Libre's fake and the shop's two processes on their database, with the owner's token. */
let ml: MercadoLibreShop;

const call = (pathname: string, options: CallOptions = {}) => callOn(ml.first)(pathname, options);

/** One of the fake's test controls. */
const control = <T = Record<string, unknown>>(path: string, body: unknown = {}) => fakeControl<T>(ml.fake, path, body);

/** A sale on the fake (paid unless said). */
const sell = (
  items: { sku: string; quantity: number; unitPrice: number; variationSkuOnly?: boolean }[],
  extra: Record<string, unknown> = {},
) => control('sale', { items, ...extra }) as Promise<{ id: number; shipping: { id: number | null }; pack_id: number | null }>;

/** Mercado Libre posts the sale's notification `times` times at once, half to each process. */
async function notify(orderId: number, times = 1, extra: Record<string, unknown> = {}): Promise<number[]> {
  type Sent = { statuses: number[] };
  const [a, b] = await Promise.all([
    control<Sent>('notify', { orderId, times: Math.ceil(times / 2), url: `${ml.first.url}/api${CHANNEL}/notifications`, ...extra }),
    times > 1
      ? control<Sent>('notify', { orderId, times: Math.floor(times / 2), url: `${ml.second.url}/api${CHANNEL}/notifications`, ...extra })
      : { statuses: [] },
  ]);
  return [...a.statuses, ...b.statuses];
}

/** The shop's orders of one Mercado Libre sale. */
async function ordersOf(mlOrderId: number): Promise<Order[]> {
  const res = await api<OrderListAnswer>('/orders?channel=mercadolibre&limit=100', { baseUrl: ml.first.url, token: ml.owner });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.orders.filter((o) => o.external?.orderId === String(mlOrderId));
}

/** The one order of a sale, once the worker recorded it. */
async function oneOrderOf(mlOrderId: number): Promise<Order> {
  const [order] = await waitFor(
    'the order',
    () => ordersOf(mlOrderId),
    (list) => list.length === 1,
    { timeoutMs: 20_000, everyMs: 200 },
  );
  return order!;
}

async function variantsOf(productId: string): Promise<{ id: string; sku: string; stock: number }[]> {
  const res = await call(`/products/${productId}`, { token: ml.owner });
  expect(res.status).toBe(200);
  return res.body.product.variants;
}
const unitsOf = async (product: TestProduct, sku: string) => (await variantsOf(product._id)).find((v) => v.sku === sku)!.stock;

/** The ledger's movements of one variant for Mercado Libre's sales and their cancellations. */
const movements = (sku: string) =>
  ml.db('stock_movements').where({ sku }).whereIn('reason', ['channel_sale', 'cancel']).select('reason', 'quantity');

const countOf = async (query: Knex.QueryBuilder) => Number(((await query.count({ n: '*' })) as { n: unknown }[])[0]!.n);

/** Waits until the channel's jobs are all done (no row pending). */
const settled = () =>
  waitFor(
    'the channel jobs',
    () => countOf(ml.db('channel_jobs').where({ pending: true })),
    (n) => n === 0,
    { timeoutMs: 30_000, everyMs: 200 },
  );

let product: TestProduct;
const sku = (size: string) => product.variants!.find((v) => v.size === size)!.sku;

beforeAll(async () => {
  arca = await startFakeArca();
  ml = await startConnectedMercadoLibreShop(inject('databaseKind'), {
    MERCADOLIBRE_RETRY_MS: '300',
    MERCADOLIBRE_JOBS_EVERY_MS: '300',
    MERCADOLIBRE_FISCAL_SWEEP_MS: '1000',
    RATE_LIMIT_CHANNEL_CALLBACK_MAX: '1000',
    RATE_LIMIT_CHANNEL_NOTIFICATIONS_MAX: '5000',
    ARCA_WSAA_URL: arca.wsaaUrl,
    ARCA_WSFE_URL: arca.wsfeUrl,
    ARCA_SWEEP_MS: '300',
    ARCA_RETRY_MS: '300',
    ARCA_TIMEOUT_MS: '10000',
  });
  // Electronic invoices on (fake ARCA): a paid Mercado Libre sale is invoiced, then its PDF uploaded there.
  await setUpInvoicing(ml.owner, ml.first.url, (csr) => arca.signCsr(csr));
  product = await createProduct(
    {
      stock: 0,
      price: 20000,
      size: ['S', 'M', 'L'],
      variants: [
        { color: 'Negro', size: 'S', stock: 5 },
        { color: 'Negro', size: 'M', stock: 5 },
        { color: 'Negro', size: 'L', stock: 1 },
      ],
    },
    { baseUrl: ml.first.url, token: ml.owner },
  );
}, 240_000);

afterAll(async () => {
  if (process.env.SHOW_LOGS) console.log(ml?.first.logs().slice(-20000));
  await stopMercadoLibreShop(ml ?? {});
  await arca?.close();
});

describe('Mercado Libre: a sale becomes one order', () => {
  it('records the buyer, the lines by SKU (item or variation), Mercado Libre totals and fees, the external ids', async () => {
    const sale = await sell([
      { sku: sku('S'), quantity: 2, unitPrice: 23000 },
      { sku: sku('M'), quantity: 1, unitPrice: 23000, variationSkuOnly: true },
    ]);
    const statuses = await notify(sale.id);
    expect(statuses).toEqual([200]);
    const order = await oneOrderOf(sale.id);
    expect(order.channel).toBe('mercadolibre');
    expect(order.status).toBe('paid');
    expect(order.paymentMethod).toBe('mercadopago');
    expect(order.external).toMatchObject({
      orderId: String(sale.id),
      packId: null,
      shipmentId: String(sale.shipping.id),
      paymentStatus: 'approved',
      saleFee: Math.round(23000 * 0.13 * 3),
      buyerNickname: 'COMPRADORA_TEST',
    });
    expect(order.oversold).toBeUndefined();
    expect(order.shippingInfo.fullName).toBe('Lucía Pérez');
    expect(order.shippingInfo.city).toBe('Neuquén');
    expect(order.subtotal).toBe(69000);
    expect(order.total).toBe(69000);
    expect(order.items.map((i) => [i.sku, i.quantity, i.price, i.size])).toEqual([
      [sku('S'), 2, 23000, 'S'],
      [sku('M'), 1, 23000, 'M'],
    ]);
    expect(await unitsOf(product, sku('S'))).toBe(3);
    expect(await unitsOf(product, sku('M'))).toBe(4);
    // The ledger names the reason and the order.
    expect(await movements(sku('S'))).toEqual([{ reason: 'channel_sale', quantity: -2 }]);
    // Its invoice waits for ARCA like any paid sale's.
    expect(await countOf(ml.db('invoices').where({ order_document_id: order._id, kind: 'invoice' }))).toBe(1);
    const filter = await api<OrderListAnswer>('/orders?channel=mercadolibre', { baseUrl: ml.first.url, token: ml.owner });
    expect(filter.body.orders.every((o) => o.channel === 'mercadolibre')).toBe(true);
    const web = await api<OrderListAnswer>('/orders?channel=web', { baseUrl: ml.first.url, token: ml.owner });
    expect(web.body.orders.some((o) => o.channel === 'mercadolibre')).toBe(false);

    // The sales report takes Mercado Libre's charge off the sale's margin, to the peso, and not the online rate of
    // Mercado Pago the owner set for the web (the buyer paid Mercado Libre, which charged its own fee).
    const rate = await api('/purchase-settings', {
      method: 'PUT',
      body: { paymentFeePercent: 6.29 },
      baseUrl: ml.first.url,
      token: ml.owner,
    });
    expect(rate.status, JSON.stringify(rate.body)).toBe(200);
    try {
      const report = await api<SalesReportAnswer>('/reports/sales?groupBy=channel', { baseUrl: ml.first.url, token: ml.owner });
      expect(report.status).toBe(200);
      const row = report.body.rows.find((r) => r.key === 'mercadolibre');
      // 3 units at 23.000: 69.000 sold; Mercado Libre's sale_fee 13 % of each unit: 2.990 × 3 = 8.970.
      expect(row).toMatchObject({ units: 3, gross: 69000, net: 69000, fees: 8970 });
      const byVariant = await api<SalesReportAnswer>('/reports/sales?groupBy=variant', { baseUrl: ml.first.url, token: ml.owner });
      const fees = byVariant.body.rows
        .filter((r) => r.key.startsWith(`${product._id}~`))
        .map((r) => r.fees)
        .sort((a, b) => b - a);
      // Split over the lines by their value: 46.000 and 23.000 → 5.980 and 2.990.
      expect(fees).toEqual([5980, 2990]);
    } finally {
      await api('/purchase-settings', { method: 'PUT', body: { paymentFeePercent: 0 }, baseUrl: ml.first.url, token: ml.owner });
    }
  });

  it("uploads the sale's invoice, once ARCA authorised it, as the fiscal document of its cart (or of the sale itself)", async () => {
    const alone = await sell([{ sku: sku('S'), quantity: 1, unitPrice: 20000 }]);
    const carted = await sell([{ sku: sku('S'), quantity: 1, unitPrice: 20000 }], { packId: 2000000123456 });
    await notify(alone.id);
    await notify(carted.id);
    const uploaded = await waitFor(
      'the fiscal documents',
      async () => ml.fake.state.sales.fiscalDocuments.filter((d) => d.packId === alone.id || d.packId === 2000000123456),
      (docs) => docs.length === 2,
      { timeoutMs: 30_000, everyMs: 300 },
    );
    for (const doc of uploaded)
      expect(doc).toMatchObject({ type: 'application/pdf', filename: expect.stringMatching(/^factura-.+\.pdf$/) });
    const order = await oneOrderOf(carted.id);
    expect(order.external?.packId).toBe('2000000123456');
    // The fake holds the document as soon as it is posted; the shop writes down the upload once the answer is back.
    const row = await waitFor(
      'the upload written down',
      async () =>
        ml
          .db('channel_orders')
          .where({ external_order_id: String(carted.id) })
          .first(),
      (r) => Boolean(r?.invoice_uploaded_at),
      { timeoutMs: 30_000, everyMs: 300 },
    );
    expect(row.invoice_uploaded_at).toBeTruthy();
    await settled();
    // Once each, however many notifications came.
    expect(ml.fake.state.sales.fiscalDocuments.filter((d) => d.packId === alone.id)).toHaveLength(1);
    // The event lost (a process killed right after ARCA answered): the sweep finds the sale and uploads it.
    await ml
      .db('channel_jobs')
      .where({ job_key: `fiscal:${order._id}` })
      .delete();
    await ml
      .db('channel_orders')
      .where({ external_order_id: String(carted.id) })
      .update({ invoice_uploaded_at: null });
    await waitFor(
      'the upload by the sweep',
      async () => ml.fake.state.sales.fiscalDocuments.filter((d) => d.packId === 2000000123456).length,
      (n) => n === 2,
      { timeoutMs: 20_000, everyMs: 300 },
    );
  });

  it('takes the units once for twelve notifications at once, to both processes, and gives them back once when cancelled', async () => {
    const before = await unitsOf(product, sku('M'));
    const sale = await sell([{ sku: sku('M'), quantity: 2, unitPrice: 21000 }]);
    const statuses = await notify(sale.id, 12);
    expect(statuses).toHaveLength(12);
    expect(statuses.every((s) => s === 200)).toBe(true);
    await waitFor(
      'the order',
      () => ordersOf(sale.id),
      (list) => list.length === 1,
      { timeoutMs: 20_000, everyMs: 200 },
    );
    await settled();
    await notify(sale.id, 12);
    await sleep(1000);
    await settled();
    expect(await ordersOf(sale.id)).toHaveLength(1);
    expect(await unitsOf(product, sku('M'))).toBe(before - 2);
    expect(await countOf(ml.db('channel_jobs').where({ job_key: `order:/orders/${sale.id}` }))).toBe(1);

    await control('cancel', { orderId: sale.id });
    await notify(sale.id, 12);
    await waitFor(
      'the cancellation',
      () => ordersOf(sale.id),
      (list) => list[0]?.status === 'cancelled',
      { timeoutMs: 20_000, everyMs: 200 },
    );
    await notify(sale.id, 6);
    await sleep(1000);
    await settled();
    expect(await unitsOf(product, sku('M'))).toBe(before);
    const order = await oneOrderOf(sale.id);
    expect(order.status).toBe('cancelled');
    const history = await api<{ history: OrderEvent[] }>(`/orders/${order._id}/history`, { baseUrl: ml.first.url, token: ml.owner });
    expect(history.body.history.map((e) => e.to)).toEqual(['paid', 'cancelled']);
  });

  it('takes nothing for a sale cancelled before its notifications arrive, however many', async () => {
    const before = await unitsOf(product, sku('S'));
    const sale = await sell([{ sku: sku('S'), quantity: 1, unitPrice: 21000 }]);
    await control('cancel', { orderId: sale.id });
    await notify(sale.id, 12);
    await sleep(1000);
    await settled();
    expect(await ordersOf(sale.id)).toEqual([]);
    expect(await unitsOf(product, sku('S'))).toBe(before);
    const row = await ml
      .db('channel_orders')
      .where({ external_order_id: String(sale.id) })
      .first();
    expect(row.status).toBe('cancelled');
  });

  it('records a sale racing the web for the last unit, never below 0, flagged oversold; its cancellation returns only what it took', async () => {
    expect(await unitsOf(product, sku('L'))).toBe(1);
    const sale = await sell([{ sku: sku('L'), quantity: 1, unitPrice: 25000 }]);
    const [web] = await Promise.all([
      call('/orders', { body: orderBody([{ productId: product._id, quantity: 1, size: 'L', color: 'Negro' }]) }),
      notify(sale.id, 4),
    ]);
    const order = await oneOrderOf(sale.id);
    await settled();
    expect(await unitsOf(product, sku('L'))).toBe(0);
    const rows = await ml
      .db('stock_movements')
      .where({ sku: sku('L') })
      .select('units_after');
    expect(rows.every((r: { units_after: number }) => Number(r.units_after) >= 0)).toBe(true);
    if (web.status === 201) {
      // The web took it first: Mercado Libre's sale is recorded anyway, flagged, nothing taken.
      expect(order.oversold).toBe(true);
    } else {
      // Mercado Libre's sale took it: the web was refused (409) and the order is not flagged.
      expect(web.status).toBe(409);
      expect(order.oversold).toBeUndefined();
    }
    // An oversold sale for sure: nothing left at all.
    const late = await sell([{ sku: sku('L'), quantity: 2, unitPrice: 25000 }]);
    await notify(late.id, 3);
    const flagged = await oneOrderOf(late.id);
    expect(flagged.oversold).toBe(true);
    expect(flagged.items[0]!.quantity).toBe(2);
    expect(await unitsOf(product, sku('L'))).toBe(0);
    // Cancelled: the units it never took do not appear.
    await control('cancel', { orderId: late.id });
    await notify(late.id, 2);
    await waitFor(
      'the cancellation',
      () => ordersOf(late.id),
      (list) => list[0]?.status === 'cancelled',
      { timeoutMs: 20_000, everyMs: 200 },
    );
    expect(await unitsOf(product, sku('L'))).toBe(0);
    // Three sold, one there: one taken. Cancelled by staff in the back office, only that one comes back.
    const small = await createProduct(
      { stock: 0, price: 20000, size: ['M'], variants: [{ color: 'Negro', size: 'M', stock: 1 }] },
      { baseUrl: ml.first.url, token: ml.owner },
    );
    const smallSku = small.variants![0]!.sku;
    const short = await sell([{ sku: smallSku, quantity: 3, unitPrice: 20000 }]);
    await notify(short.id);
    const shortOrder = await oneOrderOf(short.id);
    expect(shortOrder.oversold).toBe(true);
    expect(await unitsOf(small, smallSku)).toBe(0);
    const byStaff = await call(`/orders/${shortOrder._id}/status`, { method: 'PUT', token: ml.owner, body: { status: 'cancelled' } });
    expect(byStaff.status, JSON.stringify(byStaff.body)).toBe(200);
    expect(byStaff.body.order.external).not.toHaveProperty('missing');
    expect(await unitsOf(small, smallSku)).toBe(1);
    // A SKU the shop does not have: recorded and flagged too.
    const unknown = await sell([{ sku: 'NO-EXISTE-1', quantity: 1, unitPrice: 5000 }]);
    await notify(unknown.id);
    const strange = await oneOrderOf(unknown.id);
    expect(strange.oversold).toBe(true);
  });

  it('loses nothing while Mercado Libre is down, and records the sale once it is back', async () => {
    const before = await unitsOf(product, sku('S'));
    const sale = await sell([{ sku: sku('S'), quantity: 1, unitPrice: 21000 }]);
    await control('mode', { status: 503, times: 1e9 });
    try {
      expect(await notify(sale.id, 3)).toEqual([200, 200, 200]);
      await sleep(2500);
      expect(await ordersOf(sale.id)).toEqual([]);
      const row = await ml
        .db('channel_jobs')
        .where({ job_key: `order:/orders/${sale.id}` })
        .first();
      expect(Boolean(row.pending)).toBe(true);
      expect(Number(row.attempts)).toBeGreaterThan(0);
      expect(row.last_error).toContain('503');
    } finally {
      await control('mode', { status: 0 });
    }
    await waitFor(
      'the order',
      () => ordersOf(sale.id),
      (list) => list.length === 1,
      { timeoutMs: 30_000, everyMs: 300 },
    );
    await settled();
    expect(await unitsOf(product, sku('S'))).toBe(before - 1);
  });

  it('picks up a row left by a process killed while it held the lease, once its lease ran out', async () => {
    const sale = await sell([{ sku: sku('M'), quantity: 1, unitPrice: 21000 }]);
    const before = await unitsOf(product, sku('M'));
    const now = new Date();
    // As a notification wrote it, then a process took it and died: its lease (in the past now) is the only trace.
    await ml.db('channel_jobs').insert({
      document_id: `killed${sale.id}`,
      job_key: `order:/orders/${sale.id}`,
      kind: 'order',
      resource: `/orders/${sale.id}`,
      pending: true,
      generation: 0,
      attempts: 1,
      due_at: Date.now() - 1000,
      lease_until: Date.now() - 1,
      lease_owner: 'proceso-muerto',
      created_at: now,
      updated_at: now,
      published_at: now,
    });
    await oneOrderOf(sale.id);
    await settled();
    expect(await unitsOf(product, sku('M'))).toBe(before - 1);
  });

  it('ignores a notification of another seller, of another topic or of another resource', async () => {
    const sale = await sell([{ sku: sku('S'), quantity: 1, unitPrice: 21000 }]);
    const before = await countOf(ml.db('channel_jobs').where({ kind: 'order' }));
    expect(await notify(sale.id, 1, { userId: 999_999 })).toEqual([200]);
    expect(await notify(sale.id, 1, { topic: 'questions' })).toEqual([200]);
    expect(await control('notify', { resource: '/users/1', url: `${ml.first.url}/api${CHANNEL}/notifications` })).toMatchObject({
      statuses: [200],
    });
    await sleep(800);
    expect(await countOf(ml.db('channel_jobs').where({ kind: 'order' }))).toBe(before);
    expect(await ordersOf(sale.id)).toEqual([]);
  });

  it('refuses junk notifications in Spanish', async () => {
    const junk: unknown[] = [
      {},
      { resource: 5 },
      { resource: '/orders/1' },
      { resource: 'x'.repeat(300), user_id: 1, topic: 'orders_v2' },
      { resource: '/orders/1', user_id: 'abc', topic: 'orders_v2' },
    ];
    for (const body of junk) {
      const res = await call(`${CHANNEL}/notifications`, { method: 'POST', body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(MERCADOLIBRE_SALES_MESSAGES.notification);
    }
    for (const raw of ['[]', '"x"', '{"resource":', 'null']) {
      const res = await call(`${CHANNEL}/notifications`, { method: 'POST', raw, headers: { 'content-type': 'application/json' } });
      expect(res.status, raw).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
  });
});

describe('Mercado Libre: questions', () => {
  it('lists the unanswered questions and answers one; the owner only, with two-factor on; junk refused in Spanish', async () => {
    const question = await control<{ id: number; date_created: string }>('question', {
      itemId: 'MLA123',
      text: '¿Tenés el conjunto en talle 95?',
    });
    const list = await call(`${CHANNEL}/questions`, { token: ml.owner });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.questions).toContainEqual({
      id: String(question.id),
      itemId: 'MLA123',
      text: '¿Tenés el conjunto en talle 95?',
      createdAt: question.date_created,
    });

    const sales = await inviteStaff(ml.owner, 'sales', ml.first.url);
    const catalog = await inviteStaff(ml.owner, 'catalog', ml.first.url);
    const routes: [string, string, unknown][] = [
      ['GET', `${CHANNEL}/questions`, undefined],
      ['POST', `${CHANNEL}/questions/${question.id}/answer`, { text: 'Sí' }],
    ];
    for (const [method, path, body] of routes) {
      expect((await call(path, { method, body })).status, path).toBe(401);
      expect((await call(path, { method, body, token: GARBAGE_TOKEN })).status, path).toBe(401);
      for (const token of [sales, catalog]) {
        const refused = await call(path, { method, body, token });
        expect(refused.status, path).toBe(403);
        expect(refused.body.message).toBe(STAFF_FORBIDDEN_MESSAGE);
      }
    }
    // The question is still unanswered: no one above reached Mercado Libre.
    expect(ml.fake.state.sales.questions.get(question.id)!.status).toBe('UNANSWERED');

    const junk: [string, unknown, string][] = [
      [String(question.id), {}, MERCADOLIBRE_SALES_MESSAGES.answerText],
      [String(question.id), { text: '   ' }, MERCADOLIBRE_SALES_MESSAGES.answerText],
      [String(question.id), { text: 'x'.repeat(2001) }, MERCADOLIBRE_SALES_MESSAGES.answerText],
      [String(question.id), { text: 42 }, MERCADOLIBRE_SALES_MESSAGES.answerText],
      ['abc', { text: 'Sí' }, MERCADOLIBRE_SALES_MESSAGES.questionId],
      ['1'.repeat(30), { text: 'Sí' }, MERCADOLIBRE_SALES_MESSAGES.questionId],
    ];
    for (const [id, body, message] of junk) {
      const res = await call(`${CHANNEL}/questions/${id}/answer`, { method: 'POST', token: ml.owner, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const extra = await call(`${CHANNEL}/questions/${question.id}/answer`, {
      method: 'POST',
      token: ml.owner,
      body: { text: 'Sí', question_id: 1 },
    });
    expect(extra.status).toBe(400);

    const answered = await call(`${CHANNEL}/questions/${question.id}/answer`, {
      method: 'POST',
      token: ml.owner,
      body: { text: '  ¡Hola! Sí, hay talle 95 en negro.  ' },
    });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    expect(answered.body.message).toBe(MERCADOLIBRE_SALES_MESSAGES.answered);
    expect(ml.fake.state.sales.questions.get(question.id)).toMatchObject({
      status: 'ANSWERED',
      answer: { text: '¡Hola! Sí, hay talle 95 en negro.' },
    });
    const after = await call(`${CHANNEL}/questions`, { token: ml.owner });
    expect(after.body.questions.some((q: { id: string }) => q.id === String(question.id))).toBe(false);
    // Answered already (or deleted there): a 409 in Spanish.
    const twice = await call(`${CHANNEL}/questions/${question.id}/answer`, { method: 'POST', token: ml.owner, body: { text: 'Otra vez' } });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(MERCADOLIBRE_SALES_MESSAGES.questionGone);
    // Mercado Libre down: a 503 in Spanish.
    await control('mode', { status: 500, times: 1 });
    const down = await call(`${CHANNEL}/questions`, { token: ml.owner });
    expect(down.status).toBe(503);
    expect(down.body.message).toBe(MERCADOLIBRE_MESSAGES.unavailable);
  });
});

describe("Mercado Libre's own totals", () => {
  it('a campaign discount and the shipping the buyer paid: the order adds up to what Mercado Libre charged', async () => {
    const sale = await sell([{ sku: sku('S'), quantity: 1, unitPrice: 23000 }], { discount: 3000, shippingPaid: 4500 });
    expect(await notify(sale.id)).toEqual([200]);
    const order = await oneOrderOf(sale.id);
    expect(order.external).toMatchObject({ totalAmount: 20000, paidAmount: 24500 });
    expect(order.subtotal).toBe(23000);
    expect(order.discountTotal).toBe(3000);
    expect(order.shippingCost).toBe(4500);
    expect(order.total).toBe(24500);
  });
});
