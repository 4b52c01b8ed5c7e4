import { SHOP_TIME_ZONE } from '../order-number.js';

/** Formatting for the go-live checklist, reused by the back office: ages, shop times, sizes and error texts. */

export const HOUR_MS = 60 * 60 * 1000;

/** How long ago, the Argentine way: `hace menos de un minuto`, `hace 5 min`, `hace 3 h`, `hace 2 días`. */
export function formatAge(at: string | number | Date, now: number = Date.now()): string {
  const then = new Date(at).getTime();
  if (Number.isNaN(then)) return 'en una fecha desconocida';
  const ms = now - then;
  if (ms < 60_000) return 'hace menos de un minuto';
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) return `hace ${minutes} min`;
  const hours = Math.floor(ms / HOUR_MS);
  if (hours < 48) return `hace ${hours} h`;
  const days = Math.floor(hours / 24);
  return `hace ${days} días`;
}

/** A moment in the shop's time zone: `22/11/2026 15:05`. */
export function formatShopDateTime(at: string | number | Date): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return '';
  return date
    .toLocaleString('es-AR', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: SHOP_TIME_ZONE,
    })
    .replace(',', '');
}

/** A size for people (binary multiples, Spanish decimal comma): `512 B`, `3,4 MB`, `12 GB`. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '?';
  const units = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${value.toLocaleString('es-AR', { maximumFractionDigits: digits, minimumFractionDigits: 0 })} ${units[unit]}`;
}

/**
 * An error text fit to show staff: no e-mail addresses, long numbers (phones, documents, card numbers), quoted
 * values (SQL and validation errors quote the data), tokens or credentials in URLs; one line, at most 200 characters.
 */
export function redactErrorText(text: string): string {
  const cleaned = text
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/\b[a-z][a-z0-9+.-]*:\/\/[^\s/@]+@/gi, (match) => match.replace(/\/\/[^@]+@/, '//…@'))
    .replace(/[^\s@<>()"',;:]+@[^\s@<>()"',;:]+\.[^\s@<>()"',;:]+/g, '[email]')
    .replace(/(["'`])(?:(?!\1).){1,}\1/g, '$1…$1')
    .replace(/\b(?:bearer|token|secret|password|clave)\s*[=:]?\s*\S+/gi, (match) => `${match.split(/[\s=:]/)[0]} […]`)
    .replace(/[A-Za-z0-9_-]{32,}(?:\.[A-Za-z0-9_-]+)*/g, '[…]')
    .replace(/\+?\d(?:[ -]?\d){6,}/g, '[número]')
    .replace(/\b\d{1,2}\.\d{3}\.\d{3}\b/g, '[número]')
    .replace(/\s{2,}/g, ' ')
    .trim();
  return cleaned.length > 200 ? `${cleaned.slice(0, 199)}…` : cleaned;
}

/** How many hours ago `at` was, at `now`. */
export const hoursOld = (at: string, now: number) => (now - new Date(at).getTime()) / HOUR_MS;
/** `hace 3 h (22/11/2026 15:05)`. */
export const when = (at: string, now: number) => `${formatAge(at, now)} (${formatShopDateTime(at)})`;
