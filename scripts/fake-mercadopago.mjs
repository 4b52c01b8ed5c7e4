#!/usr/bin/env node
/**
 * A local stand-in for Mercado Pago's API and Checkout Pro page, speaking its HTTP protocol: what the shop calls
 * (preferences, payments, payment search, refunds, with Bearer tokens and X-Idempotency-Key) and what Mercado Pago
 * calls back (webhooks signed as Mercado Pago signs them: x-signature `ts=…,v1=…`, HMAC-SHA256 of
 * `id:<data.id>;request-id:<x-request-id>;ts:<ts>;`). The API tests, the browser test and the demo point
 * MERCADOPAGO_API_URL here; nothing reaches the internet.
 *
 * As a module: `startFakeMercadoPago({ accessToken, webhookSecret, port })` → `{ url, close, state }`.
 * As a program: `node scripts/fake-mercadopago.mjs` (FAKE_MERCADOPAGO_PORT, MERCADOPAGO_ACCESS_TOKEN,
 * MERCADOPAGO_WEBHOOK_SECRET from the environment).
 *
 * Test controls (not Mercado Pago's, under /__control): create or change a payment and notify the shop, send a
 * webhook with a chosen signature or age, take the API "down", read what the shop sent. The in-person API (Point
 * terminals and dynamic QR through the Orders API, and its controls) is in lib/fake-mercadopago-in-person.mjs.
 */
import { randomBytes, randomInt } from 'node:crypto';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { checkoutPage, html, json, postSignedWebhook, preferenceAmount, readBody, signWebhook } from './lib/fake-mercadopago-http.mjs';
import { inPersonApi } from './lib/fake-mercadopago-in-person.mjs';

export { signWebhook };

