import { createHmac } from 'node:crypto';
import {
  WHATSAPP_STEPS,
  whatsappSettingsInputSchema,
  whatsappTemplateMappingSchema,
  type WhatsappSettingsAnswer,
  type WhatsappStep,
  type WhatsappTemplateMapping,
} from '@shop/shared';
import { openSecret, sealSecret, secret } from '../platform';
import { isRecord } from '../../utils/db-write';
import { parseWith } from '../../utils/http';
import { WHATSAPP_SUGGESTIONS } from './whatsapp-suggestions';

/**
 * The owner's WhatsApp Business connection, in Strapi's key-value store (key `core_shop-whatsapp_settings`): the
 * phone number's and the business account's ids, the access token and the app secret sealed with
 * sealSecret('whatsapp', …) (never answered), the webhook's verify token, and each step's template.
 */
const SETTINGS_KEY = { type: 'core', name: 'shop-whatsapp', key: 'settings' } as const;
const PURPOSE = 'whatsapp';
export const WEBHOOK_PATH = '/api/whatsapp/webhook';

/** How the shop reaches the Cloud API and how often its outbox runs (README, "Environment variables"). */
export interface WhatsappEnv {
  /** WHATSAPP_API_URL: Meta's Graph API, or the local fake in tests. */
  apiUrl: string;
  /** WHATSAPP_API_VERSION: the Graph API version in every path. */
  version: string;
  intervalMs: number;
  retryBaseMs: number;
  maxAttempts: number;
}

function int(value: string | undefined, fallback: number, min: number, max: number): number {
  const n = Number.parseInt((value ?? '').trim(), 10);
  return Number.isFinite(n) && n >= min && n <= max ? n : fallback;
}

export function whatsappEnv(env: NodeJS.ProcessEnv = process.env): WhatsappEnv {
  const version = (env.WHATSAPP_API_VERSION ?? '').trim();
  return {
    apiUrl: ((env.WHATSAPP_API_URL ?? '').trim() || 'https://graph.facebook.com').replace(/\/+$/, ''),
    version: /^v\d+\.\d+$/.test(version) ? version : 'v21.0',
    intervalMs: int(env.WHATSAPP_WORKER_INTERVAL_MS, 5_000, 50, 3_600_000),
    retryBaseMs: int(env.WHATSAPP_RETRY_BASE_MS, 30_000, 10, 3_600_000),
    maxAttempts: int(env.WHATSAPP_MAX_ATTEMPTS, 6, 1, 20),
  };
}

interface StoredSettings {
  enabled: boolean;
  phoneNumberId: string | null;
  businessAccountId: string | null;
  sealedToken: string | null;
  sealedSecret: string | null;
  verifyToken: string;
  templates: Record<WhatsappStep, WhatsappTemplateMapping | null>;
}

const textOr = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

async function stored(): Promise<StoredSettings> {
  const raw: unknown = await strapi.store.get(SETTINGS_KEY);
  const value: Record<string, unknown> = isRecord(raw) ? raw : {};
  const templates = {} as StoredSettings['templates'];
  for (const step of WHATSAPP_STEPS) {
    const parsed = whatsappTemplateMappingSchema.safeParse(isRecord(value.templates) ? value.templates[step] : null);
    templates[step] = parsed.success ? parsed.data : null;
  }
  return {
    enabled: value.enabled === true,
    phoneNumberId: textOr(value.phoneNumberId),
    businessAccountId: textOr(value.businessAccountId),
    sealedToken: textOr(value.sealedToken),
    sealedSecret: textOr(value.sealedSecret),
    verifyToken: verifyToken(),
    templates,
  };
}

/**
 * The webhook's verify token, to paste in Meta's app settings: derived from ENCRYPTION_KEY, so every process knows
 * the same one without storing it (a token written at the first read raced between processes and requests).
 * Unguessable without the key; a new ENCRYPTION_KEY gives a new token (and the sealed secrets must be entered again).
 */
function verifyToken(): string {
  return createHmac('sha256', secret('ENCRYPTION_KEY')).update('whatsapp-webhook-verify-token').digest('base64url').slice(0, 32);
}

function open(sealed: string | null): string | null {
  if (!sealed) return null;
  try {
    return openSecret(PURPOSE, sealed);
  } catch {
    strapi.log.warn('[whatsapp] the stored token or app secret does not open (was ENCRYPTION_KEY changed?): enter them again');
    return null;
  }
}

/** What sending and the webhook need, secrets opened; null parts when not configured. */
export interface WhatsappConfig {
  enabled: boolean;
  phoneNumberId: string | null;
  businessAccountId: string | null;
  accessToken: string | null;
  appSecret: string | null;
  verifyToken: string;
  templates: Record<WhatsappStep, WhatsappTemplateMapping | null>;
}

export async function whatsappConfig(): Promise<WhatsappConfig> {
  const settings = await stored();
  return {
    enabled: settings.enabled,
    phoneNumberId: settings.phoneNumberId,
    businessAccountId: settings.businessAccountId,
    accessToken: open(settings.sealedToken),
    appSecret: open(settings.sealedSecret),
    verifyToken: settings.verifyToken,
    templates: settings.templates,
  };
}

/** Everything needed to send: both ids and the token. */
export function canSend(config: WhatsappConfig): config is WhatsappConfig & { phoneNumberId: string; accessToken: string } {
  return config.phoneNumberId !== null && config.accessToken !== null;
}

function answerOf(settings: StoredSettings, baseUrl: string): WhatsappSettingsAnswer {
  const connected = Boolean(settings.phoneNumberId && settings.businessAccountId && settings.sealedToken && settings.sealedSecret);
  return {
    enabled: settings.enabled,
    connected,
    phoneNumberId: settings.phoneNumberId,
    businessAccountId: settings.businessAccountId,
    hasAccessToken: settings.sealedToken !== null,
    hasAppSecret: settings.sealedSecret !== null,
    webhookUrl: `${baseUrl}${WEBHOOK_PATH}`,
    verifyToken: settings.verifyToken,
    templates: settings.templates,
    suggestions: WHATSAPP_SUGGESTIONS,
  };
}

export async function whatsappSettingsAnswer(baseUrl: string): Promise<WhatsappSettingsAnswer> {
  return answerOf(await stored(), baseUrl);
}

/** PUT /whatsapp/settings: only the fields sent change (a template set to null is unmapped). */
export async function putWhatsappSettings(body: unknown, baseUrl: string): Promise<WhatsappSettingsAnswer> {
  const input = parseWith(whatsappSettingsInputSchema, body);
  const settings = await stored();
  if (input.phoneNumberId !== undefined) settings.phoneNumberId = input.phoneNumberId;
  if (input.businessAccountId !== undefined) settings.businessAccountId = input.businessAccountId;
  if (input.accessToken !== undefined) settings.sealedToken = sealSecret(PURPOSE, input.accessToken);
  if (input.appSecret !== undefined) settings.sealedSecret = sealSecret(PURPOSE, input.appSecret);
  if (input.enabled !== undefined) settings.enabled = input.enabled;
  for (const step of WHATSAPP_STEPS) {
    const mapping = input.templates?.[step];
    if (mapping !== undefined) settings.templates[step] = mapping;
  }
  await strapi.store.set({ ...SETTINGS_KEY, value: settings });
  return answerOf(settings, baseUrl);
}
