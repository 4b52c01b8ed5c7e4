// What scripts/fake-whatsapp.mjs sends the shop: `messages` webhooks (statuses of its messages, a shopper's messages),
// signed as Meta signs them, delivered with Meta-like retries, and every attempt recorded.
import { createHmac, randomBytes, randomInt, randomUUID } from 'node:crypto';

/**
 * The body as Meta writes it: JSON with every non-ASCII character as a \uXXXX escape and `/` as `\/` (what Meta's
 * deliveries look like). A shop that checks the signature over its own re-serialisation of the parsed body, instead of
 * the raw bytes, fails as soon as a name or a text has an accent.
 */
export const metaJson = (value) =>
  JSON.stringify(value)
    .replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(/\//g, '\\/');

/** `X-Hub-Signature-256`: `sha256=` and the hex HMAC-SHA256 of the raw body with the app secret. */
export const signature256 = (secret, raw) => `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;

/** The envelope of every `messages` webhook. */
export const envelope = ({ wabaId, displayPhoneNumber, phoneNumberId }, value) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: wabaId,
      changes: [
        {
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: displayPhoneNumber, phone_number_id: phoneNumberId },
            ...value,
          },
          field: 'messages',
        },
      ],
    },
  ],
});

export const seconds = (ms = Date.now()) => String(Math.floor(ms / 1000));

/** The errors of a failed status. */
export const deliveryError = (code) =>
  code === 131047
    ? {
        code,
        title: 'Re-engagement message',
        message: 'Re-engagement message',
        error_data: {
          details: 'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
        },
        href: 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/',
      }
    : code === 131026
      ? {
          code,
          title: 'Message undeliverable',
          message: 'Message undeliverable',
          error_data: { details: 'Message Undeliverable.' },
          href: 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/',
        }
      : { code, title: 'Something went wrong', message: 'Something went wrong', error_data: { details: 'Something went wrong' } };

/**
 * One status of a message the shop sent. `sent`, `delivered` and `read` carry the conversation and per-message
 * pricing (PMP): a utility template or a text inside the customer-service window is free, anything else billable.
 */
export function statusObject(message, status, errors) {
  const entry = { id: message.id, status, timestamp: seconds(), recipient_id: message.waId };
  if (status === 'failed') return { ...entry, errors: errors?.length ? errors : [deliveryError(131026)] };
  const category = message.type === 'text' ? 'service' : String(message.template?.category ?? 'utility').toLowerCase();
  const free = category === 'service' || (category === 'utility' && message.inWindow);
  return {
    ...entry,
    conversation: {
      id: message.conversationId,
      ...(status === 'sent' ? { expiration_timestamp: seconds(Date.now() + 24 * 3_600_000) } : {}),
      origin: { type: category },
    },
    pricing: { billable: !free, pricing_model: 'PMP', category, type: free ? 'free_customer_service' : 'regular' },
  };
}

/**
 * Posts webhooks to the shop: signed with the app secret (or a wrong one, or none), retried on anything but 200 (as
 * Meta does, far faster), each attempt in `state.webhookDeliveries`. `stop()` cancels pending waits and requests
 * (a job checks `signal()`, taken when it starts, after each wait).
 */
export function createWebhookSender({ state, appSecret, timeoutMs = 5_000 }) {
  let controller = new AbortController();
  /** Pending waits: timer → its resolve. */
  const waits = new Map();
  const pending = new Set();

  const sleep = (ms) =>
    new Promise((resolve) => {
      const timer = setTimeout(() => {
        waits.delete(timer);
        resolve();
      }, ms);
      waits.set(timer, resolve);
    });

  async function attempt(url, raw, headers, signal) {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers,
        body: raw,
        signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
      });
      await response.arrayBuffer().catch(() => {});
      return response.status;
    } catch {
      return 0;
    }
  }

  /**
   * Delivers one payload (retrying `retries` times unless the shop answers 200); the last HTTP status (0: unreachable).
   * `sign`: 'app' (the app secret), 'wrong' (another secret) or 'none' (no signature header); `raw` re-sends a body as is.
   */
  async function deliver(payload, { url, kind, messageId = null, status = null, retries = 0, retryDelayMs = 0, sign = 'app', raw }) {
    const signal = controller.signal;
    const body = raw ?? metaJson(payload);
    const headers = { 'content-type': 'application/json', 'user-agent': 'facebookexternalua' };
    if (sign !== 'none') {
      const secret = sign === 'wrong' ? `${appSecret}-no-${randomBytes(4).toString('hex')}` : appSecret;
      headers['x-hub-signature-256'] = signature256(secret, body);
      headers['x-hub-signature'] = `sha1=${createHmac('sha1', secret).update(body).digest('hex')}`;
    }
    const deliveryId = randomUUID();
    for (let n = 1; ; n += 1) {
      if (signal.aborted) return 0;
      const answer = await attempt(url, body, headers, signal);
      if (signal.aborted) return answer;
      state.webhookDeliveries.push({ deliveryId, kind, messageId, status, attempt: n, answer, url, at: Date.now(), payload });
      if (answer === 200 || n > retries) return answer;
      await sleep(retryDelayMs * n);
    }
  }

  /** Runs a delivery job in the background (never rejecting); `idle()` waits for every job. */
  function background(job) {
    const promise = Promise.resolve()
      .then(job)
      .catch(() => {})
      .finally(() => pending.delete(promise));
    pending.add(promise);
    return promise;
  }

  async function idle() {
    while (pending.size > 0) await Promise.all([...pending]);
  }

  function stop() {
    controller.abort();
    controller = new AbortController();
    for (const [timer, resolve] of waits) {
      clearTimeout(timer);
      resolve();
    }
    waits.clear();
  }

  return { deliver, background, idle, stop, sleep, signal: () => controller.signal };
}

/**
 * Meta's verification request: GET <url>?hub.mode=subscribe&hub.challenge=<number>&hub.verify_token=<token>. The shop
 * must answer 200 with the challenge as the whole body (`ok`); anything else and Meta keeps the old callback URL.
 */
export async function verifyHandshake(url, token) {
  const challenge = String(randomInt(1_000_000_000, 2_000_000_000));
  if (!url) return { status: null, body: '', challenge, ok: false };
  const target = new URL(url);
  target.searchParams.set('hub.mode', 'subscribe');
  target.searchParams.set('hub.challenge', challenge);
  target.searchParams.set('hub.verify_token', token ?? '');
  try {
    const response = await fetch(target, { signal: AbortSignal.timeout(5_000) });
    const body = await response.text();
    return { status: response.status, body, challenge, ok: response.status === 200 && body === challenge };
  } catch {
    return { status: 0, body: '', challenge, ok: false };
  }
}
