import { firstComeSlots, SlotWaitExpired, type FirstComeSlots } from '@shop/shared';
import { writeTransaction, type Trx } from '../../utils/db-write';
import { ApiError, DATABASE_DOWN_MESSAGE } from '../../utils/http';

/**
 * How many checkouts of this process are inside their write transaction at once (issue 64). On PostgreSQL a
 * checkout's last statements hold rows every other checkout needs (its products' rows, then the day's order number)
 * for round trips whose answers wait their turn in this process's event loop: with ten checkouts interleaving their
 * work there, a lock holder was seen idle in its transaction, waiting for this process, while the others waited on
 * its locks (a low median, a long tail). Admitting a few at a time, first come first served, keeps the database and
 * the processor busy while the others wait here holding nothing (no connection, no lock). CHECKOUT_CONCURRENCY sets
 * it (0: no limit); by default 4 on PostgreSQL (the best of 2–6 measured, docs/performance.md) and no limit on SQLite,
 * whose write lock already admits one transaction at a time. A checkout waits for its turn at most as long as a
 * request waits for a database connection (DATABASE_ACQUIRE_TIMEOUT_MS, 6 s): then it is answered as one that found
 * the database unreachable (503, Retry-After), never kept waiting while the database is down.
 */
let slots: FirstComeSlots | undefined;

function checkoutSlots(): FirstComeSlots {
  if (!slots) {
    const configured = Number.parseInt(process.env.CHECKOUT_CONCURRENCY ?? '', 10);
    const fallback = strapi.db.dialect.client === 'postgres' ? 4 : 0;
    const waitMs = Number.parseInt(process.env.DATABASE_ACQUIRE_TIMEOUT_MS ?? '', 10);
    slots = firstComeSlots(
      Number.isInteger(configured) && configured >= 0 ? configured : fallback,
      Number.isInteger(waitMs) && waitMs > 0 ? waitMs : 6000,
    );
  }
  return slots;
}

/** A checkout's write transaction (utils/db-write.ts), begun once this process admits it. */
export async function checkoutTransaction<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
  try {
    return await checkoutSlots().run(() => writeTransaction(work));
  } catch (err) {
    if (err instanceof SlotWaitExpired) throw new ApiError(503, DATABASE_DOWN_MESSAGE);
    throw err;
  }
}
