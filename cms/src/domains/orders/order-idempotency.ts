import { conflict } from '../../utils/http';
import { affectedRows, insertDocumentOnce, table, type Trx } from '../../utils/db-write';
import type { Idempotency } from './idempotency-key';

export type { Idempotency };

/** Idempotency-Key → hash of the order body → the order created with it (unique index on the key, see bootstrap). */
export const IDEMPOTENCY_KEYS_TABLE = 'order_idempotency_keys';

/** Keys are kept at least this long (the hourly cleanup deletes older ones). */
export const IDEMPOTENCY_KEY_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export const IDEMPOTENCY_KEY_REUSED = 'Esta Idempotency-Key ya se usó con otros datos de pedido; usá una clave nueva para un pedido nuevo';
export const IDEMPOTENCY_ORDER_GONE = 'El pedido creado con esta Idempotency-Key ya no existe; usá una clave nueva';

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
  // One statement, no transaction around it: a single SELECT already reads one consistent state.
  const row: unknown = await table(strapi.db.connection, IDEMPOTENCY_KEYS_TABLE)
    .select('request_hash', 'order_document_id')
    .where({ idempotency_key: idem.key })
    .first();
  const stored = storedKeyOf(row);
  if (!stored) return null;
  if (stored.hash !== idem.hash) throw conflict(IDEMPOTENCY_KEY_REUSED);
  if (!stored.orderDocumentId) throw conflict(IDEMPOTENCY_ORDER_GONE);
  return stored.orderDocumentId;
}

/**
 * Claims the key for the order about to be written with `orderDocumentId`, inside the order's transaction (so the
 * key and its order commit or roll back together). false when another request holds it: on PostgreSQL the insert
 * waits for that request's transaction and then does nothing, on SQLite the write lock already serialised the two;
 * either way the caller rolls back and answers the winner's order.
 */
export function claimKey(trx: Trx, idem: Idempotency, orderDocumentId: string): Promise<boolean> {
  return insertDocumentOnce(
    trx,
    IDEMPOTENCY_KEYS_TABLE,
    { idempotency_key: idem.key, request_hash: idem.hash, order_document_id: orderDocumentId },
    'idempotency_key',
  );
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
