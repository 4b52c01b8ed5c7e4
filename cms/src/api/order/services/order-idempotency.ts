import { createHash } from 'node:crypto';
import { badRequest, conflict } from '../../../utils/http';
import { affectedRows, newDocumentId, table, type Trx } from '../../../utils/db-write';

/** Idempotency-Key → hash of the order body → the order created with it (unique index on the key, see bootstrap). */
export const IDEMPOTENCY_KEYS_TABLE = 'order_idempotency_keys';

/** Keys are kept at least this long (the hourly cleanup deletes older ones). */
export const IDEMPOTENCY_KEY_MAX_AGE_MS = 24 * 60 * 60 * 1000;

const KEY_FORMAT = /^[A-Za-z0-9_-]{8,100}$/;

export const INVALID_IDEMPOTENCY_KEY =
  'El encabezado Idempotency-Key debe tener entre 8 y 100 caracteres: letras, números, guiones o guiones bajos';
export const IDEMPOTENCY_KEY_REUSED = 'Esta Idempotency-Key ya se usó con otros datos de pedido; usá una clave nueva para un pedido nuevo';
export const IDEMPOTENCY_ORDER_GONE = 'El pedido creado con esta Idempotency-Key ya no existe; usá una clave nueva';

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

interface StoredKey {
  hash: string;
  orderDocumentId: string | null;
}

function storedKeyOf(row: unknown): StoredKey | null {
  if (typeof row !== 'object' || row === null) return null;
  const record = row as Record<string, unknown>;
  return {
    hash: typeof record.request_hash === 'string' ? record.request_hash : '',
    orderDocumentId: typeof record.order_document_id === 'string' ? record.order_document_id : null,
  };
}

/** The order already created with this key and body; 409 when the key came with another body. null: unused. */
export async function previousOrderId(idem: Idempotency): Promise<string | null> {
  const row: unknown = await strapi.db.connection.transaction(async (trx) =>
    table(trx, IDEMPOTENCY_KEYS_TABLE).select('request_hash', 'order_document_id').where({ idempotency_key: idem.key }).first(),
  );
  const stored = storedKeyOf(row);
  if (!stored) return null;
  if (stored.hash !== idem.hash) throw conflict(IDEMPOTENCY_KEY_REUSED);
  if (!stored.orderDocumentId) throw conflict(IDEMPOTENCY_ORDER_GONE);
  return stored.orderDocumentId;
}

/**
 * Claims the key inside the order's transaction (its first write). false when another request holds it: on
 * PostgreSQL the insert waits for that request's transaction and then does nothing, on SQLite the write lock
 * already serialised the two; either way the caller rolls back and answers the winner's order.
 */
export async function claimKey(trx: Trx, idem: Idempotency): Promise<boolean> {
  const now = new Date();
  const inserted: unknown = await table(trx, IDEMPOTENCY_KEYS_TABLE)
    .insert({
      document_id: newDocumentId(),
      idempotency_key: idem.key,
      request_hash: idem.hash,
      created_at: now,
      updated_at: now,
      published_at: now,
    })
    .onConflict('idempotency_key')
    .ignore()
    .returning('id');
  return Array.isArray(inserted) && inserted.length === 1;
}

/** Links the claimed key to the order created in the same transaction. */
export async function recordOrder(trx: Trx, idem: Idempotency, orderDocumentId: string): Promise<void> {
  const updated: unknown = await table(trx, IDEMPOTENCY_KEYS_TABLE)
    .where({ idempotency_key: idem.key })
    .update({ order_document_id: orderDocumentId, updated_at: new Date() });
  if (affectedRows(updated) !== 1) throw new Error('idempotency key vanished inside its transaction');
}

/** Deletes keys older than the kept period (hourly cron task). Returns how many went. */
export async function purgeExpiredIdempotencyKeys(now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_KEY_MAX_AGE_MS);
  const removed: unknown = await strapi.db.connection.transaction(async (trx) =>
    table(trx, IDEMPOTENCY_KEYS_TABLE).where('created_at', '<', cutoff).delete(),
  );
  return affectedRows(removed);
}

/** Thrown inside the order's transaction when another request claimed the key first (rolls the attempt back). */
export class KeyTakenError extends Error {
  constructor() {
    super('idempotency key taken by a concurrent request');
    this.name = 'KeyTakenError';
  }
}
