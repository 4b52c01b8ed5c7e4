import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { WHATSAPP_ERROR_TEXTS, WHATSAPP_MSG, WHATSAPP_STEPS, type WhatsappMessage } from '@shop/shared';
import { adminToken, api, expectMessage, type CallOptions } from '../helpers/api';
import { testDatabase } from '../helpers/database';
import { createProduct, extraStrapi, orderBody, type TestProduct } from '../helpers/orders';
import type { ShopHandle } from '../helpers/shared-shops';
import { inviteStaff } from '../helpers/staff';
import { waitFor } from '../helpers/wait-for';
import {
  SUGGESTED_MAPPING,
  WHATSAPP_ACCOUNT,
  connectWhatsapp,
  ownerWithTwoFactor,
  retireOwners,
  whatsappControl,
  whatsappState,
} from '../helpers/whatsapp';

/**
 * WhatsApp through the Cloud API (issue #63), against the run's fake (scripts/fake-whatsapp.mjs): the shared shop and
 * the kept raised-limit one are two processes on one database, both pointed at the fake with short outbox periods.
 */
const MOBILE = '5492994123456';
let owner = '';
let sales = '';
let catalog = '';
let second: ShopHandle;
let product: TestProduct;
let verifyToken = '';

const call = (path: string, options: CallOptions = {}) => api(path, options);
const webhookUrl = () => `${inject('baseUrl')}/api/whatsapp/webhook`;

