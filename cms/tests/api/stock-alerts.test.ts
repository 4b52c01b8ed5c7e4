import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Knex } from 'knex';
import { STOCK_ALERT_MSG, stockAlertListAnswerSchema, waitedSizesAnswerSchema } from '@shop/shared';
import { adminToken, adminTokenAt, api, expectMessage } from '../helpers/api';
import { expectAdminOnly } from '../helpers/auth-matrix';
import { testDatabase } from '../helpers/database';
import { LONG_10K, NUL_TEXT } from '../helpers/junk';
import { createProduct, orderBody, extraStrapi, type TestProduct } from '../helpers/orders';
import type { ShopHandle } from '../helpers/shared-shops';
import { panel, panelToken, documentPath } from '../helpers/panel';
import { inviteStaff } from '../helpers/staff';
import { startStrapi } from '../helpers/strapi-process';
import { waitFor } from '../helpers/wait-for';

// Two more processes on the shared database: restocks on both at once must send each e-mail once. The second has a
// low stock-alert budget of its own (the shared process's is generous).
let first: ShopHandle;
let second: ShopHandle;
let db: Knex;
const RUN = Date.now().toString(36);
const email = (name: string) => `${name}-${RUN}@example.com`;

interface StoredMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: string;
}

async function mailsTo(to: string): Promise<StoredMail[]> {
  return db('email_outboxes').where({ to, kind: 'stock_alert' }).select('to', 'subject', 'text', 'html', 'kind');
}

/** Waits until `to` has `count` stock-alert mails, then a little longer to be sure no second one comes. */
async function expectMails(to: string, count: number): Promise<StoredMail[]> {
  const deadline = Date.now() + 15_000;
  while ((await mailsTo(to)).length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  await new Promise((r) => setTimeout(r, 1500));
  const mails = await mailsTo(to);
  expect(mails, `stock-alert mails to ${to}`).toHaveLength(count);
  return mails;
}

const subscribe = (productId: string, body: unknown, baseUrl?: string) => api(`/products/${productId}/stock-alerts`, { body, baseUrl });

/**
 * Returns once a sweep ran after the call: a product of its own, out of stock with one shopper waiting, is restocked,
 * and her e-mail comes from a sweep that read every waiting alert, and every product, after that restock (instead of
 * waiting 15 s for an e-mail that must not come).
 */
let markers = 0;
async function aSweepAfterThis(): Promise<void> {
  const marker = await createProduct({ stock: 0, size: ['M'], stockBySize: { M: 0 } });
  markers += 1;
  const to = email(`marca-${markers}`);
  expect((await subscribe(marker._id, { size: 'M', email: to })).status).toBe(201);
  const restocked = await api(`/products/${marker._id}`, { method: 'PUT', token: await adminToken(), body: { stockBySize: { M: 1 } } });
  expect(restocked.status).toBe(200);
  await waitFor(
    "the marker product's e-mail",
    () => mailsTo(to),
    (mails) => mails.length === 1,
    { timeoutMs: 20_000, everyMs: 100 },
  );
}

async function alertsOf(productId: string) {
  const res = await api(`/stock-alerts?productId=${productId}`, { token: await adminToken() });
  expect(res.status).toBe(200);
  return stockAlertListAnswerSchema.parse(res.body);
}

beforeAll(async () => {
  db = testDatabase();
  const database = { kind: inject('databaseKind'), env: inject('databaseEnv'), drop: async () => undefined };
  [first, second] = await Promise.all([extraStrapi(), startStrapi(database, { RATE_LIMIT_STOCK_ALERTS_MAX: '3' })]);
});

afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
  await db?.destroy();
});

