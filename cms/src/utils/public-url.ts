import type { Context } from 'koa';

/**
 * The shop's address for links it sends out (mail, Mercado Pago's notification and return URLs): PUBLIC_URL, else
 * (outside production only: a request's Host header is the client's to choose, and such a link must never point
 * elsewhere) the origin of the request that caused it. No trailing slash.
 */
export function shopBaseUrl(origin: string | null): string {
  const configured: unknown = strapi.config.get('server.url', '');
  const fallback = process.env.NODE_ENV === 'production' ? '' : (origin ?? '');
  const url = typeof configured === 'string' && configured.trim() !== '' ? configured.trim() : fallback;
  return url.replace(/\/+$/, '');
}

/** The storefront's tracking page of one order (mail links, Mercado Pago's way back). */
export function trackingUrl(origin: string | null, orderNumber: string): string {
  return `${shopBaseUrl(origin)}/track-order?n=${encodeURIComponent(orderNumber)}`;
}

/**
 * The shop's public address: PUBLIC_URL (required in production, see domains/platform/secrets.ts), else the origin
 * the request came to (development and tests).
 */
export function publicBaseUrl(ctx: Context): string {
  const configured = (process.env.PUBLIC_URL ?? '').trim().replace(/\/+$/, '');
  return configured !== '' ? configured : ctx.origin;
}
