#!/usr/bin/env node
/**
 * A local stand-in for Meta's WhatsApp Business Platform Cloud API (graph.facebook.com), speaking its HTTP protocol as
 * Meta's public developer docs describe it. The API tests and the browser tests point the shop's Graph base URL here.
 *
 * - `POST /{version}/{phone-number-id}/messages` (any `v<major>.<minor>`, or none), `Authorization: Bearer <token>`
 *   (or `?access_token=`), JSON `{messaging_product: 'whatsapp', recipient_type?, to, type: 'text' | 'template',
 *   text: {body} | template: {name, language: {code, policy?}, components?: [{type: 'body' | 'header', parameters:
 *   [{type: 'text', text}]}]}}` (type defaults to text, as Meta's). 200 `{messaging_product, contacts: [{input, wa_id}],
 *   messages: [{id: 'wamid.…', message_status?: 'accepted'}]}` (message_status on templates). Meta accepts a send to a
 *   number that is not on WhatsApp, or a text outside the 24-hour window, and reports it later as a `failed` status.
 *   `{messaging_product, status: 'read', message_id}` marks a shopper's message read: `{success: true}`.
 * - `GET /{version}/{waba-id}/message_templates?limit&after&fields&name&status&language&category` → `{data: [{name,
 *   parameter_format, components: [{type: 'BODY', text}], language, status, category, id}], paging: {cursors: {before,
 *   after}, next?}}`. `GET /{version}/{phone-number-id}` → the number (verified_name, display_phone_number, …).
 * - Errors are Graph's: `{error: {message, type, code, error_subcode?, error_data?: {messaging_product, details},
 *   fbtrace_id}}`. No token: 400 code 104; a wrong one: 401 code 190 (and `WWW-Authenticate`); an id the token cannot
 *   see: 400 code 100 subcode 33 (GraphMethodException); a bad parameter: 400 code 100; a missing one: 400 code 131008;
 *   a new line, tab or 5+ spaces in a template parameter: 400 code 132018; a template not APPROVED in that language:
 *   400 code 132001 (PAUSED: 132015, DISABLED: 132016); parameters not matching the template's `{{n}}`: 400 code
 *   132000. The `mode` control: 429 code 130429, 500 code 131000, 503 code 2 (is_transient), or the `code` asked
 *   (131056 pair rate limit, 131048 spam rate limit).
 * - Webhooks (field `messages`), POSTed to the target with `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw
 *   body with the app secret>` (and the older `X-Hub-Signature: sha1=…`): `{object: 'whatsapp_business_account', entry:
 *   [{id: <waba id>, changes: [{value: {messaging_product, metadata: {display_phone_number, phone_number_id}, statuses:
 *   [{id, status, timestamp, recipient_id, conversation?, pricing?, errors?}] | contacts: [{profile: {name}, wa_id}],
 *   messages: [{from, id, timestamp, type: 'text', text: {body}}]}, field: 'messages'}]}]}`. After each accepted send
 *   (auto statuses on): `sent` then `delivered`; or one `failed`, code 131026 (a number marked not on WhatsApp) or 131047
 *   (a text with no message from that number in the last 24 hours). Anything but a 200 is retried (Meta: for days; the
 *   fake: `retries` times, `retryDelayMs` × attempt apart). The body is written as Meta writes it (non-ASCII as \uXXXX,
 *   `/` as `\/`): the signature only matches over the raw bytes.
 *
 * Where the shapes are not certain (Meta's docs do not settle them): the HTTP status of no token (400 here) and of the
 * 130429 throughput error (the control's status, 429 here; Meta may answer it as 400); which missing parameters answer
 * 100 and which 131008 (only messaging_product is known to be 100); the `details` strings (from Meta's tables, partly
 * paraphrased); that `conversation` still comes with per-message pricing (PMP) statuses, and its `origin.type`; the
 * wamid's inner layout (opaque base64 here); wa_id equal to the digits sent (Meta may rewrite some Argentine numbers,
 * e.g. with or without the 9 after 54); the template list's default limit (25), cursors (opaque here), filters and
 * `fields`; the \u escaping of webhook bodies (seen in Meta's deliveries, not in the docs); the phone number's fields.
 *
 * As a module: `startFakeWhatsApp({ accessToken, appSecret, phoneNumberId, wabaId, displayPhoneNumber, port })` →
 * `{ url, state, close, setWebhook, sendInbound, sendStatus, verify, reset, idle, sign }`. As a program: `node
 * scripts/fake-whatsapp.mjs` (FAKE_WHATSAPP_PORT, WHATSAPP_ACCESS_TOKEN, WHATSAPP_APP_SECRET, WHATSAPP_PHONE_NUMBER_ID,
 * WHATSAPP_BUSINESS_ACCOUNT_ID; FAKE_WHATSAPP_WEBHOOK_URL and WHATSAPP_WEBHOOK_VERIFY_TOKEN optional).
 *
 * Test controls (not Meta's, under /__control, POST with JSON; `status` in their answers is the shop's HTTP status, 0
 * when unreachable): `state`; `mode` {status: 429 | 500 | 503 | 0, times?, delayMs?, code?}; `webhook` {url, verifyToken?,
 * autoStatuses?, retries?, retryDelayMs?, statusDelayMs?}; `verify` {url?, verifyToken?} (Meta's GET handshake);
 * `inbound` {from, name?, text, id?, hoursAgo?} (the same id again re-sends the same bytes, as Meta's duplicates);
 * `status` {messageId, status: 'sent' | 'delivered' | 'read' | 'failed', errors?, code?}; `notOnWhatsApp` {numbers};
 * `templates` {data} (replaces the list; `body` is a shorthand for one BODY component); `reset` (all but the webhook
 * target); `forged` {url?, missing?} (signed with a wrong secret, or not at all); `idle` (waits for pending webhooks).
 * Graph side: scripts/lib/fake-whatsapp-graph.mjs; webhooks: scripts/lib/fake-whatsapp-webhooks.mjs; controls:
 * scripts/lib/fake-whatsapp-controls.mjs.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { createControls } from './lib/fake-whatsapp-controls.mjs';
import {
  checkSend,
  defaultTemplates,
  digitsOf,
  graphError,
  listTemplates,
  outage,
  unsupported,
  wamid,
} from './lib/fake-whatsapp-graph.mjs';
import {
  createWebhookSender,
  deliveryError,
  envelope,
  metaJson,
  seconds,
  signature256,
  statusObject,
  verifyHandshake,
} from './lib/fake-whatsapp-webhooks.mjs';

export { signature256 };

const WINDOW_MS = 24 * 3_600_000;
const STATUSES = ['sent', 'delivered', 'read', 'failed'];

const json = (res, status, body, headers = {}) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
  res.end(JSON.stringify(body));
};

/** A JSON object body; {} when empty, null when it is not a JSON object. */
async function readJson(req) {
  let text = '';
  for await (const chunk of req) {
    text += chunk;
    if (text.length > 1_000_000) break;
  }
  if (text.trim() === '') return {};
  try {
    const parsed = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export async function startFakeWhatsApp({
  accessToken = 'token-de-prueba',
  appSecret = 'secreto-de-app',
  phoneNumberId = '109876543210987',
  wabaId = '102030405060708',
  displayPhoneNumber = '5492994000000',
  webhookUrl = null,
  verifyToken = null,
  autoStatuses = true,
  statusDelayMs = 10,
  webhookRetries = 2,
  webhookRetryDelayMs = 50,
  port = 0,
  host = '127.0.0.1',
} = {}) {
  const business = { wabaId, phoneNumberId, displayPhoneNumber };
  const state = {
    business,
    /** Every message the fake accepted, oldest first. */
    messages: [],
    /** Every message a shopper "sent" (the `inbound` control). */
    inbound: [],
    /** wa_id → when that shopper last wrote (ms): the 24-hour customer-service window. */
    lastInbound: new Map(),
    /** Every webhook attempt and the shop's answer. */
    webhookDeliveries: [],
    templates: defaultTemplates(),
    notOnWhatsApp: new Set(),
    webhook: { url: webhookUrl, verifyToken, autoStatuses, retries: webhookRetries, retryDelayMs: webhookRetryDelayMs, statusDelayMs },
    mode: { status: 0, times: 0, delayMs: 0 },
    /** Every Graph API call: { method, path, answer }. */
    calls: [],
    /** Ids of shopper messages the shop marked read. */
    reads: [],
  };
  const sender = createWebhookSender({ state, appSecret });
  let closed = false;
  let baseUrl = '';

  const deliver = (payload, meta) =>
    sender.deliver(payload, { url: state.webhook.url, retries: state.webhook.retries, retryDelayMs: state.webhook.retryDelayMs, ...meta });

  /** Sends the webhook of one status of a message (recorded on the message too); the shop's HTTP status, null if no target. */
  async function sendStatus(message, status, errors) {
    const entry = statusObject(message, status, errors);
    message.statuses.push({ status, at: Date.now(), ...(entry.errors ? { errors: entry.errors } : {}) });
    if (!state.webhook.url) return null;
    return deliver(envelope(business, { statuses: [entry] }), { kind: 'status', messageId: message.id, status });
  }

  function followUp(message) {
    if (!state.webhook.url || !state.webhook.autoStatuses) return;
    sender.background(async () => {
      const signal = sender.signal();
      for (const step of message.failure ? ['failed'] : ['sent', 'delivered']) {
        await sender.sleep(state.webhook.statusDelayMs);
        if (signal.aborted || closed) return;
        await sendStatus(message, step, message.failure ? [deliveryError(message.failure)] : undefined);
      }
    });
  }

  async function send(req, reply) {
    const request = await readJson(req);
    if (request?.status === 'read' && request.messaging_product === 'whatsapp') {
      if (!state.inbound.some((m) => m.id === request.message_id))
        return reply(400, graphError(100, '(#100) Invalid parameter', { details: 'Unknown message_id.' }));
      state.reads.push(request.message_id);
      return reply(200, { success: true });
    }
    const checked = checkSend(request, state.templates);
    if (checked.fail) return reply(...checked.fail);
    const { to, input, ...rest } = checked.message;
    const now = Date.now();
    const inWindow = now - (state.lastInbound.get(to) ?? -Infinity) < WINDOW_MS;
    const failure = state.notOnWhatsApp.has(to) ? 131026 : rest.type === 'text' && !inWindow ? 131047 : null;
    const id = wamid(to);
    const message = {
      id,
      to,
      waId: to,
      ...rest,
      at: now,
      inWindow,
      failure,
      conversationId: randomBytes(16).toString('hex'),
      statuses: [],
    };
    state.messages.push(message);
    followUp(message);
    return reply(200, {
      messaging_product: 'whatsapp',
      contacts: [{ input, wa_id: to }],
      messages: [rest.type === 'template' ? { id, message_status: 'accepted' } : { id }],
    });
  }

  async function graph(req, res, url) {
    const call = { method: req.method, path: url.pathname, answer: 0 };
    state.calls.push(call);
    const reply = (status, body, headers) => {
      call.answer = status;
      json(res, status, body, headers);
    };
    if (state.mode.delayMs > 0) await sender.sleep(state.mode.delayMs);
    const token = /^Bearer\s+(\S+)$/i.exec(String(req.headers.authorization ?? ''))?.[1] ?? url.searchParams.get('access_token');
    if (!token) return reply(400, graphError(104, 'An access token is required to request this resource.'));
    if (token !== accessToken) {
      const message = 'Invalid OAuth access token - Cannot parse access token';
      return reply(401, graphError(190, message), { 'www-authenticate': `OAuth "Facebook Platform" "invalid_token" "${message}"` });
    }
    const [, id, edge] = /^(?:\/v\d+\.\d+)?\/([^/]+)(?:\/([^/]+))?\/?$/.exec(url.pathname) ?? [];
    if (req.method === 'POST' && id === phoneNumberId && edge === 'messages') {
      if (state.mode.status && state.mode.times > 0) {
        const { status, code } = state.mode;
        state.mode.times -= 1;
        if (state.mode.times === 0) state.mode.status = 0;
        return reply(status, outage(status, code));
      }
      return send(req, reply);
    }
    if (req.method === 'GET' && id === wabaId && edge === 'message_templates') return reply(...listTemplates(state.templates, url));
    if (req.method === 'GET' && id === phoneNumberId && !edge) {
      return reply(200, {
        verified_name: 'Tienda de prueba',
        code_verification_status: 'VERIFIED',
        display_phone_number: `+${displayPhoneNumber}`,
        quality_rating: 'GREEN',
        platform_type: 'CLOUD_API',
        throughput: { level: 'STANDARD' },
        id: phoneNumberId,
      });
    }
    return reply(400, unsupported(req.method, id ?? ''));
  }

  async function sendInbound({ from, name = 'Cliente de prueba', text, id, hoursAgo = 0 } = {}) {
    const known = id ? state.inbound.find((m) => m.id === id) : undefined;
    if (known) {
      const status = state.webhook.url ? await deliver(known.payload, { kind: 'message', messageId: id, raw: known.raw }) : null;
      return { id, status };
    }
    const number = digitsOf(from);
    if (!/^\d{8,15}$/.test(number)) return { error: 'from must be a phone number (digits)' };
    if (typeof text !== 'string' || text === '') return { error: 'text is required' };
    const at = Date.now() - Number(hoursAgo || 0) * 3_600_000;
    const messageId = id ?? wamid(number);
    const payload = envelope(business, {
      contacts: [{ profile: { name: String(name) }, wa_id: number }],
      messages: [{ from: number, id: messageId, timestamp: seconds(at), type: 'text', text: { body: text } }],
    });
    const raw = metaJson(payload);
    state.inbound.push({ id: messageId, from: number, name: String(name), text, at, payload, raw });
    state.lastInbound.set(number, Math.max(state.lastInbound.get(number) ?? 0, at));
    return { id: messageId, status: state.webhook.url ? await deliver(payload, { kind: 'message', messageId, raw }) : null };
  }

  const verify = ({ url = state.webhook.url, verifyToken: token = state.webhook.verifyToken } = {}) => verifyHandshake(url, token);

  function setWebhook(url, token, options = {}) {
    state.webhook.url = url || null;
    if (token !== undefined) state.webhook.verifyToken = token;
    for (const key of ['autoStatuses', 'retries', 'retryDelayMs', 'statusDelayMs']) {
      if (options[key] !== undefined)
        state.webhook[key] = key === 'autoStatuses' ? options[key] !== false : Math.max(0, Number(options[key]) || 0);
    }
    return state.webhook;
  }

  function reset() {
    sender.stop();
    for (const list of [state.messages, state.inbound, state.webhookDeliveries, state.calls, state.reads]) list.length = 0;
    state.lastInbound.clear();
    state.templates = defaultTemplates();
    state.notOnWhatsApp = new Set();
    state.mode = { status: 0, times: 0, delayMs: 0 };
  }

  /** A status of a message the fake accepted, by its id (a `failed` one with `errors`, or `code`'s, or 131026's). */
  async function statusOf({ messageId, status, errors, code } = {}) {
    const message = state.messages.find((m) => m.id === messageId);
    if (!message) return { error: `unknown messageId ${messageId}` };
    if (!STATUSES.includes(status)) return { error: `status must be one of ${STATUSES.join(', ')}` };
    const failed = Array.isArray(errors) && errors.length ? errors : [deliveryError(Number(code) || 131026)];
    return { messageId, messageStatus: status, status: await sendStatus(message, status, status === 'failed' ? failed : undefined) };
  }

  const control = createControls({ state, business, sender, setWebhook, verify, sendInbound, statusOf, reset });

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', baseUrl || 'http://fake');
    const controlName = url.pathname.startsWith('/__control/') ? url.pathname.slice('/__control/'.length) : null;
    if (controlName !== null && req.method !== 'POST') return json(res, 405, { error: 'controls take POST' });
    const work =
      controlName !== null
        ? readJson(req).then(async (body) => json(res, ...(await control(controlName, body ?? {}))))
        : graph(req, res, url);
    work.catch((error) => {
      if (!res.headersSent) json(res, 500, graphError(1, `(#1) An unknown error occurred: ${String(error?.message ?? error)}`));
    });
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  const address = server.address();
  baseUrl = `http://${host}:${typeof address === 'object' && address ? address.port : port}`;
  return {
    url: baseUrl,
    state,
    setWebhook,
    sendInbound,
    sendStatus: statusOf,
    verify,
    reset,
    idle: () => sender.idle(),
    sign: (raw) => signature256(appSecret, raw),
    close: () => {
      closed = true;
      sender.stop();
      return new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      });
    },
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const fake = await startFakeWhatsApp({
    port: Number(process.env.FAKE_WHATSAPP_PORT ?? 4330),
    accessToken: process.env.WHATSAPP_ACCESS_TOKEN,
    appSecret: process.env.WHATSAPP_APP_SECRET,
    phoneNumberId: process.env.WHATSAPP_PHONE_NUMBER_ID,
    wabaId: process.env.WHATSAPP_BUSINESS_ACCOUNT_ID,
    webhookUrl: process.env.FAKE_WHATSAPP_WEBHOOK_URL,
    verifyToken: process.env.WHATSAPP_WEBHOOK_VERIFY_TOKEN,
  });
  console.log(
    `Fake WhatsApp Cloud API on ${fake.url} (phone number ${fake.state.business.phoneNumberId}, WABA ${fake.state.business.wabaId})`,
  );
  const stop = () => fake.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