describe('asking for a sold-out size', () => {
  let product: TestProduct;
  beforeAll(async () => {
    product = await createProduct({ stock: 2, size: ['85B', '90C', '95C'], stockBySize: { '85B': 2, '90C': 0, '95C': 0 } });
  });

  it('takes an e-mail for a size without units (201), once per e-mail whatever its case', async () => {
    const to = email('dos-veces');
    const res = await subscribe(product._id, { size: '90c', email: to, phone: '299 555 0101' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({ message: STOCK_ALERT_MSG.created('90C'), size: '90C' });
    expect(JSON.stringify(res.body)).not.toContain(to);
    expect((await subscribe(product._id, { size: '90C', email: to.toUpperCase() })).status).toBe(201);
    const list = await alertsOf(product._id);
    expect(list.alerts.filter((a) => a.email === to)).toHaveLength(1);
    expect(list.bySize).toEqual([{ size: '90C', waiting: 1 }]);
    expect(list.alerts[0]).toMatchObject({ productId: product._id, size: '90C', email: to, status: 'waiting' });
  });

  it('refuses in Spanish: a bad e-mail, a size not offered, a size with stock, no size, junk', async () => {
    expectMessage(await subscribe(product._id, { size: '95C', email: 'no-es-un-email' }), 400, STOCK_ALERT_MSG.badEmail);
    expectMessage(await subscribe(product._id, { size: 'XXL', email: email('x') }), 400, STOCK_ALERT_MSG.sizeNotOffered('XXL'));
    expectMessage(await subscribe(product._id, { size: '85B', email: email('x') }), 400, STOCK_ALERT_MSG.sizeInStock('85B'));
    expectMessage(await subscribe(product._id, { email: email('x') }), 400, STOCK_ALERT_MSG.sizeRequired);
    expectMessage(await subscribe(product._id, { size: '95C', email: email('x'), phone: 'llamame' }), 400, STOCK_ALERT_MSG.badPhone);
    for (const body of [null, [], 'texto', { size: NUL_TEXT, email: email('x') }, { size: '95C', email: LONG_10K }]) {
      const res = await subscribe(product._id, body);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    expect((await subscribe('noexiste123', { size: '95C', email: email('x') })).status).toBe(404);
    expect((await subscribe('no-existe', { size: '95C', email: email('x') })).status).toBe(400);
    expect((await alertsOf(product._id)).alerts.some((a) => a.email === email('x'))).toBe(false);
  });

  it('is rate limited per client (RATE_LIMIT_STOCK_ALERTS_MAX)', async () => {
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push(await subscribe(product._id, { size: '95C', email: email(`limite${i}`) }, second.url));
    expect(answers.slice(0, 3).map((a) => a.status)).toEqual([201, 201, 201]);
    expect(answers[3]?.status).toBe(429);
    expect(answers[3]?.body.message).toMatch(/[Dd]emasiad|[Ee]sper/);
  });
});

describe('when the size comes back', () => {
  it('one restock saved on two processes at once, and saved again, sends each waiting shopper one e-mail', async () => {
    const product = await createProduct({ stock: 1, size: ['S', 'M'], stockBySize: { S: 0, M: 1 } });
    const ana = email('ana');
    const bea = email('bea');
    expect((await subscribe(product._id, { size: 'S', email: ana })).status).toBe(201);
    expect((await subscribe(product._id, { size: 'S', email: bea })).status).toBe(201);
    const saves = await Promise.all(
      [first, second, first, second].map(async (shop, i) =>
        api(`/products/${product._id}`, {
          method: 'PUT',
          baseUrl: shop.url,
          token: await adminTokenAt(shop.url),
          body: { stockBySize: { S: 3 + i, M: 1 } },
        }),
      ),
    );
    expect(saves.map((s) => s.status)).toEqual([200, 200, 200, 200]);
    const [mail] = await expectMails(ana, 1);
    await expectMails(bea, 1);
    expect(mail?.subject).toContain('Volvió tu talle S');
    expect(mail?.text).toContain(`/product/${product._id}?talle=S`);
    expect(mail?.text).toMatch(/\/avisame\/baja\?token=/);
    const list = await alertsOf(product._id);
    expect(list.alerts).toEqual([]);
    const stored = await db('stock_alerts').where({ product_document_id: product._id }).select('alert_status');
    expect(stored.map((r: { alert_status: string }) => r.alert_status)).toEqual(['notified', 'notified']);
  });

  it('waits per colour and size: Negro 90C coming back does not notify who waits for Nude 90C; Nude 90C does', async () => {
    const colors = [
      { name: 'Negro', value: '#000000' },
      { name: 'Nude', value: '#E3BC9A' },
    ];
    const grid = (negro: number, nude: number) => [
      { color: 'Negro', size: '90C', stock: negro },
      { color: 'Nude', size: '90C', stock: nude },
    ];
    const product = await createProduct({ stock: 0, size: ['90C'], colors, variants: grid(1, 0) });
    const clara = email('clara');
    const nora = email('nora');
    // Negro 90C has units: an alert for it is refused; Nude 90C is waited for; an unknown colour is refused.
    const inStock = await subscribe(product._id, { size: '90C', color: 'negro', email: clara });
    expectMessage(inStock, 400, STOCK_ALERT_MSG.variantInStock('Negro 90C'));
    expectMessage(await subscribe(product._id, { size: '90C', color: 'Rojo', email: clara }), 400, STOCK_ALERT_MSG.colorNotSold('Rojo'));
    expect((await subscribe(product._id, { size: '90C', color: 'nude', email: clara })).status).toBe(201);
    // The same e-mail may wait for another colour of the same size too (one alert per variant).
    expect((await subscribe(product._id, { size: '90C', color: 'Nude', email: nora })).status).toBe(201);
    const listed = await alertsOf(product._id);
    expect(listed.alerts.map((a) => `${a.color} ${a.size}`)).toEqual(['Nude 90C', 'Nude 90C']);
    expect(listed.bySize).toEqual([{ size: 'Nude 90C', waiting: 2 }]);
    const restock = async (negro: number, nude: number) =>
      expect(
        (await api(`/products/${product._id}`, { method: 'PUT', token: await adminToken(), body: { variants: grid(negro, nude) } })).status,
      ).toBe(200);
    await restock(5, 0);
    await aSweepAfterThis();
    expect(await mailsTo(clara)).toHaveLength(0);
    await restock(5, 2);
    const [mail] = await expectMails(clara, 1);
    await expectMails(nora, 1);
    expect(mail?.text).toContain(`/product/${product._id}?color=Nude&talle=90C`);
  });

  it('a cancelled order giving units back notifies too; an unsubscribe link works without signing in', async () => {
    const product = await createProduct({ stock: 1, size: ['M'], stockBySize: { M: 1 } });
    const ordered = await api('/orders', { baseUrl: first.url, body: orderBody([{ productId: product._id, quantity: 1, size: 'M' }]) });
    expect(ordered.status, JSON.stringify(ordered.body)).toBe(201);
    const carla = email('carla');
    expect((await subscribe(product._id, { size: 'M', email: carla })).status).toBe(201);
    await new Promise((r) => setTimeout(r, 800));
    expect(await mailsTo(carla)).toHaveLength(0);
    const cancelled = await api(`/orders/${ordered.body.order._id}/status`, {
      method: 'PUT',
      token: await adminToken(),
      body: { status: 'cancelled' },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const [mail] = await expectMails(carla, 1);
    const token = decodeURIComponent(/token=([^\s"&]+)/.exec(mail?.text ?? '')?.[1] ?? '');
    const tampered = `${token.slice(0, -2)}xx`;
    expectMessage(await api('/stock-alerts/unsubscribe', { body: { token: tampered } }), 400, STOCK_ALERT_MSG.badToken);
    const done = await api('/stock-alerts/unsubscribe', { body: { token } });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ message: STOCK_ALERT_MSG.unsubscribed, size: 'M', productTitle: product.title });
    const row = await db('stock_alerts').where({ product_document_id: product._id, email: carla }).first('alert_status');
    expect(row.alert_status).toBe('unsubscribed');
    // The mail also carries a one-click unsubscribe (RFC 8058) to the API, with the same token; a mail client's POST
    // of the one-click form is answered like the page's request (here: already unsubscribed, still 200).
    const stored = await db('email_outboxes').where({ to: carla, kind: 'stock_alert' }).first('list_unsubscribe_url');
    expect(stored.list_unsubscribe_url).toMatch(/\/api\/stock-alerts\/unsubscribe\?token=[^&\s]+$/);
    expect(new URL(stored.list_unsubscribe_url).searchParams.get('token')).toBe(token);
    const oneClick = await fetch(
      `${first.url}${new URL(stored.list_unsubscribe_url).pathname}${new URL(stored.list_unsubscribe_url).search}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      },
    );
    expect(oneClick.status).toBe(200);
  });

  it('a restock made in Strapi’s panel (/cms) notifies as well; an inactive product waits', async () => {
    const product = await createProduct({ stock: 0, size: ['L'], stockBySize: { L: 0 } });
    const dora = email('dora');
    expect((await subscribe(product._id, { size: 'L', email: dora })).status).toBe(201);
    expect((await api(`/products/${product._id}`, { method: 'PUT', token: await adminToken(), body: { status: false } })).status).toBe(200);
    const cms = await panelToken(first.url);
    const path = documentPath('api::product.product', product._id);
    const form = (await panel(path, { token: cms, baseUrl: first.url })).body.data;
    const saved = await panel(path, { method: 'PUT', token: cms, baseUrl: first.url, body: { ...form, stockBySize: { L: 2 } } });
    expect(saved.status, JSON.stringify(saved.body).slice(0, 300)).toBe(200);
    await aSweepAfterThis();
    expect(await mailsTo(dora)).toHaveLength(0);
    expect((await api(`/products/${product._id}`, { method: 'PUT', token: await adminToken(), body: { status: true } })).status).toBe(200);
    await expectMails(dora, 1);
  });
});

describe('staff side', () => {
  it('lists and deletes alerts (catalog and owner); e-mails are refused to everyone else', async () => {
    const product = await createProduct({ stock: 0, size: ['S'], stockBySize: { S: 0 } });
    await subscribe(product._id, { size: 'S', email: email('eli') });
    await subscribe(product._id, { size: 'S', email: email('flor') });
    await expectAdminOnly('GET', `/stock-alerts?productId=${product._id}`);
    await expectAdminOnly('DELETE', '/stock-alerts/1');
    const owner = await adminToken();
    const sales = await inviteStaff(owner, 'sales');
    const catalog = await inviteStaff(owner, 'catalog');
    expect((await api(`/stock-alerts?productId=${product._id}`, { token: sales })).status).toBe(403);
    const list = await api(`/stock-alerts?productId=${product._id}`, { token: catalog });
    expect(list.status).toBe(200);
    const alerts = stockAlertListAnswerSchema.parse(list.body);
    expect(alerts.bySize).toEqual([{ size: 'S', waiting: 2 }]);
    const [target] = alerts.alerts;
    expect((await api(`/stock-alerts/${target?.id}`, { method: 'DELETE', token: sales })).status).toBe(403);
    expect((await alertsOf(product._id)).alerts).toHaveLength(2);
    const removed = await api(`/stock-alerts/${target?.id}`, { method: 'DELETE', token: catalog });
    expect(removed.status).toBe(200);
    expect((await api(`/stock-alerts/${target?.id}`, { method: 'DELETE', token: catalog })).status).toBe(404);
    expect((await api('/stock-alerts/abc', { method: 'DELETE', token: catalog })).status).toBe(400);
    expect((await api('/stock-alerts?productId=%27%20OR%201%3D1', { token: catalog })).status).toBe(400);
    expect((await alertsOf(product._id)).bySize).toEqual([{ size: 'S', waiting: 1 }]);

    const waited = await api('/insight/waited-sizes?limit=50', { token: sales });
    expect(waited.status).toBe(200);
    const sizes = waitedSizesAnswerSchema.parse(waited.body).sizes;
    expect(sizes.find((s) => s.productId === product._id)).toEqual({
      productId: product._id,
      title: product.title,
      size: 'S',
      waiting: 1,
      stock: 0,
    });
    expect(JSON.stringify(waited.body)).not.toContain('@example.com');
    await expectAdminOnly('GET', '/insight/waited-sizes');
  });
});
