import type { Context } from 'koa';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import Redis from 'ioredis';
import { ACCOUNT_MSG, MSG } from '@shop/shared';
import { tooManyRequests } from '../../utils/http';

export interface LimitRule {
  /** Requests (or failures, for login) allowed per window. */
  points: number;
  /** Window length in seconds. */
  duration: number;
  /** How long a caller stays blocked once over the limit (seconds); defaults to the window. */
  blockDuration?: number;
  /** Spanish message of the 429 answer. */
  message?: string;
}

const FIFTEEN_MINUTES = 15 * 60;

function envInt(name: string, fallback: number): number {
  const v = Number.parseInt(process.env[name] ?? '', 10);
  return Number.isFinite(v) && v > 0 ? v : fallback;
}

/**
 * Limits per client IP (and, for sign-in, also per account e-mail); every number can be tuned by environment
 * variables (documented in the README).
 */
export const LIMIT_RULES = {
  loginFailures: {
    points: envInt('RATE_LIMIT_LOGIN_MAX', 5),
    duration: FIFTEEN_MINUTES,
    blockDuration: FIFTEEN_MINUTES,
    message: MSG.login.rateLimited,
  },
  // Whoever tries one account from many addresses (a botnet, a forged proxy header) meets this one.
  loginFailuresPerEmail: {
    points: envInt('RATE_LIMIT_LOGIN_EMAIL_MAX', 10),
    duration: FIFTEEN_MINUTES,
    blockDuration: FIFTEEN_MINUTES,
    message: MSG.login.rateLimited,
  },
  contact: { points: envInt('RATE_LIMIT_CONTACT_MAX', 5), duration: FIFTEEN_MINUTES, blockDuration: FIFTEEN_MINUTES },
  interactions: { points: envInt('RATE_LIMIT_INTERACTIONS_MAX', 120), duration: 60 },
  orders: { points: envInt('RATE_LIMIT_ORDERS_MAX', 30), duration: FIFTEEN_MINUTES, blockDuration: FIFTEEN_MINUTES },
  uploads: { points: envInt('RATE_LIMIT_UPLOADS_MAX', 20), duration: FIFTEEN_MINUTES, blockDuration: FIFTEEN_MINUTES },
  // The checkout asks for a quote on every cart change; the budget stops scraping prices and stock at scale.
  quote: { points: envInt('RATE_LIMIT_QUOTE_MAX', 600), duration: FIFTEEN_MINUTES, blockDuration: 60 },
  // Order numbers are sequential: a budget per client keeps anyone from walking through a day's orders.
  tracking: { points: envInt('RATE_LIMIT_TRACKING_MAX', 60), duration: FIFTEEN_MINUTES, blockDuration: FIFTEEN_MINUTES },
  // Exchange and return requests (order number + contact, as tracking): a few per client keep anyone from guessing contacts.
  returns: { points: envInt('RATE_LIMIT_RETURNS_MAX', 20), duration: FIFTEEN_MINUTES, blockDuration: FIFTEEN_MINUTES },
  // The botón de arrepentimiento (order number + contact, as tracking): open to anyone, so limited like the returns.
  withdrawals: { points: envInt('RATE_LIMIT_WITHDRAWALS_MAX', 20), duration: FIFTEEN_MINUTES, blockDuration: FIFTEEN_MINUTES },
  // Coupon codes must not be found by trying: failed look-ups (a code no coupon has) per client.
  coupon: {
    points: envInt('RATE_LIMIT_COUPON_MAX', 20),
    duration: FIFTEEN_MINUTES,
    blockDuration: FIFTEEN_MINUTES,
    message: 'Probaste demasiados cupones que no existen: esperá 15 minutos y volvé a intentar',
  },
  // "Avisame cuando vuelva" and its unsubscribe link: a budget per client keeps anyone from filling the table.
  stockAlerts: { points: envInt('RATE_LIMIT_STOCK_ALERTS_MAX', 10), duration: FIFTEEN_MINUTES, blockDuration: FIFTEEN_MINUTES },
  // Abandoned-checkout drafts: the checkout saves one a few times per visit (debounced); the budget stops a flood.
  checkoutDrafts: { points: envInt('RATE_LIMIT_CHECKOUT_DRAFTS_MAX', 120), duration: FIFTEEN_MINUTES, blockDuration: 60 },
  // The owner's "send me a test e-mail" (per staff account, not per address): a few to check, never a mail cannon.
  testEmail: {
    points: envInt('RATE_LIMIT_TEST_EMAIL_MAX', 5),
    duration: 60 * 60,
    message: 'Ya pediste varios correos de prueba en la última hora: esperá un rato y volvé a intentar',
  },
  // Payment notifications come from Mercado Pago's few addresses in bursts; the budget only stops a flood of forgeries.
  webhooks: { points: envInt('RATE_LIMIT_WEBHOOKS_MAX', 600), duration: 60 },
  // Mercado Libre's way back after the owner authorizes the shop (her browser): a budget stops guessing states.
  channelCallback: {
    points: envInt('RATE_LIMIT_CHANNEL_CALLBACK_MAX', 20),
    duration: FIFTEEN_MINUTES,
    blockDuration: FIFTEEN_MINUTES,
  },
  // Mercado Libre's notifications: its servers post several per sale (retries included); the budget stops a flood.
  channelNotifications: { points: envInt('RATE_LIMIT_CHANNEL_NOTIFICATIONS_MAX', 600), duration: 60 },
  // WhatsApp's notifications (receipts and shoppers' messages, from Meta's servers): the budget stops a flood of forgeries.
  // Reviews: an invitation read, a review posted or an opt-out, per client (a buyer reviews a few lines at once).
  reviews: { points: envInt('RATE_LIMIT_REVIEWS_MAX', 30), duration: FIFTEEN_MINUTES, blockDuration: FIFTEEN_MINUTES },
  whatsappTest: {
    points: envInt('RATE_LIMIT_WHATSAPP_TEST_MAX', 5),
    duration: 60 * 60,
    message: 'Ya enviaste varios mensajes de prueba por WhatsApp en la última hora: esperá un rato y volvé a intentar',
  },
  // Her account's code (docs/api.md "Her account"): per client, and per address so nobody floods one inbox.
  accountCode: {
    points: envInt('RATE_LIMIT_ACCOUNT_CODE_MAX', 10),
    duration: FIFTEEN_MINUTES,
    blockDuration: FIFTEEN_MINUTES,
    message: ACCOUNT_MSG.codeRateLimited,
  },
  accountCodeEmail: {
    points: envInt('RATE_LIMIT_ACCOUNT_CODE_EMAIL_MAX', 5),
    duration: FIFTEEN_MINUTES,
    blockDuration: FIFTEEN_MINUTES,
    message: ACCOUNT_MSG.codeRateLimited,
  },
  // Codes typed wrong, per client and per address (a right one gives its point back); each code also has 5 tries.
  accountSignIn: {
    points: envInt('RATE_LIMIT_ACCOUNT_SIGN_IN_MAX', 20),
    duration: FIFTEEN_MINUTES,
    blockDuration: FIFTEEN_MINUTES,
    message: ACCOUNT_MSG.signInRateLimited,
  },
  accountSignInEmail: {
    points: envInt('RATE_LIMIT_ACCOUNT_SIGN_IN_EMAIL_MAX', 10),
    duration: FIFTEEN_MINUTES,
    blockDuration: FIFTEEN_MINUTES,
    message: ACCOUNT_MSG.signInRateLimited,
  },
  whatsappWebhooks: { points: envInt('RATE_LIMIT_WHATSAPP_WEBHOOKS_MAX', 1200), duration: 60 },
} satisfies Record<string, LimitRule>;