export async function startFakeMercadoPago({ accessToken, webhookSecret, port = 0, host = '127.0.0.1' } = {}) {
  const state = {
    preferences: new Map(),
    payments: new Map(),
    /** X-Idempotency-Key → the answer first given with it (per path). */
    idempotent: new Map(),
    /** Every call the shop made: { method, path, idempotencyKey, body }. */
    calls: [],
    /** Every webhook sent: { paymentId, status, answer } (answer: the shop's HTTP status). */
    webhooks: [],
    down: false,
    failRefunds: false,
    /** Milliseconds every API answer is held back (a slow Mercado Pago on a busy night); 0 = at once. */
    delayMs: 0,
  };
  const inPerson = inPersonApi({ state, webhookSecret });
  // Payment ids start at a random point, as Mercado Pago's are unique across its accounts: two fakes feeding shops on
  // one database (test files in parallel) must not both give payment 1000000001 (the shop would take it as a
  // repeated notice of a payment it already applied); below 2^31, as ids the shop may keep in an integer column.
  let nextPaymentId = 1_000_000_001 + randomInt(0, 1_000_000_000);
  let baseUrl = '';

  /** Sends the shop the webhook of one payment; returns the shop's HTTP status (0 when unreachable). */
  async function notify(payment, { secret = webhookSecret, ...delivery } = {}) {
    const preference = state.preferences.get(payment.preference_id);
    const target = payment.notification_url ?? preference?.notification_url;
    if (!target) return 0;
    const body = {
      action: 'payment.updated',
      api_version: 'v1',
      data: { id: String(payment.id) },
      date_created: new Date().toISOString(),
      id: Date.now(),
      live_mode: false,
      type: 'payment',
      user_id: '123456789',
    };
    // `delivery`: how the notice goes out (tsOffsetSeconds, tamper, requestId), as postSignedWebhook takes it.
    const answer = await postSignedWebhook(target, { ...delivery, secret, dataId: payment.id, topic: 'payment', body });
    state.webhooks.push({ paymentId: payment.id, status: payment.status, answer });
    return answer;
  }

  function createPayment(preference, { status = 'approved', status_detail, amount, currency = 'ARS', installments = 1 } = {}) {
    const id = nextPaymentId++;
    const payment = {
      id,
      status,
      status_detail: status_detail ?? (status === 'approved' ? 'accredited' : status === 'rejected' ? 'cc_rejected_other_reason' : status),
      external_reference: preference?.external_reference ?? null,
      transaction_amount: amount ?? (preference ? preferenceAmount(preference) : 0),
      currency_id: currency,
      installments,
      date_created: new Date().toISOString(),
      date_approved: status === 'approved' ? new Date().toISOString() : null,
      transaction_amount_refunded: 0,
      refunds: [],
      preference_id: preference?.id ?? null,
      notification_url: preference?.notification_url ?? null,
    };
    state.payments.set(String(id), payment);
    return payment;
  }

  /** The payment as Mercado Pago's API shows it (without the fake's own bookkeeping). */
  const HIDDEN = new Set(['preference_id', 'notification_url']);
  const publicPayment = (payment) => Object.fromEntries(Object.entries(payment).filter(([key]) => !HIDDEN.has(key)));

  function authorized(req) {
    return req.headers.authorization === `Bearer ${accessToken}`;
  }

  /** Mercado Pago answers a repeated X-Idempotency-Key with its first answer. */
  function idempotent(req, path, make) {
    const key = req.headers['x-idempotency-key'];
    if (key && state.idempotent.has(`${path} ${key}`)) return state.idempotent.get(`${path} ${key}`);
    const answer = make();
    if (key && answer[0] < 300) state.idempotent.set(`${path} ${key}`, answer);
    return answer;
  }

  async function handle(req, res) {
    const url = new URL(req.url, baseUrl);
    const path = url.pathname;
    // --- Checkout Pro's page (what the shopper sees) ---
    if (req.method === 'GET' && path === '/checkout/v1/redirect') {
      const preference = state.preferences.get(url.searchParams.get('pref_id') ?? '');
      return preference ? html(res, 200, checkoutPage(preference)) : html(res, 404, '<p>Preferencia inexistente</p>');
    }
    if (req.method === 'POST' && path === '/checkout/v1/pay') {
      const form = await readBody(req);
      const preference = state.preferences.get(form.pref_id ?? '');
      if (!preference) return html(res, 404, '<p>Preferencia inexistente</p>');
      const payment = createPayment(preference, {
        status: form.outcome === 'rejected' ? 'rejected' : 'approved',
        installments: Number(form.installments) || 1,
      });
      await notify(payment);
      const back = payment.status === 'approved' ? preference.back_urls.success : preference.back_urls.failure;
      const query = new URLSearchParams({
        collection_id: String(payment.id),
        collection_status: payment.status,
        payment_id: String(payment.id),
        status: payment.status,
        external_reference: preference.external_reference ?? '',
        preference_id: preference.id,
      });
      res.writeHead(302, { Location: `${back}${back.includes('?') ? '&' : '?'}${query}` });
      return res.end();
    }
    // --- Test controls ---
    if (path.startsWith('/__control/')) return control(req, res, url);
    // --- The API ---
    if (!authorized(req)) return json(res, 401, { message: 'invalid access token', error: 'unauthorized', status: 401 });
    const body = req.method === 'POST' ? await readBody(req).catch(() => null) : null;
    state.calls.push({ method: req.method, path, query: url.search, idempotencyKey: req.headers['x-idempotency-key'] ?? null, body });
    if (state.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
    if (state.down) return json(res, 500, { message: 'internal_error', error: 'internal_error', status: 500 });
    if (await inPerson.api(req, res, path, body)) return;
    if (req.method === 'POST' && path === '/checkout/preferences') {
      if (!body || !Array.isArray(body.items) || body.items.length === 0)
        return json(res, 400, { message: 'items needed', error: 'bad_request', status: 400 });
      const [status, answer] = idempotent(req, path, () => {
        const id = `${Date.now()}-${randomBytes(6).toString('hex')}`;
        const preference = {
          ...body,
          id,
          init_point: `${baseUrl}/checkout/v1/redirect?pref_id=${id}`,
          date_created: new Date().toISOString(),
        };
        state.preferences.set(id, preference);
        return [201, preference];
      });
      return json(res, status, answer);
    }
    if (req.method === 'GET' && path === '/v1/payments/search') {
      const reference = url.searchParams.get('external_reference');
      const results = [...state.payments.values()]
        .filter((p) => reference === null || p.external_reference === reference)
        .sort((a, b) => b.id - a.id)
        .map(publicPayment);
      return json(res, 200, { results, paging: { total: results.length, limit: 30, offset: 0 } });
    }
    const refund = path.match(/^\/v1\/payments\/(\d+)\/refunds$/);
    if (req.method === 'GET' && refund) {
      const payment = state.payments.get(refund[1]);
      if (!payment) return json(res, 404, { message: 'Payment not found', error: 'not_found', status: 404 });
      return json(res, 200, payment.refunds ?? []);
    }
    if (req.method === 'POST' && refund) {
      const payment = state.payments.get(refund[1]);
      if (!payment) return json(res, 404, { message: 'Payment not found', error: 'not_found', status: 404 });
      if (state.failRefunds)
        return json(res, 400, { message: 'Payment cannot be refunded: insufficient balance', error: 'bad_request', status: 400 });
      // As Mercado Pago: `{amount}` refunds part of the payment, an empty body what is left of it. The payment stays
      // approved (status_detail partially_refunded) until nothing is left, then it is refunded.
      const [status, answer] = idempotent(req, path, () => {
        if (payment.status !== 'approved')
          return [400, { message: `Payment in status ${payment.status} cannot be refunded`, error: 'bad_request', status: 400 }];
        const left = Math.round((payment.transaction_amount - (payment.transaction_amount_refunded ?? 0)) * 100) / 100;
        const asked = body && body.amount !== undefined ? Number(body.amount) : left;
        if (!Number.isFinite(asked) || asked <= 0)
          return [400, { message: 'Invalid refund amount', error: 'invalid_refund_amount', status: 400 }];
        if (asked > left + 0.001)
          return [400, { message: 'The amount to refund is greater than the available amount', error: 'amount_exceeded', status: 400 }];
        const made = {
          id: nextPaymentId++,
          payment_id: payment.id,
          amount: asked,
          status: 'approved',
          source: { type: 'collector' },
          date_created: new Date().toISOString(),
          unique_sequence_number: null,
        };
        payment.refunds = [...(payment.refunds ?? []), made];
        payment.transaction_amount_refunded = Math.round(((payment.transaction_amount_refunded ?? 0) + asked) * 100) / 100;
        const whole = payment.transaction_amount_refunded >= payment.transaction_amount - 0.001;
        payment.status = whole ? 'refunded' : 'approved';
        payment.status_detail = whole ? 'refunded' : 'partially_refunded';
        return [201, made];
      });
      // Mercado Pago notifies on its own schedule, after answering.
      if (status < 300) setTimeout(() => void notify(payment), 20);
      return json(res, status, answer);
    }
    const single = path.match(/^\/v1\/payments\/(\d+)$/);
    if (req.method === 'GET' && single) {
      const payment = state.payments.get(single[1]);
      return payment
        ? json(res, 200, publicPayment(payment))
        : json(res, 404, { message: 'Payment not found', error: 'not_found', status: 404 });
    }
    return json(res, 404, { message: 'resource not found', error: 'not_found', status: 404 });
  }

  async function control(req, res, url) {
    const body = req.method === 'POST' ? await readBody(req) : {};
    const path = url.pathname;
    if (await inPerson.control(res, path, body)) return;
    if (path === '/__control/state') {
      return json(res, 200, {
        preferences: [...state.preferences.values()],
        payments: [...state.payments.values()].map(publicPayment),
        calls: state.calls,
        webhooks: state.webhooks,
      });
    }
    if (path === '/__control/mode') {
      if (typeof body.down === 'boolean') state.down = body.down;
      if (typeof body.failRefunds === 'boolean') state.failRefunds = body.failRefunds;
      if (Number.isInteger(body.delayMs) && body.delayMs >= 0) state.delayMs = body.delayMs;
      return json(res, 200, { down: state.down, failRefunds: state.failRefunds, delayMs: state.delayMs });
    }
    // { externalReference, status, amount?, currency?, installments?, notify?: false } → a payment of that order's preference.
    if (path === '/__control/payments') {
      const preference = [...state.preferences.values()].reverse().find((p) => p.external_reference === body.externalReference);
      if (!preference && !body.notificationUrl) return json(res, 404, { message: 'no preference for that order' });
      const payment = createPayment(preference, body);
      // A payment of no preference of this shop (another shop's order): its reference and where to notify are given.
      if (!preference)
        Object.assign(payment, { external_reference: body.externalReference ?? null, notification_url: body.notificationUrl });
      const answer = body.notify === false ? null : await notify(payment);
      return json(res, 201, { payment: publicPayment(payment), webhookAnswer: answer });
    }
    const [, action, paymentId] = path.match(/^\/__control\/(payments|notify)\/(\d+)$/) ?? [];
    if (action) {
      const payment = state.payments.get(paymentId);
      if (!payment) return json(res, 404, { message: 'no such payment' });
      // /__control/notify/:id { tsOffsetSeconds?, secret?, tamper?, requestId? } → the payment's webhook sent again, signed as asked.
      if (action === 'notify') return json(res, 200, { webhookAnswer: await notify(payment, body) });
      // /__control/payments/:id { status, status_detail?, notify?: false } → the payment changes (a refund, a chargeback…).
      payment.status = body.status ?? payment.status;
      payment.status_detail = body.status_detail ?? payment.status;
      const answer = body.notify === false ? null : await notify(payment);
      return json(res, 200, { payment: publicPayment(payment), webhookAnswer: answer });
    }
    return json(res, 404, { message: 'unknown control' });
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err) => json(res, 500, { message: String(err?.message ?? err) }));
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  const address = server.address();
  baseUrl = `http://${host}:${address.port}`;
  return {
    url: baseUrl,
    state,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const fake = await startFakeMercadoPago({
    accessToken: process.env.MERCADOPAGO_ACCESS_TOKEN ?? 'TEST-fake-access-token',
    webhookSecret: process.env.MERCADOPAGO_WEBHOOK_SECRET ?? 'fake-webhook-secret',
    port: Number(process.env.FAKE_MERCADOPAGO_PORT ?? 4399),
  });
  console.log(`Mercado Pago simulado en ${fake.url}`);
  const stop = () => fake.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
