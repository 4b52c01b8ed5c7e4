/**
 * Mercado Pago's settings, read from the environment (README, "Environment variables"): what the shop needs to know
 * whether it can take Mercado Pago payments, before any call (the payments domain makes the calls).
 * MERCADOPAGO_API_URL points the shop at another Mercado Pago (tests and the demo: scripts/fake-mercadopago.mjs).
 */

export const DEFAULT_MERCADOPAGO_API_URL = 'https://api.mercadopago.com';
/** Mercado Pago's calls are given up after this (MERCADOPAGO_TIMEOUT_MS): a shopper never waits past 10 s. */
const DEFAULT_TIMEOUT_MS = 8_000;

export interface MercadoPagoConfig {
  accessToken: string;
  webhookSecret: string;
  apiUrl: string;
  timeoutMs: number;
}

export function mercadoPagoConfig(env: NodeJS.ProcessEnv = process.env): MercadoPagoConfig {
  const timeout = Number(env.MERCADOPAGO_TIMEOUT_MS);
  return {
    accessToken: (env.MERCADOPAGO_ACCESS_TOKEN ?? '').trim(),
    webhookSecret: (env.MERCADOPAGO_WEBHOOK_SECRET ?? '').trim(),
    apiUrl: ((env.MERCADOPAGO_API_URL ?? '').trim() || DEFAULT_MERCADOPAGO_API_URL).replace(/\/+$/, ''),
    timeoutMs: Number.isInteger(timeout) && timeout > 0 ? timeout : DEFAULT_TIMEOUT_MS,
  };
}

/** The shop can take Mercado Pago payments: it can create preferences (token) and verify webhooks (secret). */
export function mercadoPagoReady(config: MercadoPagoConfig = mercadoPagoConfig()): boolean {
  return config.accessToken !== '' && config.webhookSecret !== '';
}

/** What `GET /content` tells the apps this server can offer (see contentAnswerSchema). */
export function shopServices(): { mercadoPago: boolean } {
  return { mercadoPago: mercadoPagoReady() };
}
