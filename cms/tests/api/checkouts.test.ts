import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Knex } from 'knex';
import {
  abandonedCheckoutListAnswerSchema,
  CHECKOUT_DRAFT_LIMITS,
  CHECKOUT_MSG,
  checkoutDraftAnswerSchema,
  checkoutStatsAnswerSchema,
} from '@shop/shared';
import { adminTokenAt, api, shopperToken, type CallOptions } from '../helpers/api';
import { GARBAGE_TOKEN } from '../helpers/auth-matrix';
import { testDatabase } from '../helpers/database';
import { LONG_10K, NUL_TEXT } from '../helpers/junk';
import { createProduct, orderBody, type TestProduct } from '../helpers/orders';
import { inviteStaff } from '../helpers/staff';
import { startStrapi, type RunningStrapi } from '../helpers/strapi-process';
import { waitFor } from '../helpers/wait-for';
import { connectWhatsapp, ownerWithTwoFactor, retireOwners, whatsappState } from '../helpers/whatsapp';

// One process of its own on the shared database: orders without the shared order budget, and the drafts' sweep every
// half second (the automatic e-mail is tested without waiting five minutes).
let shop: RunningStrapi;
let owner: string;
let db: Knex;
const RUN = Date.now().toString(36);
const email = (name: string) => `${name}-${RUN}@example.com`;
const call = (path: string, options: CallOptions = {}) => api(path, { baseUrl: shop.url, ...options });
const newToken = () => randomBytes(24).toString('base64url');
const put = (token: string, body: unknown) => call(`/checkouts/${token}`, { method: 'PUT', body });

function draftBody(product: TestProduct, extra: Record<string, unknown> = {}) {
  return {
    items: [{ productId: product._id, quantity: 1, size: 'M', color: 'Negro' }],
    email: email('shopper'),
    fullName: 'Lucía Pérez',
    deliveryType: 'pickup',
    ...extra,
  };
}

/** Moves a draft's last change back (the abandoned threshold and the e-mail delay are measured from it). */
async function age(token: string, minutes: number): Promise<void> {
  await db('checkout_drafts')
    .where({ token })
    .update({ updated_at: new Date(Date.now() - minutes * 60_000) });
}

