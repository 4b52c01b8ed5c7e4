import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import {
  ACCOUNT_MSG,
  accountAnswerSchema,
  accountExportSchema,
  accountOrdersAnswerSchema,
  customerIdOf,
  type AccountOrder,
} from '@shop/shared';
import { adminToken, api, type ApiAnswer, type CallOptions } from '../helpers/api';
import { testDatabase } from '../helpers/database';
import { createProduct, extraStrapi, orderBody, SHOPPER, type TestProduct } from '../helpers/orders';
import type { ShopHandle } from '../helpers/shared-shops';
import { waitFor } from '../helpers/wait-for';

/**
 * Her account (issue #61): the e-mailed code's life, her orders of three channels and nobody else's, her data round
 * trip, the export and the deletion, and every route's attacks. On the kept raised-limit process (the per-client code
 * budgets raised; the per-address ones real), the per-client budget on the shared process.
 */
const RUN = Date.now().toString(36);
const mail = (who: string) => `${who}.${RUN}@example.com`;
let db: Knex;
let owner = '';
let extra: ShopHandle;
let product: TestProduct;

const call = (path: string, options: CallOptions = {}) => api(path, { baseUrl: extra.url, ...options });
const as = (cookie: string, path: string, options: CallOptions = {}) => call(path, { ...options, headers: { cookie, ...options.headers } });

/** The code the outbox holds for this address (its newest account_code mail, still unsent: no SMTP here). */
async function codeFor(email: string, after = 0): Promise<string> {
  const [row] = await waitFor(
    'the code e-mail',
    () =>
      db('email_outboxes').where({ to: email, kind: 'account_code' }).where('id', '>', after).orderBy('id', 'desc').select('id', 'text'),
    (rows) => rows.length > 0,
    { timeoutMs: 10_000, everyMs: 100 },
  );
  const code = /\b(\d{6})\b/.exec(String(row?.text))?.[1];
  expect(code).toBeTruthy();
  return code!;
}

const lastMailId = async () => Number((await db('email_outboxes').max({ m: 'id' }).first())?.m ?? 0);

function cookieOf(res: ApiAnswer): string {
  const set = res.headers.getSetCookie().find((c) => c.startsWith('shop_account='));
  expect(set, 'the session cookie').toBeTruthy();
  return set!.split(';')[0]!;
}

