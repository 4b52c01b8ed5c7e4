// The test controls of scripts/fake-whatsapp.mjs (not Meta's): POST /__control/<name> with a JSON body; each answers
// [HTTP status, JSON body]. In the answers, `status` is the shop's HTTP status for the webhook sent (0: unreachable,
// null: no webhook target set).
import { digitsOf, normalizeTemplate, wamid } from './fake-whatsapp-graph.mjs';
import { envelope, seconds, statusObject } from './fake-whatsapp-webhooks.mjs';

/** What /__control/state answers: counts, then the fake's records. */
export function snapshot(state) {
  const count = (list, test) => list.filter(test).length;
  return {
    business: state.business,
    webhook: state.webhook,
    mode: state.mode,
    counts: {
      messages: state.messages.length,
      templates: count(state.messages, (m) => m.type === 'template'),
      texts: count(state.messages, (m) => m.type === 'text'),
      failed: count(state.messages, (m) => m.failure),
      inbound: state.inbound.length,
      webhookDeliveries: state.webhookDeliveries.length,
      refusedDeliveries: count(state.webhookDeliveries, (d) => d.answer !== 200),
      calls: state.calls.length,
    },
    messages: state.messages,
    inbound: state.inbound.map(({ id, from, name, text, at }) => ({ id, from, name, text, at })),
    webhookDeliveries: state.webhookDeliveries,
    notOnWhatsApp: [...state.notOnWhatsApp],
    reads: state.reads,
    calls: state.calls,
  };
}

const MODE_STATUSES = [0, 429, 500, 503];

export function createControls({ state, business, sender, setWebhook, verify, sendInbound, statusOf, reset }) {
  /** A webhook signed with a wrong secret (or unsigned): the status of the last message, or of a made-up one. */
  async function forged({ url = state.webhook.url, missing = false }) {
    if (!url) return [400, { error: 'no webhook url' }];
    const last = state.messages.at(-1);
    const someone = '5492990000000';
    const entry = last
      ? statusObject(last, 'delivered')
      : { id: wamid(someone), status: 'delivered', timestamp: seconds(), recipient_id: someone };
    const status = await sender.deliver(envelope(business, { statuses: [entry] }), {
      url,
      kind: 'forged',
      messageId: entry.id,
      status: 'delivered',
      sign: missing ? 'none' : 'wrong',
    });
    return [200, { status }];
  }

  return async function control(name, body) {
    switch (name) {
      case 'state':
        return [200, snapshot(state)];
      case 'mode': {
        const status = Number(body.status) || 0;
        if (!MODE_STATUSES.includes(status)) return [400, { error: 'status must be 429, 500, 503 or 0' }];
        const code = body.code === undefined ? undefined : Number(body.code);
        const times = status ? Math.max(0, Number(body.times ?? 1e9) || 0) : 0;
        state.mode = { status, times, delayMs: Math.max(0, Number(body.delayMs) || 0), ...(code ? { code } : {}) };
        return [200, state.mode];
      }
      case 'webhook':
        return [200, setWebhook(body.url, body.verifyToken, body)];
      case 'verify':
        return [200, await verify(body)];
      case 'inbound': {
        const answer = await sendInbound(body);
        return [answer.error ? 400 : 200, answer];
      }
      case 'status': {
        const answer = await statusOf(body);
        return [answer.error ? (answer.error.startsWith('unknown') ? 404 : 400) : 200, answer];
      }
      case 'notOnWhatsApp':
        state.notOnWhatsApp = new Set((Array.isArray(body.numbers) ? body.numbers : []).map(digitsOf).filter(Boolean));
        return [200, { numbers: [...state.notOnWhatsApp] }];
      case 'templates':
        if (!Array.isArray(body.data)) return [400, { error: 'data must be an array of templates' }];
        state.templates = body.data.map(normalizeTemplate);
        return [200, { count: state.templates.length, data: state.templates }];
      case 'reset':
        reset();
        return [200, { reset: true }];
      case 'forged':
        return forged(body);
      case 'idle':
        await sender.idle();
        return [200, { idle: true }];
      default:
        return [404, { error: `unknown control ${name}` }];
    }
  };
}
