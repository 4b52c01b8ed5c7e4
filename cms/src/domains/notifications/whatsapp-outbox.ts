import type { MailShipment, Order, WhatsappStep } from '@shop/shared';
import { SEND_LEASE_MS, retryDelayMs } from '../platform';
import { writeTransaction } from '../../utils/db-write';
import { trackingUrl } from '../../utils/public-url';
import { WhatsappApiError, sendWhatsapp } from './whatsapp-client';
import { whatsappNumber } from './whatsapp-phone';
import { canSend, whatsappConfig, whatsappEnv, type WhatsappEnv } from './whatsapp-settings';
import { claimWhatsapp, dueWhatsapp, enqueueWhatsapp, finishWhatsapp, type StoredWhatsapp } from './whatsapp-store';
import { templateParameters } from './whatsapp-variables';

const BATCH = 20;

const content = () => strapi.service('api::site-content.site-content').cachedContent();

/**
 * Queues the templates of these steps for an order whose shopper opted in (`whatsappOptIn`), when WhatsApp is on and
 * the step is mapped: one row per order and step, ever (a repeated step, a retried request or a second process adds
 * nothing). Never sends here: the worker does, so WhatsApp never slows or blocks an order.
 */
export async function queueOrderWhatsapp(
  order: Order,
  steps: readonly WhatsappStep[],
  origin: string | null,
  shipment: MailShipment | null = null,
): Promise<void> {
  if (!order.whatsappOptIn || steps.length === 0) return;
  const config = await whatsappConfig();
  if (!config.enabled || !canSend(config)) return;
  const phone = whatsappNumber(order.shippingInfo.phone);
  if (!phone) return;
  const site = await content();
  let queued = false;
  for (const step of steps) {
    const mapping = config.templates[step];
    if (!mapping) continue;
    const parameters = templateParameters(mapping.variables, order, site, {
      trackingLink: trackingUrl(origin, order.orderNumber),
      shipment,
    });
    const inserted = await writeTransaction((trx) =>
      enqueueWhatsapp(trx, {
        dedupeKey: `order:${order._id}:${step}`,
        phone,
        step,
        orderDocumentId: order._id,
        orderNumber: order.orderNumber,
        kind: 'template',
        templateName: mapping.name,
        language: mapping.language,
        parameters,
        body: '',
        sentBy: null,
      }),
    );
    queued ||= inserted;
  }
  if (queued) kickWhatsappWorker();
}

/** One attempt at one claimed message: accepted by Meta (its receipts come by webhook), due again, or failed. */
async function attempt(message: StoredWhatsapp, env: WhatsappEnv): Promise<void> {
  const config = await whatsappConfig();
  if (!canSend(config)) return;
  if (!(await claimWhatsapp(message, new Date(Date.now() + SEND_LEASE_MS)))) return;
  const attemptNo = message.attempts + 1;
  try {
    const wamid = await sendWhatsapp(
      env,
      config.phoneNumberId,
      config.accessToken,
      message.kind === 'template'
        ? {
            kind: 'template',
            to: message.phone,
            name: message.templateName ?? '',
            language: message.language ?? 'es_AR',
            parameters: message.parameters,
          }
        : { kind: 'text', to: message.phone, body: message.body },
    );
    await finishWhatsapp(message.id, attemptNo, { status: 'accepted', wamid, next_attempt_at: null, last_error: null, error_code: null });
  } catch (err) {
    const error = err instanceof WhatsappApiError ? err : new WhatsappApiError(0, null, String(err), true);
    if (error.retryable && attemptNo < env.maxAttempts) {
      const next = new Date(Date.now() + retryDelayMs(attemptNo, env));
      await finishWhatsapp(message.id, attemptNo, { next_attempt_at: next, last_error: error.text, error_code: error.code });
      strapi.log.warn(`[whatsapp] message ${message.id} not sent (attempt ${attemptNo}, ${error.status}), retry at ${next.toISOString()}`);
    } else {
      await finishWhatsapp(message.id, attemptNo, {
        status: 'failed',
        next_attempt_at: null,
        last_error: error.text,
        error_code: error.code,
      });
      strapi.log.warn(`[whatsapp] message ${message.id} failed after ${attemptNo} attempt(s): ${error.status} ${error.code ?? ''}`);
    }
  }
}

/** Sends every due message once (one batch). */
export async function sendDueWhatsapp(env: WhatsappEnv = whatsappEnv()): Promise<void> {
  for (const message of await dueWhatsapp(new Date(), BATCH)) await attempt(message, env);
}

let worker: { kick(): void; stop(): Promise<void> } | null = null;

/** Runs the worker's next pass now (a message was just queued) instead of at its next tick. */
export function kickWhatsappWorker(): void {
  worker?.kick();
}

/**
 * The WhatsApp outbox's worker of this process: every WHATSAPP_WORKER_INTERVAL_MS, and at once after a message is
 * queued here, it sends the due messages (never two passes at once in one process; processes share the work through
 * the claim). Without a connected number it finds nothing to send: messages are queued only when WhatsApp is on.
 */
export function startWhatsappWorker(env: WhatsappEnv = whatsappEnv()): void {
  if (worker) return;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = sendDueWhatsapp(env)
      .catch((err: unknown) => {
        strapi.log.error(`[whatsapp] outbox run failed: ${err instanceof Error ? err.message : String(err)}`);
      })
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          tick();
        }
      });
  };
  const timer = setInterval(tick, env.intervalMs);
  timer.unref();
  worker = {
    kick: tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (running) await running;
    },
  };
}

export async function stopWhatsappWorker(): Promise<void> {
  const running = worker;
  worker = null;
  await running?.stop();
}