async function signIn(email: string): Promise<string> {
  const before = await lastMailId();
  expect((await call('/account/code', { body: { email } })).status).toBe(202);
  const res = await call('/account/session', { body: { email, code: await codeFor(email, before) } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return cookieOf(res);
}

async function webOrder(email: string): Promise<string> {
  const res = await call('/orders', {
    body: orderBody([{ productId: product._id, quantity: 1 }], { shippingInfo: { ...SHOPPER, email } }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.order.orderNumber;
}

async function staffSale(email: string, channel: 'whatsapp' | 'local'): Promise<string> {
  const res = await call('/orders/manual', {
    token: owner,
    body: {
      items: [{ productId: product._id, quantity: 1, size: 'M', color: 'Negro', price: 1 }],
      paymentMethod: 'cash',
      deliveryType: 'store',
      channel,
      shippingInfo: { fullName: 'Ana Pérez', phone: '299 555 1234', email },
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.order.orderNumber;
}

beforeAll(async () => {
  db = testDatabase();
  owner = await adminToken();
  [extra, product] = await Promise.all([extraStrapi(), createProduct({ stock: 50, title: `Conjunto Cuenta ${RUN}` })]);
});

afterAll(async () => {
  await extra?.stop();
});

describe('the code', () => {
  it('answers the same 202 for any address, signs in once with the right code, never with a wrong, used or expired one', async () => {
    const buyer = mail('compro');
    await webOrder(buyer);
    const stranger = await call('/account/code', { body: { email: mail('nunca-compro') } });
    const known = await call('/account/code', { body: { email: buyer.toUpperCase() } });
    expect(stranger.status).toBe(202);
    expect(known.status).toBe(202);
    expect(known.body).toEqual(stranger.body);
    expect(known.body).toEqual({ message: ACCOUNT_MSG.codeSent });

    const code = await codeFor(buyer);
    const stored = await db('account_codes').orderBy('id', 'desc').first('code_hash', 'email_hash');
    expect(JSON.stringify(stored)).not.toContain(code);
    expect(JSON.stringify(stored)).not.toContain(buyer);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refused = await call('/account/session', { body: { email: buyer, code: wrong } });
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe(ACCOUNT_MSG.badCode);
    expect(refused.headers.getSetCookie()).toEqual([]);

    const ok = await call('/account/session', { body: { email: buyer, code } });
    expect(ok.status).toBe(200);
    const setCookie = ok.headers.getSetCookie().find((c) => c.startsWith('shop_account='))!;
    expect(setCookie).toMatch(/httponly/i);
    expect(setCookie).toMatch(/samesite=strict/i);
    expect(setCookie).toMatch(/path=\/api\/account/i);
    const maxAge = Date.parse(/expires=([^;]+)/i.exec(setCookie)![1]!) - Date.now();
    expect(maxAge).toBeGreaterThan(59 * 86_400_000);
    expect(maxAge).toBeLessThan(61 * 86_400_000);
    expect((await call('/account/session', { body: { email: buyer, code } })).status).toBe(401);

    const me = await as(cookieOf(ok), '/account');
    expect(me.status).toBe(200);
    expect(accountAnswerSchema.parse(me.body).account.email).toBe(buyer);
  });

  it('dies after 10 minutes and after 5 wrong tries', async () => {
    const who = mail('vence');
    let before = await lastMailId();
    await call('/account/code', { body: { email: who } });
    const expired = await codeFor(who, before);
    const late = await db('account_codes').orderBy('id', 'desc').first('id');
    await db('account_codes')
      .where({ id: late.id })
      .update({ expires_at: new Date(Date.now() - 1000) });
    expect((await call('/account/session', { body: { email: who, code: expired } })).status).toBe(401);

    before = await lastMailId();
    await call('/account/code', { body: { email: who } });
    const code = await codeFor(who, before);
    const wrong = String((Number(code) + 7) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i += 1) expect((await call('/account/session', { body: { email: who, code: wrong } })).status).toBe(401);
    expect((await call('/account/session', { body: { email: who, code } })).status).toBe(401);
  });

  it('is limited per address (429 in Spanish) and per client', async () => {
    const who = mail('insiste');
    const answers = [];
    for (let i = 0; i < 6; i += 1) answers.push(await call('/account/code', { body: { email: who } }));
    expect(answers.slice(0, 5).map((a) => a.status)).toEqual([202, 202, 202, 202, 202]);
    expect(answers[5]!.status).toBe(429);
    expect(answers[5]!.body.message).toBe(ACCOUNT_MSG.codeRateLimited);
    expect(answers[5]!.headers.get('retry-after')).toBeTruthy();
    // The shared process keeps the per-client budget (10 in 15 minutes): distinct addresses meet it.
    const perClient = [];
    for (let i = 0; i < 12; i += 1) perClient.push(await api('/account/code', { body: { email: mail(`cliente-${i}`) } }));
    const limited = perClient.filter((a) => a.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(limited[0]!.body.message).toBe(ACCOUNT_MSG.codeRateLimited);
  });
});

describe('her data', () => {
  let buyer = '';
  let other = '';
  let cookie = '';
  let otherCookie = '';
  const numbers: string[] = [];
  let otherNumber = '';

  beforeAll(async () => {
    buyer = mail('tres-canales');
    other = mail('otra');
    numbers.push(await webOrder(buyer.toUpperCase()), await staffSale(buyer, 'whatsapp'), await staffSale(buyer, 'local'));
    otherNumber = await webOrder(other);
    [cookie, otherCookie] = [await signIn(buyer), await signIn(other)];
  });

  it('lists her orders of three channels, newest first, and none of another shopper', async () => {
    const res = await as(cookie, '/account/orders');
    expect(res.status).toBe(200);
    const answer = accountOrdersAnswerSchema.parse(res.body);
    expect(answer.orders.map((o: AccountOrder) => o.orderNumber)).toEqual([...numbers].reverse());
    expect(new Set(answer.orders.map((o) => o.channel))).toEqual(new Set(['web', 'whatsapp', 'local']));
    expect(answer.orders[0]!.items[0]).toMatchObject({ productId: product._id, size: 'M', color: 'Negro', available: true });
    expect(JSON.stringify(answer)).not.toContain(otherNumber);
    const theirs = accountOrdersAnswerSchema.parse((await as(otherCookie, '/account/orders')).body);
    expect(theirs.orders.map((o) => o.orderNumber)).toEqual([otherNumber]);
  });

  it('keeps her addresses, measurements, favourites and preferences, refuses junk in Spanish', async () => {
    const address = {
      id: 'casa',
      label: 'Casa',
      fullName: 'Ana Pérez',
      phone: '299 555 1234',
      address: 'Belgrano 55',
      city: 'Neuquén',
      postalCode: '8300',
    };
    const saved = await as(cookie, '/account/addresses', { method: 'PUT', body: { addresses: [address] } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await as(cookie, '/account/addresses')).body.addresses[0]).toMatchObject(address);
    expect((await as(otherCookie, '/account/addresses')).body).toEqual({ addresses: [] });
    const six = Array.from({ length: 6 }, (_, i) => ({ ...address, id: `a${i}` }));
    const tooMany = await as(cookie, '/account/addresses', { method: 'PUT', body: { addresses: six } });
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(tooMany.body)).toContain(ACCOUNT_MSG.addresses);

    expect((await as(cookie, '/account/measurements', { method: 'PUT', body: { measurements: { busto: 92, cintura: 70 } } })).status).toBe(
      200,
    );
    expect((await as(cookie, '/account/measurements')).body).toEqual({ measurements: { busto: 92, cintura: 70 } });
    const junk = await as(cookie, '/account/measurements', { method: 'PUT', body: { measurements: { busto: 'noventa' } } });
    expect(junk.status).toBe(400);
    expect(JSON.stringify(junk.body)).toContain(ACCOUNT_MSG.measurement);

    const favs = await as(cookie, '/account/favorites', { method: 'PUT', body: { productIds: [product._id, 'no-existe-este-id'] } });
    expect(favs.status).toBe(200);
    expect(favs.body.favorites).toEqual([expect.objectContaining({ productId: product._id, title: product.title })]);

    const prefs = await as(cookie, '/account/preferences', {
      method: 'PUT',
      body: { cartRecovery: false, stockAlerts: false, news: true },
    });
    expect(prefs.status).toBe(200);
    expect(accountAnswerSchema.parse(prefs.body).account.preferences).toEqual({ cartRecovery: false, stockAlerts: false, news: true });
  });

  it("honours her preferences: no 'Avisame' mail when she switched them off, while others get theirs", async () => {
    const soldOut = await createProduct({ stock: 0, size: ['M'], stockBySize: { M: 0 }, title: `Avisame Cuenta ${RUN}` });
    const witness = mail('testigo');
    for (const email of [buyer, witness])
      expect((await api(`/products/${soldOut._id}/stock-alerts`, { baseUrl: extra.url, body: { size: 'M', email } })).status).toBe(201);
    const alerts = await as(cookie, '/account/alerts');
    expect(alerts.body.alerts).toEqual([expect.objectContaining({ productId: soldOut._id, size: 'M' })]);
    expect((await as(otherCookie, `/account/alerts/${alerts.body.alerts[0].id}`, { method: 'DELETE' })).status).toBe(404);
    const restock = await api(`/products/${soldOut._id}`, { method: 'PUT', token: owner, body: { stockBySize: { M: 2 } } });
    expect(restock.status).toBe(200);
    await waitFor(
      'the witness mail',
      () => db('email_outboxes').where({ to: witness, kind: 'stock_alert' }).select('id'),
      (r) => r.length === 1,
      {
        timeoutMs: 20_000,
        everyMs: 100,
      },
    );
    expect(await db('email_outboxes').where({ to: buyer, kind: 'stock_alert' }).select('id')).toHaveLength(0);
  });

  it('shows the staff that she has an account, not what it holds', async () => {
    const res = await api(`/customers/${customerIdOf(`e:${buyer}`)}`, { token: owner });
    expect(res.status).toBe(200);
    expect(res.body.accountSince).toEqual(expect.any(String));
    expect(JSON.stringify(res.body)).not.toContain('cintura');
  });

  it('exports what the shop keeps, then deletes the account and keeps the books', async () => {
    const exported = await as(cookie, '/account/export');
    expect(exported.status).toBe(200);
    const data = accountExportSchema.parse(exported.body);
    expect(data.account).toMatchObject({ email: buyer, measurements: { busto: 92, cintura: 70 } });
    expect(data.orders.map((o) => o.orderNumber)).toEqual([...numbers].reverse());
    expect(data.summary.join(' ')).toContain(numbers[0]);

    const second = await signIn(buyer);
    const gone = await as(cookie, '/account', { method: 'DELETE' });
    expect(gone.status).toBe(200);
    expect(gone.body.message).toBe(ACCOUNT_MSG.deleted);
    expect(gone.body.kept.join(' ')).toMatch(/3 compra/);
    for (const c of [cookie, second]) expect((await as(c, '/account')).status).toBe(401);
    expect(await db('shop_accounts').where({ email: buyer }).select('id')).toHaveLength(0);
    expect(await db('stock_alerts').whereRaw('lower(email) = ?', [buyer]).select('id')).toHaveLength(0);
    const books = await api(`/orders?search=${numbers[0]}`, { token: owner });
    expect(JSON.stringify(books.body)).toContain(numbers[0]);
    expect((await as(otherCookie, '/account')).status).toBe(200);
  });

  it('offers "Opiná" on a delivered order only: its path is the invitation page of that order', async () => {
    const placed = await call('/orders', {
      body: orderBody([{ productId: product._id, quantity: 1 }], { shippingInfo: { ...SHOPPER, email: other } }),
    });
    expect(placed.status).toBe(201);
    for (const step of ['ready_for_pickup', 'delivered'])
      expect((await api(`/orders/${placed.body.order._id}/fulfillment`, { method: 'PUT', token: owner, body: { step } })).status).toBe(200);
    const { orders } = accountOrdersAnswerSchema.parse((await as(otherCookie, '/account/orders')).body);
    const delivered = orders.find((o) => o.orderNumber === placed.body.order.orderNumber);
    expect(delivered?.reviewPath).toMatch(/^\/opinar\//);
    expect(orders.find((o) => o.orderNumber === otherNumber)?.reviewPath).toBeNull();
    const token = decodeURIComponent(delivered!.reviewPath!.slice('/opinar/'.length));
    const invitation = await api(`/reviews/invitation/${encodeURIComponent(token)}`);
    expect(invitation.status).toBe(200);
    expect(invitation.body.orderNumber).toBe(placed.body.order.orderNumber);
    expect(invitation.body.lines).toHaveLength(1);
  });

  it('ends this session, or all of them', async () => {
    const a = await signIn(other);
    expect((await as(a, '/account/session', { method: 'DELETE' })).status).toBe(200);
    expect((await as(a, '/account')).status).toBe(401);
    expect((await as(otherCookie, '/account')).status).toBe(200);
    expect((await as(otherCookie, '/account/sessions', { method: 'DELETE' })).status).toBe(200);
    expect((await as(otherCookie, '/account')).status).toBe(401);
  });
});

describe('attacks', () => {
  const ROUTES: [string, string, unknown?][] = [
    ['DELETE', '/account/session'],
    ['DELETE', '/account/sessions'],
    ['GET', '/account'],
    ['PUT', '/account/preferences', { cartRecovery: true, stockAlerts: true, news: true }],
    ['GET', '/account/orders'],
    ['GET', '/account/addresses'],
    ['PUT', '/account/addresses', { addresses: [] }],
    ['GET', '/account/measurements'],
    ['PUT', '/account/measurements', { measurements: {} }],
    ['GET', '/account/favorites'],
    ['PUT', '/account/favorites', { productIds: [] }],
    ['GET', '/account/alerts'],
    ['DELETE', '/account/alerts/1'],
    ['GET', '/account/export'],
    ['DELETE', '/account'],
  ];

  it('answers 401 without her cookie, with a staff token or a forged cookie; 403 to another site; 400 to junk', async () => {
    const cookie = await signIn(mail('atacada'));
    for (const [method, path, body] of ROUTES) {
      const none = await call(path, { method, body });
      expect(none.status, `${method} ${path} without a cookie`).toBe(401);
      expect(none.body.message).toBe(ACCOUNT_MSG.noSession);
      expect((await call(path, { method, body, token: owner })).status, `${method} ${path} with a staff token`).toBe(401);
      const forged = `shop_account=${'A'.repeat(43)}`;
      expect((await as(forged, path, { method, body })).status, `${method} ${path} forged`).toBe(401);
      const crossSite = await as(cookie, path, { method, body, headers: { origin: 'https://otra-tienda.example' } });
      expect(crossSite.status, `${method} ${path} from another site`).toBe(403);
      expect(crossSite.body.message).toBe(ACCOUNT_MSG.crossSite);
      expect((await as(cookie, path, { method, body, headers: { 'sec-fetch-site': 'cross-site' } })).status).toBe(403);
    }
    for (const [path, body] of [
      ['/account/code', { email: 'no-es-un-mail' }],
      ['/account/code', { email: ['a@b.co'] }],
      ['/account/session', { email: 'a@b.co', code: '12ab56' }],
      ['/account/session', { email: 'a@b.co', code: { $gt: '' } }],
    ] as const) {
      const res = await call(path, { body });
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    for (const [path, body] of [
      ['/account/addresses', { addresses: 'todas' }],
      ['/account/favorites', { productIds: [{ $ne: null }] }],
      ['/account/preferences', { news: 'sí' }],
    ] as const) {
      expect((await as(cookie, path, { method: 'PUT', body })).status, path).toBe(400);
    }
    expect((await call('/account/code', { body: { email: 'x@y.co' }, headers: { 'sec-fetch-site': 'cross-site' } })).status).toBe(403);
  });
});
