import type { Trx } from '../../utils/db-write';
import { ensureSettingsRow } from './invoicing-settings';
import { prepareInvoiceTable, queueInvoice } from './invoice-store';
import { kickInvoiceWorker } from './invoice-issue';

/** Start-up (under the start-up lock): the unique index on (order, kind) and the one settings row. */
export async function prepareInvoicing(): Promise<void> {
  await prepareInvoiceTable();
  await ensureSettingsRow();
}

/**
 * Called where an order becomes paid, inside its transaction: one queued row (a no-op when the order has one), and
 * a sweep soon after. It never calls ARCA and never fails the order's change: a failure here is logged and skipped
 * (the order path must not depend on invoicing).
 */
export async function queueInvoiceForPaidOrder(trx: Trx, orderDocumentId: string, orderNumber: string): Promise<void> {
  try {
    // A savepoint keeps a failed insert from aborting the order's PostgreSQL transaction.
    await trx.transaction(async (inner) => {
      await queueInvoice(inner, orderDocumentId, orderNumber);
    });
    kickInvoiceWorker();
  } catch (err) {
    strapi.log.warn(`[invoicing] could not queue the invoice of ${orderNumber}: ${String(err)}`);
  }
}