const orderMessages = async (orderId: string, token = sales): Promise<WhatsappMessage[]> => {
  const res = await call(`/orders/${orderId}/whatsapp`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.messages as WhatsappMessage[];
};

const waitForMessages = (orderId: string, done: (m: WhatsappMessage[]) => boolean) =>
  // Meta's statuses come as webhooks answered by a shop that may be slow on a loaded machine: 45 s, within the test's 60 s.
  waitFor(`the WhatsApp messages of ${orderId}`, () => orderMessages(orderId), done, { timeoutMs: 45_000, everyMs: 100 });

/** The fake's accepted messages for this order number (its parameters carry the number). */
const sentFor = async (orderNumber: string) => (await whatsappState()).messages.filter((m) => m.template?.parameters.includes(orderNumber));

async function placeOrder(extra: Record<string, unknown>, baseUrl?: string): Promise<{ _id: string; orderNumber: string }> {
  const res = await api('/orders', { body: orderBody([{ productId: product._id, quantity: 1 }], extra), baseUrl: baseUrl ?? second.url });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.order as { _id: string; orderNumber: string };
}

const shopper = (phone: string) => ({
  shippingInfo: {
    fullName: 'María Laura Gómez',
    email: 'maria.gomez@example.com',
    phone,
    address: '',
    city: '',
    postalCode: '8300',
    notes: '',
  },
});

beforeAll(async () => {
  const admin = await adminToken();
  [owner, sales, catalog, second, product] = await Promise.all([
    ownerWithTwoFactor(),
    inviteStaff(admin, 'sales'),
    inviteStaff(admin, 'catalog'),
    extraStrapi(),
    createProduct({ stock: 500, title: 'Conjunto WhatsApp' }),
  ]);
  // The fake is the run's (other files use it too): nothing here resets it; each test reads its own orders' messages.
  await whatsappControl('webhook', { url: webhookUrl(), retries: 0 });
}, 120_000);

afterAll(retireOwners);

// WhatsApp stays connected after this file: the checkouts' file relies on the same settings (connectWhatsapp), and no
// order of another file opts in.

describe("connecting the shop's number (owner with two-factor)", () => {
  it('seals the token and the app secret, answers the webhook handshake, lists the templates and sends the test', async () => {
    // The owner's permission asks for two-factor sign-in: the seeded owner has none.
    const plain = await call('/whatsapp/settings', { token: await adminToken() });
    expect(plain.status).toBe(403);
    expect(plain.body.message).toMatch(/verificación en dos pasos/);

    const saved = { body: await connectWhatsapp(owner) };
    expect(saved.body).toMatchObject({ enabled: true, connected: true, hasAccessToken: true, hasAppSecret: true });
    expect(saved.body.templates).toEqual(SUGGESTED_MAPPING);
    expect(saved.body.webhookUrl).toMatch(/\/api\/whatsapp\/webhook$/);
    const answered = JSON.stringify((await call('/whatsapp/settings', { token: owner })).body);
    expect(answered).not.toContain(WHATSAPP_ACCOUNT.accessToken);
    expect(answered).not.toContain(WHATSAPP_ACCOUNT.appSecret);
    // At rest: sealed (the store's row holds neither in clear).
    const db = testDatabase();
    const row: { value: string } | undefined = await db('strapi_core_store_settings').where({ key: 'core_shop-whatsapp_settings' }).first();
    await db.destroy();
    expect(row?.value).toBeTruthy();
    expect(row?.value).not.toContain(WHATSAPP_ACCOUNT.accessToken);
    expect(row?.value).not.toContain(WHATSAPP_ACCOUNT.appSecret);
    verifyToken = saved.body.verifyToken as string;

    const good = await whatsappControl<{ ok: boolean; status: number }>('verify', { url: webhookUrl(), verifyToken });
    expect(good).toMatchObject({ ok: true, status: 200 });
    const wrong = await whatsappControl<{ ok: boolean; status: number }>('verify', { url: webhookUrl(), verifyToken: 'otro-token' });
    expect(wrong).toMatchObject({ ok: false, status: 403 });

    const listed = await call('/whatsapp/templates', { token: owner });
    expect(listed.status).toBe(200);
    const received = (listed.body.templates as { name: string; parameters: number; status: string }[]).find(
      (t) => t.name === 'pedido_recibido',
    );
    expect(received).toMatchObject({ status: 'APPROVED', parameters: 4 });

    const test = await call('/whatsapp/test', { method: 'POST', token: owner, body: { to: '299 15 412-3456' } });
    expect(test.status, JSON.stringify(test.body)).toBe(200);
    expect(test.body).toMatchObject({ to: MOBILE, template: 'pedido_recibido' });
    const sent = (await whatsappState()).messages.find((m) => m.id === test.body.messageId);
    expect(sent?.template?.parameters[1]).toBe('PRUEBA-0001');
  });
});

describe('what the shop sends, and to whom', () => {
  it('sends only to a shopper who opted in, each step its template, to the one form of her number', async () => {
    const quiet = await placeOrder({ ...shopper('299 15 412-3456') });
    // Three ways of writing one mobile: each order's message goes to 549 299 412 3456.
    const forms = ['299 15 412-3456', '0299-4123456', '+54 9 299 4123456'];
    const orders = [];
    for (const phone of forms) orders.push(await placeOrder({ ...shopper(phone), whatsappOptIn: true, paymentMethod: 'transfer' }));
    for (const order of orders) await waitForMessages(order._id, (m) => m.some((x) => x.status !== 'pending'));
    const state = await whatsappState();
    expect(state.messages.filter((m) => m.template?.parameters.includes(quiet.orderNumber))).toHaveLength(0);
    for (const order of orders) {
      const [message] = await sentFor(order.orderNumber);
      expect(message?.to).toBe(MOBILE);
      expect(message?.template).toMatchObject({ name: 'pedido_recibido', language: 'es_AR' });
      expect(message?.template?.parameters.slice(0, 2)).toEqual(['María', order.orderNumber]);
      expect(message?.template?.parameters[2]).toMatch(/^\$\s?[\d.]+/);
      expect(message?.template?.parameters[3]).toMatch(/JAZMIN\.LENCERIA\.NQN/);
    }
    // A number WhatsApp cannot reach is said at checkout, and nothing is written.
    const landline = await api('/orders', {
      body: orderBody([{ productId: product._id, quantity: 1 }], { ...shopper('0800 333 1234'), whatsappOptIn: true }),
      baseUrl: second.url,
    });
    expectMessage(landline, 400, WHATSAPP_MSG.badPhone);

    // Paid, ready for pickup (the point and its hours), delivered: one template each, in order.
    const order = orders[0]!;
    expect((await call(`/orders/${order._id}/status`, { method: 'PUT', token: sales, body: { status: 'paid' } })).status).toBe(200);
    for (const step of ['ready_for_pickup', 'delivered']) {
      const marked = await call(`/orders/${order._id}/fulfillment`, { method: 'PUT', token: sales, body: { step } });
      expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    }
    const messages = await waitForMessages(order._id, (m) => m.length === 4 && m.every((x) => x.status !== 'pending'));
    expect(messages.map((m) => m.step)).toEqual(['order_received', 'paid', 'ready_for_pickup', 'delivered']);
    const byName = new Map((await sentFor(order.orderNumber)).map((m) => [m.template?.name, m.template?.parameters]));
    expect(byName.get('pago_confirmado')?.[2]).toMatch(/^\$/);
    expect(byName.get('pedido_listo_retiro')?.[2]).toBeTruthy();
    expect(byName.get('pedido_listo_retiro')?.[3]).toBeTruthy();
    expect(byName.get('pedido_entregado')?.[1]).toBe(order.orderNumber);
  });

  it('shows each receipt on the order (entregado, then leído) and refuses a forged notification', async () => {
    const order = await placeOrder({ ...shopper('299 15 412-3456'), whatsappOptIn: true });
    const [delivered] = await waitForMessages(order._id, (m) => m[0]?.status === 'delivered');
    expect(delivered?.deliveredAt).toBeTruthy();
    const [sent] = await sentFor(order.orderNumber);
    expect((await whatsappControl<{ status: number }>('status', { messageId: sent!.id, status: 'read' })).status).toBe(200);
    await waitForMessages(order._id, (m) => m[0]?.status === 'read');
    // A late receipt never goes back.
    await whatsappControl('status', { messageId: sent!.id, status: 'delivered' });
    expect((await orderMessages(order._id))[0]?.status).toBe('read');

    const forged = await whatsappControl<{ status: number }>('forged', { url: webhookUrl() });
    expect(forged.status).toBe(401);
    const unsigned = await fetch(webhookUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"object":"whatsapp_business_account"}',
    });
    expect(unsigned.status).toBe(401);
    expect(((await unsigned.json()) as { message: string }).message).toBe(WHATSAPP_MSG.badSignature);
  });

  it('retries 429s and outages, names what Meta refused, and sends one message per step with two processes', async () => {
    await whatsappControl('mode', { status: 429, times: 2 });
    const order = await placeOrder({ ...shopper('0299-4123456'), whatsappOptIn: true });
    await waitForMessages(order._id, (m) => m[0]?.status === 'delivered');
    expect(await sentFor(order.orderNumber)).toHaveLength(1);

    // Both processes mark the same step at once, twice: one message.
    expect((await call(`/orders/${order._id}/status`, { method: 'PUT', token: sales, body: { status: 'paid' } })).status).toBe(200);
    const marks = await Promise.all(
      [inject('baseUrl'), second.url, inject('baseUrl'), second.url].map((baseUrl) =>
        api(`/orders/${order._id}/fulfillment`, { method: 'PUT', token: sales, body: { step: 'ready_for_pickup' }, baseUrl }),
      ),
    );
    expect(marks.map((m) => m.status)).toEqual([200, 200, 200, 200]);
    await waitForMessages(order._id, (m) => m.length === 3 && m.every((x) => x.status === 'delivered'));
    const names = (await sentFor(order.orderNumber)).map((m) => m.template?.name);
    expect(names.sort()).toEqual(['pago_confirmado', 'pedido_listo_retiro', 'pedido_recibido']);

    // A number not on WhatsApp: Meta accepts the message, then reports it failed; the order says why, in Spanish, and
    // the e-mail of that step went all the same.
    await whatsappControl('notOnWhatsApp', { numbers: ['5492994990000'] });
    const nowhere = await placeOrder({ ...shopper('299 15 499-0000'), whatsappOptIn: true });
    const failed = await waitForMessages(nowhere._id, (m) => m[0]?.status === 'failed');
    expect(failed[0]?.error).toBe(WHATSAPP_ERROR_TEXTS[131026]);
    const mails = await call(`/emails?order=${nowhere._id}`, { token: sales });
    expect((mails.body.emails as { kind: string }[]).some((m) => m.kind === 'order_received')).toBe(true);
  });
});

