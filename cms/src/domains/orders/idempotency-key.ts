import { createHash } from 'node:crypto';
import { badRequest } from '../../utils/http';

/** The Idempotency-Key header of POST /orders: a retried checkout with the same key and body makes one order. */
const KEY_FORMAT = /^[A-Za-z0-9_-]{8,100}$/;

export const INVALID_IDEMPOTENCY_KEY =
  'El encabezado Idempotency-Key debe tener entre 8 y 100 caracteres: letras, números, guiones o guiones bajos';

export interface Idempotency {
  key: string;
  hash: string;
}

/** The header's key, null when the header is absent; a 400 when it is malformed. */
export function idempotencyKeyOf(header: string | undefined): string | null {
  if (header === undefined || header === '') return null;
  if (!KEY_FORMAT.test(header)) throw badRequest(INVALID_IDEMPOTENCY_KEY);
  return header;
}

/** JSON with object keys sorted and undefined values left out, so equal bodies give equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function requestHash(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}
