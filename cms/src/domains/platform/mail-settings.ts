/** How the shop sends mail, read from the environment (README, "Environment variables"). */
export interface MailSettings {
  /** SMTP_HOST; empty = no mail server: messages stay in the outbox. */
  host: string;
  port: number;
  secure: boolean;
  user: string;
  pass: string;
  from: string;
  /** OWNER_EMAIL; empty = the staff account's e-mail. */
  ownerEmail: string;
  /** How often the worker looks for due messages. */
  intervalMs: number;
  /** The first retry waits this long; each later one twice the previous, up to MAX_RETRY_DELAY_MS. */
  retryBaseMs: number;
  /** After this many failed attempts a message is `failed` (staff can resend it). */
  maxAttempts: number;
}

export const MAX_RETRY_DELAY_MS = 6 * 60 * 60 * 1000;
/** A claimed message that was neither sent nor failed by then (the process died mid-send) is due again. */
export const SEND_LEASE_MS = 2 * 60 * 1000;

function int(value: string | undefined, fallback: number, min: number, max: number): number {
  const n = Number.parseInt((value ?? '').trim(), 10);
  return Number.isFinite(n) && n >= min && n <= max ? n : fallback;
}

export function mailSettings(env: NodeJS.ProcessEnv = process.env): MailSettings {
  const host = (env.SMTP_HOST ?? '').trim();
  const secure = ['1', 'true', 'yes'].includes((env.SMTP_SECURE ?? '').trim().toLowerCase());
  return {
    host,
    port: int(env.SMTP_PORT, secure ? 465 : 587, 1, 65_535),
    secure,
    user: (env.SMTP_USER ?? '').trim(),
    pass: env.SMTP_PASS ?? '',
    from: (env.MAIL_FROM ?? '').trim() || 'Jazmín Lencería <no-responder@localhost>',
    ownerEmail: (env.OWNER_EMAIL ?? '').trim(),
    intervalMs: int(env.MAIL_WORKER_INTERVAL_MS, 10_000, 100, 3_600_000),
    retryBaseMs: int(env.MAIL_RETRY_BASE_MS, 30_000, 10, 3_600_000),
    maxAttempts: int(env.MAIL_MAX_ATTEMPTS, 8, 1, 50),
  };
}

/** How long to wait after the `attempts`-th failure: doubling from the base, capped. */
export function retryDelayMs(attempts: number, settings: Pick<MailSettings, 'retryBaseMs'>): number {
  const exponent = Math.max(0, Math.min(attempts - 1, 30));
  return Math.min(MAX_RETRY_DELAY_MS, settings.retryBaseMs * 2 ** exponent);
}

/** The options of @strapi/provider-email-nodemailer for these settings (short timeouts: a hung server is a failure). */
export function nodemailerOptions(settings: MailSettings): Record<string, unknown> {
  return {
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    ...(settings.user ? { auth: { user: settings.user, pass: settings.pass } } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  };
}
