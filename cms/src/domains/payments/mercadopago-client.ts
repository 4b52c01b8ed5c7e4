import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { MercadoPagoConfig } from '../platform';

/**
 * Mercado Pago's REST API, as this shop uses it (Checkout Pro): preferences, payments, their search and refunds.
 * Everything goes to MERCADOPAGO_API_URL (the real API by default; tests and the demo point it at a local fake that
 * speaks the same protocol, scripts/fake-mercadopago.mjs).
 */

/** A webhook whose `ts` is further than this from now (either way) is refused: a replayed old call. */
export const WEBHOOK_MAX_AGE_MS = 10 * 60 * 1000;

/** Mercado Pago could not be reached, or answered an error; `status` is its HTTP status (0: no answer). */
export class MercadoPagoError extends Error {
  constructor(
    message: string,
    public readonly status: number,
  ) {
    super(message);
    this.name = 'MercadoPagoError';
  }
}

const idOf = z.union([z.string(), z.number()]).transform(String);

export const paymentSchema = z.object({
  id: idOf,
  status: z.string(),
  status_detail: z.string().nullish(),
  external_reference: z.string().nullish(),
  transaction_amount: z.number(),
  currency_id: z.string(),
  installments: z.number().nullish(),
  date_approved: z.string().nullish(),
});
export type MercadoPagoPayment = z.infer<typeof paymentSchema>;

const preferenceSchema = z.object({ id: idOf, init_point: z.string().url() });
export type MercadoPagoPreference = z.infer<typeof preferenceSchema>;

const searchSchema = z.object({ results: z.array(paymentSchema) });
const refundSchema = z.object({ id: idOf, status: z.string().nullish(), amount: z.number().nullish() });

/** The message Mercado Pago gave with an error answer (`message`, else `error`), cut to a readable length. */
function errorMessageOf(body: unknown): string {
  if (typeof body !== 'object' || body === null) return '';
  const record = body as Record<string, unknown>;
  const text = typeof record.message === 'string' ? record.message : typeof record.error === 'string' ? record.error : '';
  return text.slice(0, 200);
}

/** One call of Mercado Pago's API, its answer read with `schema` (a MercadoPagoError otherwise). */
export async function call<S extends z.ZodType>(
  config: MercadoPagoConfig,
  method: 'GET' | 'POST',
  path: string,
  schema: S,
  options: { body?: unknown; idempotencyKey?: string; headers?: Record<string, string> } = {},
): Promise<z.infer<S>> {
  const headers: Record<string, string> = { Authorization: `Bearer ${config.accessToken}`, Accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.idempotencyKey) headers['X-Idempotency-Key'] = options.idempotencyKey;
  let response: Response;
  try {
    response = await fetch(`${config.apiUrl}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
  } catch (err) {
    throw new MercadoPagoError(`sin respuesta (${err instanceof Error ? err.message : String(err)})`, 0);
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text === '' ? null : JSON.parse(text);
  } catch {
    body = null;
  }
  if (!response.ok) {
    const detail = errorMessageOf(body);
    throw new MercadoPagoError(`respondió ${response.status}${detail ? `: ${detail}` : ''}`, response.status);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new MercadoPagoError('respondió algo que no se pudo leer', response.status);
  return parsed.data;
}

export interface PreferenceItem {
  id: string;
  title: string;
  quantity: number;
  unit_price: number;
  currency_id: 'ARS';
  picture_url?: string;
}

export interface PreferenceRequest {
  items: PreferenceItem[];
  payer: { name: string; email: string };
  external_reference: string;
  notification_url: string;
  back_urls: { success: string; pending: string; failure: string };
  auto_return: 'approved';
  shipments?: { cost: number; mode: 'not_specified' };
  payment_methods: { installments: number; excluded_payment_types?: { id: string }[] };
  expires: boolean;
  expiration_date_to?: string;
  statement_descriptor?: string;
}

export function createPreference(
  config: MercadoPagoConfig,
  request: PreferenceRequest,
  idempotencyKey: string,
): Promise<MercadoPagoPreference> {
  return call(config, 'POST', '/checkout/preferences', preferenceSchema, { body: request, idempotencyKey });
}

export function getPayment(config: MercadoPagoConfig, paymentId: string): Promise<MercadoPagoPayment> {
  return call(config, 'GET', `/v1/payments/${encodeURIComponent(paymentId)}`, paymentSchema);
}

/** The payments of one order (by its number, the preference's external_reference), newest first. */
export async function searchPayments(config: MercadoPagoConfig, externalReference: string): Promise<MercadoPagoPayment[]> {
  const query = new URLSearchParams({ external_reference: externalReference, sort: 'date_created', criteria: 'desc' });
  return (await call(config, 'GET', `/v1/payments/search?${query.toString()}`, searchSchema)).results;
}

/** Refunds the whole payment (an empty body is a full refund). */
export function refundPayment(config: MercadoPagoConfig, paymentId: string, idempotencyKey: string): Promise<{ id: string }> {
  return call(config, 'POST', `/v1/payments/${encodeURIComponent(paymentId)}/refunds`, refundSchema, { body: {}, idempotencyKey });
}

/**
 * Refunds `amount` of the payment (a partial refund, as a return gives back part of an order). Mercado Pago keeps the
 * payment approved (status_detail partially_refunded) until nothing is left of it, and answers a repeated
 * X-Idempotency-Key with its first answer, so a retry never refunds twice.
 */
export function refundPaymentPart(
  config: MercadoPagoConfig,
  paymentId: string,
  amount: number,
  idempotencyKey: string,
): Promise<z.infer<typeof refundSchema>> {
  return call(config, 'POST', `/v1/payments/${encodeURIComponent(paymentId)}/refunds`, refundSchema, { body: { amount }, idempotencyKey });
}

/**
 * Whether a webhook call is Mercado Pago's: `x-signature` is `ts=<ts>,v1=<hex>`, v1 the HMAC-SHA256 with the webhook
 * secret of `id:<data.id>;request-id:<x-request-id>;ts:<ts>;` (a part whose value is absent is left out, as Mercado
 * Pago documents; an alphanumeric data.id is lowercased). Compared in constant time; a `ts` more than ten minutes
 * away from `now` is refused (seconds or milliseconds are both read).
 */
export function webhookSignatureValid(
  secret: string,
  signature: string | undefined,
  requestId: string | undefined,
  dataId: string | null,
  now: number = Date.now(),
): boolean {
  if (!secret || !signature) return false;
  const parts = new Map<string, string>();
  for (const part of signature.split(',')) {
    const at = part.indexOf('=');
    if (at > 0) parts.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  const ts = parts.get('ts') ?? '';
  const v1 = parts.get('v1') ?? '';
  if (!/^\d{1,16}$/.test(ts) || !/^[0-9a-f]{64}$/i.test(v1)) return false;
  const tsNumber = Number(ts);
  const tsMs = tsNumber > 1e12 ? tsNumber : tsNumber * 1000;
  if (Math.abs(now - tsMs) > WEBHOOK_MAX_AGE_MS) return false;
  let manifest = '';
  if (dataId) manifest += `id:${/^[0-9a-z]+$/i.test(dataId) ? dataId.toLowerCase() : dataId};`;
  if (requestId) manifest += `request-id:${requestId};`;
  manifest += `ts:${ts};`;
  const expected = createHmac('sha256', secret).update(manifest).digest();
  const given = Buffer.from(v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
