import { randomUUID } from 'node:crypto';
import { LISTING_MESSAGES } from '@shop/shared';
import { affectedRows, isRecord, newDocumentId } from '../../utils/db-write';
import { conflict } from '../../utils/http';
import { coalesceMs, jobs, leaseMs } from './stock-sync';

/** How long a back-office call on an item waits for the worker's send of that item to end. */
const ITEM_WAIT_MS = 15_000;

/**
 * A back-office call on a listed item (pause, activate, close) made while holding the item's job lease, so it never
 * overlaps the worker's send of the same item: one call in flight per item, whoever makes it. With no job waiting, a
 * row is written already leased (a change arriving meanwhile bumps its version and is sent after); with one, its lease
 * is taken once free (at most ITEM_WAIT_MS, else a Spanish 409). Afterwards a row nobody changed is deleted, any other
 * is given back to the worker as it was due.
 */
export async function withItemLease<T>(productDocumentId: string, itemId: string, call: () => Promise<T>): Promise<T> {
  const owner = `staff:${randomUUID()}`;
  const version = randomUUID();
  const deadline = Date.now() + ITEM_WAIT_MS;
  for (;;) {
    const now = new Date();
    // Ours, leased, when the item has no job (ignored when it has one).
    await jobs()
      .insert({
        document_id: newDocumentId(),
        item_id: itemId,
        product_document_id: productDocumentId,
        version,
        due_at: now.getTime() + coalesceMs(),
        attempts: 0,
        lease_until: now.getTime() + leaseMs(),
        lease_owner: owner,
        created_at: now,
        updated_at: now,
        published_at: now,
      })
      .onConflict('item_id')
      .ignore();
    const row: unknown = await jobs().where('item_id', itemId).first('lease_owner');
    if (isRecord(row) && row.lease_owner === owner) break;
    const at = Date.now();
    const taken = await jobs()
      .where('item_id', itemId)
      .andWhere((q) => void q.whereNull('lease_until').orWhere('lease_until', '<', at))
      .update({ lease_until: at + leaseMs(), lease_owner: owner });
    if (affectedRows(taken) === 1) break;
    if (Date.now() > deadline) throw conflict(LISTING_MESSAGES.busy);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  try {
    return await call();
  } finally {
    await jobs().where({ item_id: itemId, lease_owner: owner, version }).delete();
    await jobs().where({ item_id: itemId, lease_owner: owner }).update({ lease_until: null, lease_owner: null });
  }
}