describe("the shoppers' replies", () => {
  it('stores each message once, counts unread, answers inside the 24-hour window and only a template outside it', async () => {
    const from = '5492994998877';
    for (let i = 0; i < 2; i += 1) {
      const sent = await whatsappControl<{ status: number }>('inbound', {
        from,
        name: 'Carla Ruiz',
        text: 'Hola, ¿me queda el 90B?',
        id: 'wamid.respuesta-1',
      });
      expect(sent.status).toBe(200);
    }
    const list = await call('/whatsapp/conversations', { token: sales });
    expect(list.status).toBe(200);
    const mine = (list.body.conversations as { phone: string; unread: number; name: string; windowEndsAt: string }[]).find(
      (c) => c.phone === from,
    );
    expect(mine).toMatchObject({ unread: 1, name: 'Carla Ruiz' });
    expect(new Date(mine!.windowEndsAt).getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);

    const opened = await call(`/whatsapp/conversations/${from}`, { token: sales });
    expect(opened.body.messages).toHaveLength(1);
    const again = await call('/whatsapp/conversations', { token: sales });
    expect((again.body.conversations as { phone: string; unread: number }[]).find((c) => c.phone === from)?.unread).toBe(0);

    const answer = await call(`/whatsapp/conversations/${from}/messages`, {
      method: 'POST',
      token: sales,
      body: { text: 'Sí, te queda justo.' },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    await waitFor(
      'the answer at WhatsApp',
      whatsappState,
      (s) => s.messages.some((m) => m.to === from && m.text === 'Sí, te queda justo.'),
      {
        timeoutMs: 10_000,
        everyMs: 100,
      },
    );

    // Her last message is 25 hours old: free text is refused, a template goes.
    const late = '5492994776655';
    await whatsappControl('inbound', { from: late, name: 'Ana', text: 'Gracias', hoursAgo: 25 });
    const text = await call(`/whatsapp/conversations/${late}/messages`, { method: 'POST', token: sales, body: { text: 'Hola Ana' } });
    expectMessage(text, 409, WHATSAPP_MSG.windowClosed);
    const template = await call(`/whatsapp/conversations/${late}/messages`, {
      method: 'POST',
      token: sales,
      body: { template: { name: 'comprobante_recibido', language: 'es_AR', parameters: ['Ana', 'JL-1'] } },
    });
    expect(template.status, JSON.stringify(template.body)).toBe(201);
    // A template Meta does not have (or not approved in that language): failed, with Meta's reason in Spanish.
    const unknown = await call(`/whatsapp/conversations/${late}/messages`, {
      method: 'POST',
      token: sales,
      body: { template: { name: 'plantilla_pendiente', language: 'es_AR', parameters: ['Ana'] } },
    });
    expect(unknown.status).toBe(201);
    const refused = await waitFor(
      'the refused template',
      async () => (await call(`/whatsapp/conversations/${late}`, { token: sales })).body.messages as WhatsappMessage[],
      (messages) => messages.some((m) => m.id === unknown.body.message.id && m.status === 'failed'),
      { timeoutMs: 10_000, everyMs: 100 },
    );
    expect(refused.find((m) => m.id === unknown.body.message.id)?.error).toBe(WHATSAPP_ERROR_TEXTS[132001]);
  });
});

describe("'Avisame' on WhatsApp", () => {
  it('tells the shopper who asked for it, and only her, when her size is back', async () => {
    const body = await createProduct({ stock: 0, size: ['M'], stockBySize: { M: 0 }, title: `Body Avisame ${Date.now().toString(36)}` });
    const subscribe = (extra: Record<string, unknown>) => api(`/products/${body._id}/stock-alerts`, { body: { size: 'M', ...extra } });
    expect((await subscribe({ email: 'avisame.whatsapp@example.com', phone: '299 15 477-1122', whatsappOptIn: true })).status).toBe(201);
    expect((await subscribe({ email: 'avisame.correo@example.com', phone: '299 15 477-3344' })).status).toBe(201);
    expectMessage(
      await subscribe({ email: 'avisame.fijo@example.com', phone: '0800 333 1234', whatsappOptIn: true }),
      400,
      WHATSAPP_MSG.badPhone,
    );

    const restocked = await api(`/products/${body._id}`, { method: 'PUT', token: await adminToken(), body: { stockBySize: { M: 2 } } });
    expect(restocked.status).toBe(200);
    const state = await waitFor('the Avisame message', whatsappState, (s) => s.messages.some((m) => m.to === '5492994771122'), {
      timeoutMs: 15_000,
      everyMs: 100,
    });
    const message = state.messages.find((m) => m.to === '5492994771122');
    expect(message?.template?.name).toBe('volvio_tu_talle');
    expect(message?.template?.parameters[0]).toBe(`${body.title} M`);
    expect(message?.template?.parameters[1]).toContain(`/product/${body._id}`);
    // Both e-mails were queued with their alerts' claims: the one who did not ask has no WhatsApp message at all.
    const db = testDatabase();
    const mails = await db('email_outboxes')
      .whereIn('to', ['avisame.whatsapp@example.com', 'avisame.correo@example.com'])
      .count({ n: '*' });
    const quiet = await db('whatsapp_messages').where({ phone: '5492994773344' }).count({ n: '*' });
    await db.destroy();
    expect(Number(mails[0]?.n)).toBe(2);
    expect(Number(quiet[0]?.n)).toBe(0);
  });
});

describe('who may, and junk', () => {
  const manage: [string, string, unknown?][] = [
    ['GET', '/whatsapp/settings'],
    ['PUT', '/whatsapp/settings', { enabled: false }],
    ['GET', '/whatsapp/templates'],
    ['POST', '/whatsapp/test', { to: '299 15 412-3456' }],
  ];
  const chat: [string, string, unknown?][] = [
    ['GET', '/whatsapp/conversations'],
    ['GET', '/whatsapp/conversations/5492994998877'],
    ['POST', '/whatsapp/conversations/5492994998877/messages', { text: 'hola' }],
    ['GET', '/orders/abc123/whatsapp'],
  ];

  it('refuses staff routes without a token, and each role what it lacks', async () => {
    for (const [method, path, body] of [...manage, ...chat]) {
      const res = await call(path, { method, body });
      expect(res.status, `${method} ${path} without token`).toBe(401);
    }
    for (const [method, path, body] of manage) {
      const res = await call(path, { method, body, token: sales });
      expect(res.status, `${method} ${path} as sales`).toBe(403);
    }
    for (const [method, path, body] of chat) {
      const res = await call(path, { method, body, token: catalog });
      expect(res.status, `${method} ${path} as catalog`).toBe(403);
    }
  });

  it('answers junk with a Spanish 400 and changes nothing', async () => {
    const before = (await call('/whatsapp/settings', { token: owner })).body;
    for (const body of [
      { accessToken: 123 },
      { accessToken: 'corto' },
      { appSecret: 'con espacios y ñ' },
      { phoneNumberId: 'abc' },
      { templates: { paid: { name: 'Con Mayúsculas', language: 'es_AR', variables: [] } } },
      { templates: { paid: { name: 'ok', language: 'es_AR', variables: ['inventada'] } } },
      { templates: { inventado: null } },
      { otra: true },
    ]) {
      const res = await call('/whatsapp/settings', { method: 'PUT', token: owner, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    expect((await call('/whatsapp/settings', { token: owner })).body).toEqual(before);
    expect(WHATSAPP_STEPS.every((s) => before.templates[s] !== undefined)).toBe(true);

    expectMessage(
      await call('/whatsapp/conversations/abc/messages', { method: 'POST', token: sales, body: { text: 'x' } }),
      400,
      WHATSAPP_MSG.badConversationPhone,
    );
    expect((await call('/whatsapp/conversations/5492994998877/messages', { method: 'POST', token: sales, body: {} })).status).toBe(400);
    expect(
      (await call('/whatsapp/conversations/5492994998877/messages', { method: 'POST', token: sales, body: { text: 'x'.repeat(5000) } }))
        .status,
    ).toBe(400);
    expectMessage(
      await call('/whatsapp/test', { method: 'POST', token: owner, body: { to: '0800 333 1234' } }),
      400,
      WHATSAPP_MSG.badPhone,
    );
    expect((await call('/whatsapp/conversations/5490000000000', { token: sales })).status).toBe(404);
    const order = await api('/orders', {
      body: orderBody([{ productId: product._id, quantity: 1 }], { whatsappOptIn: 'sí' }),
      baseUrl: second.url,
    });
    expect(order.status).toBe(400);

    const verify = await fetch(`${webhookUrl()}?hub.mode=subscribe&hub.verify_token=${verifyToken}x&hub.challenge=123`);
    expect(verify.status).toBe(403);
    const huge = await fetch(webhookUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(1_100_000),
    });
    expect(huge.status).toBe(413);
  });
});