export type LimitName = keyof typeof LIMIT_RULES;

let redisClient: Redis | null | undefined;
/** The one Redis connection of this process (rate limits, health check), or null without REDIS_URL. */
export function redis(): Redis | null {
  if (redisClient !== undefined) return redisClient;
  const url = process.env.REDIS_URL;
  redisClient = url ? new Redis(url, { enableOfflineQueue: true, maxRetriesPerRequest: 1 }) : null;
  // ioredis reconnects on its own; an outage is logged once (not on every retry) and shows in GET /api/health.
  let reported = false;
  redisClient?.on('error', (err: Error) => {
    if (!reported) strapi.log.warn(`[redis] unreachable (rate limits fall back to this process's memory): ${err.message}`);
    reported = true;
  });
  redisClient?.on('ready', () => (reported = false));
  return redisClient;
}

const limiters = new Map<LimitName, RateLimiterAbstract>();

/** One limiter per rule: Redis-backed (shared by every app process) when REDIS_URL is set, in memory otherwise. */
export function limiterFor(name: LimitName): RateLimiterAbstract {
  const existing = limiters.get(name);
  if (existing) return existing;
  const rule: LimitRule = LIMIT_RULES[name];
  const options = {
    keyPrefix: `${process.env.RATE_LIMIT_PREFIX ?? 'shop-rl'}-${name}`,
    points: rule.points,
    duration: rule.duration,
    blockDuration: rule.blockDuration ?? 0,
  };
  const client = redis();
  const limiter = client
    ? new RateLimiterRedis({ ...options, storeClient: client, insuranceLimiter: new RateLimiterMemory(options) })
    : new RateLimiterMemory(options);
  limiters.set(name, limiter);
  return limiter;
}

export function clientKey(ctx: Context): string {
  return ctx.request.ip || 'unknown';
}

function tooMany(ctx: Context, name: LimitName, res: RateLimiterRes): never {
  const seconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  ctx.set('Retry-After', String(seconds));
  const rule: LimitRule = LIMIT_RULES[name];
  throw tooManyRequests(rule.message ?? MSG.rateLimited, { retryAfter: seconds });
}

/**
 * Counts one request (or `points`) against the caller's budget; throws a 429 (Spanish message, Retry-After)
 * when exhausted.
 */
export async function consume(ctx: Context, name: LimitName, key = clientKey(ctx), points = 1): Promise<void> {
  try {
    await limiterFor(name).consume(key, points);
  } catch (err) {
    if (err instanceof RateLimiterRes) tooMany(ctx, name, err);
    throw err;
  }
}

/** Throws the 429 of a caller already over its budget, without counting this request (see the coupon look-ups). */
export async function refuseWhenBlocked(ctx: Context, name: LimitName, key = clientKey(ctx)): Promise<void> {
  const res = await limiterFor(name).get(key);
  const rule: LimitRule = LIMIT_RULES[name];
  if (res && res.consumedPoints > rule.points && res.msBeforeNext > 0) tooMany(ctx, name, res);
}

/** Gives back a point taken by `consume` (a sign-in that turned out to be right does not count as a failure). */
export async function refund(name: LimitName, key: string): Promise<void> {
  await limiterFor(name).reward(key, 1);
}
