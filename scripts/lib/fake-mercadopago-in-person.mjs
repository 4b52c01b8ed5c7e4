// Mercado Pago's in-person payments as scripts/fake-mercadopago.mjs serves them: the Orders API for Point terminals
// and dynamic QR (POST /v1/orders with type "point" or "qr", GET /v1/orders/{id}, POST /v1/orders/{id}/cancel), the
// terminals' list (GET /terminals/v1/list), and the "order" webhooks (x-signature as for payments), written from
// Mercado Pago's public documentation of the Orders API. Where the fake is simpler than Mercado Pago (or unsure):
// any QR external_pos_id is accepted (Mercado Pago needs the POS created first); a point order stays "created" until
// the control moves it (`at_terminal`) or settles it; a cancel of an "at_terminal" order needs the header
// x-allow-cancelable-status: at_terminal and is answered 202, the order turning "canceled" a moment later (notified).
import { randomBytes } from 'node:crypto';
import { json, postSignedWebhook } from './fake-mercadopago-http.mjs';

const ULID = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const ulid = () => [...randomBytes(26)].map((b) => ULID[b % 32]).join('');
const money = (value) => (Math.round(Number(value) * 100) / 100).toFixed(2);
/** Answers and says the request was handled. */
function reply(res, status, body) {
  json(res, status, body);
  return true;
}
const fail = (res, status, code, message) => reply(res, status, { errors: [{ code, message, details: [] }] });

/** What a refused card's payment says when the control gives no status_detail. */
const DEFAULT_REFUSAL = 'cc_rejected_other_reason';

