import { SEND_LEASE_MS, mailSettings, retryDelayMs, type MailSettings } from '../platform';
import { claimMail, dueMails, finishMail, type StoredMail } from './outbox-store';
import { attachmentsOf } from './mail-attachments';

const BATCH = 20;
const LAST_ERROR_MAX = 500;

function errorText(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.slice(0, LAST_ERROR_MAX) || 'Error desconocido del servidor de correo';
}

async function deliver(mail: StoredMail, settings: MailSettings): Promise<void> {
  // A file that cannot be made (the invoice gone) fails this attempt like a mail server error: retried, then failed.
  const attachments = await attachmentsOf(mail);
  await strapi
    .plugin('email')
    .service('email')
    .send({
      to: mail.to,
      from: settings.from,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      ...(attachments.length ? { attachments } : {}),
      // RFC 2369 and RFC 8058: the mail client's own "unsubscribe" button, one POST, no page to open.
      ...(mail.listUnsubscribeUrl
        ? { headers: { 'List-Unsubscribe': `<${mail.listUnsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } }
        : {}),
    });
}

/**
 * A sign-in code is worth nothing once it left (or once it could not leave): its sent or failed row keeps no digits,
 * so the outbox never holds a usable code longer than its trip (the code itself is stored only as a hash).
 */
const REDACTED = 'Código para entrar a la cuenta (el código no se guarda)';
const redacted = (mail: StoredMail) => (mail.kind === 'account_code' ? { html: REDACTED, text: REDACTED } : {});

/** One attempt at one claimed message: sent, due again after the backoff, or failed after the last attempt. */
async function attempt(mail: StoredMail, settings: MailSettings): Promise<void> {
  const leaseUntil = new Date(Date.now() + SEND_LEASE_MS);
  if (!(await claimMail(mail, leaseUntil))) return;
  const attemptNo = mail.attempts + 1;
  try {
    await deliver(mail, settings);
    await finishMail(mail.id, attemptNo, { status: 'sent', sentAt: new Date(), nextAttemptAt: null, lastError: null, ...redacted(mail) });
  } catch (err) {
    const lastError = errorText(err);
    if (attemptNo >= settings.maxAttempts) {
      await finishMail(mail.id, attemptNo, { status: 'failed', nextAttemptAt: null, lastError, ...redacted(mail) });
      strapi.log.error(`[mail] message ${mail.id} (${mail.kind}) failed after ${attemptNo} attempts: ${lastError}`);
    } else {
      const nextAttemptAt = new Date(Date.now() + retryDelayMs(attemptNo, settings));
      await finishMail(mail.id, attemptNo, { nextAttemptAt, lastError });
      strapi.log.warn(`[mail] message ${mail.id} (${mail.kind}) not sent (attempt ${attemptNo}), retry at ${nextAttemptAt.toISOString()}`);
    }
  }
}

/** Sends every due message once (one batch). Without SMTP_HOST it does nothing: messages wait in the outbox. */
export async function sendDueMail(settings: MailSettings = mailSettings()): Promise<void> {
  if (!settings.host) return;
  for (const mail of await dueMails(new Date(), BATCH)) {
    await attempt(mail, settings);
  }
}

export interface MailWorker {
  stop(): Promise<void>;
}

/**
 * The outbox worker of this process: every MAIL_WORKER_INTERVAL_MS it sends the due messages (never two runs at once
 * in one process; several processes share the work through the claim). Not started without SMTP_HOST.
 */
export function startMailWorker(settings: MailSettings = mailSettings()): MailWorker {
  if (!settings.host) {
    strapi.log.info('[mail] sin servidor de correo configurado (SMTP_HOST): los correos quedan en la bandeja de salida');
    return { stop: async () => undefined };
  }
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = sendDueMail(settings)
      .catch((err: unknown) => {
        strapi.log.error(`[mail] outbox run failed: ${errorText(err)}`);
      })
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, settings.intervalMs);
  timer.unref();
  tick();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (running) await running;
    },
  };
}