async function setCheckout(settings: Record<string, unknown>): Promise<void> {
  const res = await call('/content', { method: 'PUT', token: owner, body: { checkout: settings } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function abandonedList(token = owner) {
  const res = await call('/checkouts/abandoned?pageSize=50', { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return abandonedCheckoutListAnswerSchema.parse(res.body);
}

beforeAll(async () => {
  db = testDatabase();
  const database = { kind: inject('databaseKind'), env: inject('databaseEnv'), drop: async () => undefined };
  shop = await startStrapi(database, { CHECKOUT_SWEEP_EVERY_MS: '500', RATE_LIMIT_ORDERS_MAX: '100000' });
  owner = await adminTokenAt(shop.url);
});

afterAll(async () => {
  await retireOwners();
  await shop?.stop();
  await db?.destroy();
});

describe('PUT /checkouts/{token}', () => {
  let product: TestProduct;
  beforeAll(async () => {
    product = await createProduct({ stock: 5 }, { baseUrl: shop.url, token: owner });
  });

  it('saves a draft with a valid contact and answers no contact back', async () => {
    const token = newToken();
    const res = await put(token, draftBody(product));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ message: CHECKOUT_MSG.saved });
    const row = await db('checkout_drafts').where({ token }).first();
    expect(row.email).toBe(email('shopper'));
    // Saving again replaces the same draft.
    expect((await put(token, draftBody(product, { phone: '299 155 123456' }))).status).toBe(200);
    expect(await db('checkout_drafts').where({ token }).count({ n: '*' }).first()).toMatchObject({ n: expect.anything() });
    expect(Number((await db('checkout_drafts').where({ token }).count({ n: '*' }).first())?.n)).toBe(1);
  });

  it('refuses junk: bad tokens, no contact, bad e-mail, empty and huge carts, NUL and long text', async () => {
    const good = draftBody(product);
    for (const bad of ['corto', 'a'.repeat(65), 'tiene espacios y más caracteres raros!!', '..%2F..%2Fetc']) {
      const res = await put(encodeURIComponent(bad), good);
      expect([400, 404], bad).toContain(res.status);
      expect(typeof res.body.message).toBe('string');
    }
    const token = newToken();
    const cases: [unknown, string][] = [
      [{ ...good, email: null, phone: null }, CHECKOUT_MSG.contactRequired],
      [{ ...good, email: 'no-es-un-mail' }, CHECKOUT_MSG.badEmail],
      [{ ...good, email: null, phone: '12' }, CHECKOUT_MSG.badPhone],
      [{ ...good, items: [] }, CHECKOUT_MSG.linesRequired],
      [{ ...good, items: 'x' }, CHECKOUT_MSG.linesRequired],
      [
        { ...good, items: Array.from({ length: CHECKOUT_DRAFT_LIMITS.lines + 1 }, () => ({ productId: product._id, quantity: 1 })) },
        CHECKOUT_MSG.tooManyLines(CHECKOUT_DRAFT_LIMITS.lines),
      ],
      [
        { ...good, items: [{ productId: product._id, quantity: CHECKOUT_DRAFT_LIMITS.unitsPerLine + 1 }] },
        CHECKOUT_MSG.tooManyUnits(CHECKOUT_DRAFT_LIMITS.unitsPerLine),
      ],
      [{ ...good, fullName: LONG_10K }, ''],
      [{ ...good, fullName: NUL_TEXT }, ''],
      [null, ''],
    ];
    for (const [body, message] of cases) {
      const res = await put(token, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(typeof res.body.message).toBe('string');
      if (message) expect(res.body.message).toContain(message);
    }
    expect(await db('checkout_drafts').where({ token }).first()).toBeUndefined();
  });

  it('refuses a line of a product that does not exist, alone or beside a real one: Spanish 400, nothing stored', async () => {
    const token = newToken();
    const unknownIds = ['no-existe-este-producto', 'a'.repeat(64), product._id.slice(0, -1)];
    for (const productId of unknownIds) {
      for (const items of [
        [{ productId, quantity: 1 }],
        [
          { productId: product._id, quantity: 1, size: 'M', color: 'Negro' },
          { productId, quantity: 2 },
        ],
      ]) {
        const res = await put(token, { ...draftBody(product), items });
        expect(res.status, JSON.stringify(items)).toBe(400);
        expect(res.body.message).toBe(CHECKOUT_MSG.unknownProduct);
      }
    }
    expect(await db('checkout_drafts').where({ token }).first()).toBeUndefined();
    // A saved draft keeps its lines when a later save names an unknown product.
    expect((await put(token, draftBody(product))).status).toBe(200);
    const refused = await put(token, { ...draftBody(product), items: [{ productId: 'no-existe-este-producto', quantity: 3 }] });
    expect(refused.status).toBe(400);
    const row = await db('checkout_drafts').where({ token }).first();
    const lines = typeof row.lines === 'string' ? JSON.parse(row.lines) : row.lines;
    expect(lines).toEqual([{ productId: product._id, quantity: 1, size: 'M', color: 'Negro', sku: null }]);
  });

  it('keeps no payment data: unknown keys are dropped', async () => {
    const token = newToken();
    expect((await put(token, { ...draftBody(product), cardNumber: '4111111111111111', paymentMethod: 'mercadopago' })).status).toBe(200);
    const row = await db('checkout_drafts').where({ token }).first();
    expect(JSON.stringify(row)).not.toContain('4111');
    expect(JSON.stringify(row)).not.toContain('mercadopago');
  });
});

describe('GET /checkouts/{token}', () => {
  it('answers only its own draft, priced anew, never the contact; unknown tokens are 404', async () => {
    const product = await createProduct({ stock: 5, price: 20000 }, { baseUrl: shop.url, token: owner });
    const mine = newToken();
    const hers = newToken();
    await put(mine, draftBody(product, { email: email('mia'), phone: '2995551234' }));
    await put(
      hers,
      draftBody(product, { email: email('de-otra'), items: [{ productId: product._id, quantity: 2, size: 'M', color: 'Negro' }] }),
    );
    const res = await call(`/checkouts/${mine}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { draft } = checkoutDraftAnswerSchema.parse(res.body);
    expect(draft.lines).toHaveLength(1);
    expect(draft.lines[0]).toMatchObject({ productId: product._id, quantity: 1, available: true, unitPrice: 20000, lineTotal: 20000 });
    expect(draft.total).toBe(20000);
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(email('mia'));
    expect(text).not.toContain('2995551234');
    expect(text).not.toContain('Lucía');
    expect(text).not.toContain(mine);
    // The price moved: the draft answers today's.
    await call(`/products/${product._id}`, { method: 'PUT', token: owner, body: { price: 25000 } });
    const later = checkoutDraftAnswerSchema.parse((await call(`/checkouts/${mine}`)).body);
    expect(later.draft.total).toBe(25000);
    // No enumeration: a random token, a token like another's, a path trick are 404 or 400.
    expect((await call(`/checkouts/${newToken()}`)).status).toBe(404);
    expect((await call(`/checkouts/${hers.slice(0, -1)}${hers.endsWith('A') ? 'B' : 'A'}`)).status).toBe(404);
    expect((await call('/checkouts/abc')).status).toBe(400);
  });

  it('shows a line that sold out meanwhile as such, never dropping it', async () => {
    const gone = await createProduct({ stock: 1, price: 9000 }, { baseUrl: shop.url, token: owner });
    const kept = await createProduct({ stock: 3, price: 7000 }, { baseUrl: shop.url, token: owner });
    const token = newToken();
    await put(token, {
      ...draftBody(gone),
      items: [
        { productId: gone._id, quantity: 1, size: 'M', color: 'Negro' },
        { productId: kept._id, quantity: 2, size: 'M', color: 'Negro' },
      ],
    });
    // Someone else buys the last unit.
    const order = await call('/orders', { body: orderBody([{ productId: gone._id, quantity: 1 }]) });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    const { draft } = checkoutDraftAnswerSchema.parse((await call(`/checkouts/${token}`)).body);
    expect(draft.lines).toHaveLength(2);
    expect(draft.lines[0]).toMatchObject({ productId: gone._id, title: gone.title, available: false, unitPrice: null });
    expect(draft.lines[0]?.problem).toMatch(/Stock insuficiente/);
    expect(draft.lines[1]).toMatchObject({ productId: kept._id, available: true, lineTotal: 14000 });
    expect(draft.total).toBe(14000);
  });
});

describe('GET /checkouts/abandoned and /checkouts/stats', () => {
  let product: TestProduct;
  beforeAll(async () => {
    product = await createProduct({ stock: 20, price: 12000 }, { baseUrl: shop.url, token: owner });
  });

  it('refuses anonymous, shoppers and the catalogue role; allows sales and the owner', async () => {
    const sales = await inviteStaff(owner, 'sales', shop.url);
    const catalog = await inviteStaff(owner, 'catalog', shop.url);
    for (const path of ['/checkouts/abandoned', '/checkouts/stats']) {
      expect((await call(path)).status, path).toBe(401);
      expect((await call(path, { token: GARBAGE_TOKEN })).status, path).toBe(401);
      const shopper = await api(path, { token: await shopperToken() });
      expect(shopper.status, path).toBe(403);
      const denied = await call(path, { token: catalog });
      expect(denied.status, path).toBe(403);
      expect(denied.body.message).toMatch(/rol no permite|permiso/);
      expect((await call(path, { token: sales })).status, path).toBe(200);
      expect((await call(path, { token: owner })).status, path).toBe(200);
    }
    // Junk paging falls back to the defaults (never a 500).
    expect((await call('/checkouts/abandoned?page=abc&pageSize=-3', { token: owner })).status).toBe(200);
  });

  it('lists a draft once older than checkout.abandonedAfterMinutes, with contact, lines, total and age', async () => {
    const token = newToken();
    await put(token, draftBody(product, { email: email('abandona'), phone: '299 555 4321', fullName: 'Ana Abandona' }));
    await setCheckout({ abandonedAfterMinutes: 60 });
    expect((await abandonedList()).data.find((d) => d.token === token)).toBeUndefined();
    await age(token, 61);
    const found = (await abandonedList()).data.find((d) => d.token === token);
    expect(found).toMatchObject({ email: email('abandona'), phone: '299 555 4321', fullName: 'Ana Abandona', total: 12000 });
    expect(found?.lines[0]).toMatchObject({ productId: product._id, quantity: 1, available: true });
    expect(found?.ageMinutes).toBeGreaterThanOrEqual(60);
    // A smaller threshold from the site content lists a fresh draft too.
    const fresh = newToken();
    await put(fresh, draftBody(product, { email: email('fresca') }));
    await setCheckout({ abandonedAfterMinutes: 0 });
    expect((await abandonedList()).data.some((d) => d.token === fresh)).toBe(true);
    await setCheckout({ abandonedAfterMinutes: 60 });
  });

  it('a draft followed by an order is "convertida"; from a recovery link, "recuperada" with its revenue', async () => {
    await setCheckout({ abandonedAfterMinutes: 0 });
    const before = checkoutStatsAnswerSchema.parse((await call('/checkouts/stats?days=7', { token: owner })).body);
    const converted = newToken();
    const recovered = newToken();
    await put(converted, draftBody(product, { email: email('convierte') }));
    await put(recovered, draftBody(product, { email: email('recupera') }));
    await age(recovered, 120);
    const first = await call('/orders', { body: orderBody([{ productId: product._id, quantity: 1 }], { checkoutToken: converted }) });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const second = await call('/orders', {
      body: orderBody([{ productId: product._id, quantity: 2 }], { checkoutToken: recovered, fromRecovery: true }),
    });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    const list = await abandonedList();
    expect(list.data.some((d) => d.token === converted || d.token === recovered)).toBe(false);
    const after = checkoutStatsAnswerSchema.parse((await call('/checkouts/stats?days=7', { token: owner })).body);
    expect(after.converted - before.converted).toBe(2);
    expect(after.recovered - before.recovered).toBe(1);
    expect(after.recoveredRevenue - before.recoveredRevenue).toBe(second.body.order.total);
    // A converted draft is not reopened nor readable, and keeps no contact.
    expect((await put(converted, draftBody(product))).status).toBe(409);
    expect((await call(`/checkouts/${converted}`)).status).toBe(404);
    const row = await db('checkout_drafts').where({ token: recovered }).first();
    expect(row.email).toBeNull();
    // A junk token on the order is refused (400) and nothing is ordered.
    const junk = await call('/orders', { body: orderBody([{ productId: product._id, quantity: 1 }], { checkoutToken: 'x; DROP' }) });
    expect(junk.status).toBe(400);
    await setCheckout({ abandonedAfterMinutes: 60 });
  });
});

describe('the automatic e-mail and the unsubscribe link', () => {
  const mailsTo = (to: string) => db('email_outboxes').where({ to, kind: 'abandoned_checkout' }).select('subject', 'text', 'html');

  /**
   * Returns once a whole sweep of this file's process ran after the call. Each sweep first deletes the drafts past 30
   * days, and a process never runs two at once: the second of two such drafts, made one after the other, is deleted by
   * a sweep that began after the one that deleted the first had ended, which itself began after this call.
   */
  async function aWholeSweep(product: TestProduct) {
    for (const n of [1, 2]) {
      const token = newToken();
      await put(token, draftBody(product, { email: email(`marca-${n}`) }));
      await age(token, 31 * 24 * 60);
      await waitFor(
        'a sweep to delete the old draft',
        () => db('checkout_drafts').where({ token }).first('id'),
        (row) => row === undefined,
        { timeoutMs: 20_000, everyMs: 100 },
      );
    }
  }

  /** The e-mails to `to` once a whole sweep ran after `count` of them (or none) were there: none can be on its way. */
  async function mailsAfterSweep(to: string, count: number, product: TestProduct) {
    await waitFor(
      'the e-mails',
      () => mailsTo(to),
      (mails) => mails.length >= count,
      { timeoutMs: 20_000, everyMs: 100 },
    ).catch(() => undefined);
    await aWholeSweep(product);
    return mailsTo(to);
  }

  it('is sent once per draft when switched on, with the recovery and unsubscribe links; never after unsubscribing', async () => {
    const product = await createProduct({ stock: 5 }, { baseUrl: shop.url, token: owner });
    const to = email('correo');
    const token = newToken();
    await put(token, draftBody(product, { email: to }));
    await age(token, 4 * 60);
    // Switched off (the default): nothing.
    await setCheckout({ abandonedEmailEnabled: false, abandonedEmailAfterHours: 3 });
    expect(await mailsAfterSweep(to, 0, product)).toHaveLength(0);
    await setCheckout({ abandonedEmailEnabled: true, abandonedEmailAfterHours: 3 });
    const mails = await mailsAfterSweep(to, 1, product);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`/checkout/recuperar/${token}`);
    expect(mails[0]?.text).toContain(`/checkout/baja?token=${token}`);
    // A later change of the same draft does not send it again.
    await put(token, draftBody(product, { email: to, fullName: 'Otra Vez' }));
    await age(token, 4 * 60);
    expect(await mailsAfterSweep(to, 1, product)).toHaveLength(1);

    // Unsubscribe: the draft is gone at once, and a later draft of the address never gets the e-mail.
    const unsub = await call('/checkouts/unsubscribe', { body: { token } });
    expect(unsub.status, JSON.stringify(unsub.body)).toBe(200);
    expect(unsub.body.message).toBe(CHECKOUT_MSG.unsubscribed);
    expect(await db('checkout_drafts').where({ token }).first()).toBeUndefined();
    expect((await call(`/checkouts/${token}`)).status).toBe(404);
    const later = newToken();
    await put(later, draftBody(product, { email: to.toUpperCase() }));
    await age(later, 4 * 60);
    expect(await mailsAfterSweep(to, 1, product)).toHaveLength(1);
    expect(await mailsTo(to.toUpperCase())).toHaveLength(0);
    // The opt-out keeps a hash, not the address.
    expect(JSON.stringify(await db('checkout_optouts').select('*'))).not.toContain(to);
    await setCheckout({ abandonedEmailEnabled: false });
  });

  it('reminds by WhatsApp a shopper who asked for it (its template mapped), with the e-mail switched off', async () => {
    const product = await createProduct({ stock: 5, title: `Conjunto Carrito ${RUN}` }, { baseUrl: shop.url, token: owner });
    await connectWhatsapp(await ownerWithTwoFactor(shop.url), shop.url);
    await setCheckout({ abandonedEmailEnabled: false, abandonedEmailAfterHours: 3 });
    const asked = newToken();
    const notAsked = newToken();
    await put(asked, draftBody(product, { email: null, phone: '299 15 466-7788', fullName: 'Carla Ruiz', whatsappOptIn: true }));
    await put(notAsked, draftBody(product, { email: null, phone: '299 15 466-9900', fullName: 'Sol Paz' }));
    await age(asked, 4 * 60);
    await age(notAsked, 4 * 60);
    const state = await waitFor('the reminder on WhatsApp', whatsappState, (s) => s.messages.some((m) => m.to === '5492994667788'), {
      timeoutMs: 20_000,
      everyMs: 100,
    });
    const message = state.messages.find((m) => m.to === '5492994667788');
    expect(message?.template?.name).toBe('carrito_pendiente');
    expect(message?.template?.parameters.slice(0, 2)).toEqual(['Carla', product.title]);
    expect(message?.template?.parameters[3]).toContain(`/checkout/recuperar/${asked}`);
    // A whole sweep later the draft that did not ask is still unreminded.
    await aWholeSweep(product);
    expect((await db('checkout_drafts').where({ token: notAsked }).first('email_sent_at')).email_sent_at).toBeNull();
    expect((await whatsappState()).messages.some((m) => m.to === '5492994669900')).toBe(false);
  });

  it('refuses junk and unknown tokens on unsubscribe', async () => {
    expect((await call('/checkouts/unsubscribe', { body: { token: 'nope' } })).status).toBe(400);
    expect((await call('/checkouts/unsubscribe', { body: {} })).status).toBe(400);
    expect((await call('/checkouts/unsubscribe', { body: { token: newToken() } })).status).toBe(404);
  });

  it('deletes drafts 30 days after their last change', async () => {
    const product = await createProduct({ stock: 5 }, { baseUrl: shop.url, token: owner });
    const token = newToken();
    await put(token, draftBody(product, { email: email('vieja') }));
    await age(token, 31 * 24 * 60);
    const deadline = Date.now() + 10_000;
    while ((await db('checkout_drafts').where({ token }).first()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(await db('checkout_drafts').where({ token }).first()).toBeUndefined();
  });
});