export function inPersonApi({ state, webhookSecret }) {
  const inPerson = {
    /** The account's Point terminals (PDV mode), as GET /terminals/v1/list lists them. */
    terminals: [{ id: 'NEWLAND_N950__N950NCB801293324', pos_id: 1001, store_id: 2001, external_pos_id: 'CAJA1', operating_mode: 'PDV' }],
    orders: new Map(),
    /** Where Mercado Pago sends the "order" notifications (set in the application's Webhooks settings). */
    webhookUrl: null,
    /** Every order webhook sent: { orderId, status, answer }. */
    webhooks: [],
  };
  state.inPerson = inPerson;

  const touch = (order, status, detail, paymentStatus, paymentDetail) => {
    order.status = status;
    order.status_detail = detail;
    const payment = order.transactions.payments[0];
    payment.status = paymentStatus;
    payment.status_detail = paymentDetail;
    order.last_updated_date = new Date().toISOString();
  };

  /** Sends the shop the order's webhook; the shop's HTTP status (0 when unreachable). */
  async function notify(order, delivery = {}) {
    if (!inPerson.webhookUrl) return 0;
    const body = {
      action: `order.${order.status}`,
      api_version: 'v1',
      application_id: '1234567890',
      data: {
        id: order.id,
        external_reference: order.external_reference,
        status: order.status,
        status_detail: order.status_detail,
        type: order.type,
      },
      date_created: new Date().toISOString(),
      live_mode: false,
      type: 'order',
      user_id: '123456789',
    };
    // `delivery`: how the notice goes out (tsOffsetSeconds, tamper, requestId), as postSignedWebhook takes it.
    const answer = await postSignedWebhook(inPerson.webhookUrl, {
      ...delivery,
      secret: webhookSecret,
      dataId: order.id,
      topic: 'order',
      body,
    });
    inPerson.webhooks.push({ orderId: order.id, status: order.status, answer });
    return answer;
  }

  /** `times` deliveries of the order's webhook, the first after `delayMs` (a late notice); the shop's answers. */
  async function notifyTimes(order, { times = 1, delayMs = 0, ...options } = {}) {
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    const answers = [];
    for (let i = 0; i < Math.min(Number(times) || 1, 20); i++) answers.push(await notify(order, options));
    return answers;
  }

  function createOrder(body) {
    const type = body?.type;
    const amount = Number(body?.transactions?.payments?.[0]?.amount);
    if (type !== 'point' && type !== 'qr') return [400, 'invalid_type', 'type must be point or qr'];
    if (!Number.isFinite(amount) || amount <= 0) return [400, 'invalid_amount', 'transactions.payments[0].amount is invalid'];
    if (type === 'point' && !inPerson.terminals.some((t) => t.id === body?.config?.point?.terminal_id))
      return [404, 'terminal_not_found', 'terminal not found'];
    if (type === 'qr' && (!body?.config?.qr?.external_pos_id || body.config.qr.mode !== 'dynamic'))
      return [400, 'invalid_config', 'config.qr.external_pos_id and mode dynamic are required'];
    const id = `ORD${ulid()}`;
    const now = new Date().toISOString();
    const order = {
      id,
      type,
      processing_mode: 'automatic',
      external_reference: body.external_reference ?? null,
      description: body.description ?? null,
      expiration_time: body.expiration_time ?? 'PT15M',
      country_code: 'ARG',
      user_id: '123456789',
      status: 'created',
      status_detail: 'created',
      currency: 'ARS',
      created_date: now,
      last_updated_date: now,
      integration_data: { application_id: '1234567890' },
      transactions: { payments: [{ id: `PAY${ulid()}`, amount: money(amount), status: 'created', status_detail: 'ready_to_process' }] },
      config: body.config,
      ...(type === 'qr'
        ? { type_response: { qr_data: `00020101021243650016COM.MERCADOLIBRE0201306364${id}5204970053030325802AR6304ABCD` } }
        : {}),
    };
    inPerson.orders.set(id, order);
    return [201, order];
  }

  /** The in-person API; false when the path is not one of its endpoints. */
  async function api(req, res, path, body) {
    if (req.method === 'GET' && path === '/terminals/v1/list') {
      return reply(res, 200, {
        data: { terminals: inPerson.terminals },
        paging: { total: inPerson.terminals.length, offset: 0, limit: 50 },
      });
    }
    if (req.method === 'POST' && path === '/v1/orders') {
      const key = req.headers['x-idempotency-key'];
      if (!key) return fail(res, 400, 'idempotency_key_required', 'X-Idempotency-Key header is required');
      const remembered = state.idempotent.get(`${path} ${key}`);
      const [status, answer, message] = remembered ?? createOrder(body);
      if (status >= 300) return fail(res, status, answer, message);
      state.idempotent.set(`${path} ${key}`, [status, answer]);
      return reply(res, status, answer);
    }
    const [, id, cancel] = path.match(/^\/v1\/orders\/([A-Za-z0-9]+)(\/cancel)?$/) ?? [];
    if (!id) return false;
    const order = inPerson.orders.get(id);
    if (!order) return fail(res, 404, 'order_not_found', 'order not found');
    if (req.method === 'GET' && !cancel) return reply(res, 200, order);
    if (req.method !== 'POST' || !cancel) return false;
    if (!req.headers['x-idempotency-key']) return fail(res, 400, 'idempotency_key_required', 'X-Idempotency-Key header is required');
    if (order.status === 'canceled') return reply(res, 200, order);
    if (order.status === 'created') {
      touch(order, 'canceled', 'canceled', 'canceled', 'canceled_by_api');
      setTimeout(() => void notify(order), 20);
      return reply(res, 200, order);
    }
    if (order.status === 'at_terminal' && req.headers['x-allow-cancelable-status'] === 'at_terminal') {
      // Accepted: the terminal drops it a moment later, and Mercado Pago notifies the cancellation.
      setTimeout(() => {
        if (order.status !== 'at_terminal') return;
        touch(order, 'canceled', 'canceled', 'canceled', 'canceled_by_api');
        void notify(order);
      }, 50);
      return reply(res, 202, order);
    }
    return fail(res, 409, 'cannot_cancel_order', `order in status ${order.status} cannot be canceled`);
  }

  /**
   * Test controls: /__control/orders/:id {action: at_terminal | approve | refuse | cancel | expire, status_detail?,
   * notify?: false, times?, delayMs?} settles the order as the terminal or the wallet would and notifies the shop
   * (`times` deliveries, `delayMs` late); /__control/notify-order/:id {times?, tsOffsetSeconds?, tamper?} notifies
   * again; /__control/in-person {webhookUrl?, terminals?} sets where notices go and the account's terminals.
   */
  async function control(res, path, body) {
    if (path === '/__control/in-person') {
      if (typeof body.webhookUrl === 'string') inPerson.webhookUrl = body.webhookUrl;
      if (Array.isArray(body.terminals)) inPerson.terminals = body.terminals;
      const { webhookUrl, terminals, webhooks } = inPerson;
      return reply(res, 200, { webhookUrl, terminals, orders: [...inPerson.orders.values()], webhooks });
    }
    const [, action, id] = path.match(/^\/__control\/(orders|notify-order)\/([A-Za-z0-9]+)$/) ?? [];
    if (!action) return false;
    const order = inPerson.orders.get(id);
    if (!order) return reply(res, 404, { message: 'no such order' });
    if (action === 'notify-order') return reply(res, 200, { webhookAnswers: await notifyTimes(order, body) });
    const detail = body.status_detail;
    if (body.action === 'at_terminal') touch(order, 'at_terminal', 'at_terminal', 'at_terminal', 'at_terminal');
    else if (body.action === 'approve') touch(order, 'processed', 'accredited', 'processed', 'accredited');
    else if (body.action === 'refuse') touch(order, 'failed', 'failed', 'failed', detail ?? DEFAULT_REFUSAL);
    else if (body.action === 'cancel') touch(order, 'canceled', 'canceled', 'canceled', 'canceled_on_terminal');
    else if (body.action === 'expire') touch(order, 'expired', 'expired', 'expired', 'expired');
    else return reply(res, 400, { message: 'unknown action' });
    if (body.notify === false) return reply(res, 200, { order, webhookAnswers: [] });
    if (body.delayMs > 0) {
      void notifyTimes(order, body);
      return reply(res, 200, { order, webhookAnswers: [] });
    }
    return reply(res, 200, { order, webhookAnswers: await notifyTimes(order, body) });
  }

  return { api, control };
}
