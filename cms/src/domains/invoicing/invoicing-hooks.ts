import { table, type Trx } from '../../utils/db-write';
import { ensureSettingsRow } from './invoicing-settings';
import { prepareInvoiceTable, queueInvoice } from './invoice-store';
import { kickInvoiceWorker } from './invoice-issue';
import { registerInvoiceAttachment } from './invoice-mail';

/** Start-up (under the start-up lock): the unique index on (order, kind), the one settings row, the e-mail's PDF. */
export async function prepareInvoicing(): Promise<void> {
  registerInvoiceAttachment();
  await prepareInvoiceTable();
  await ensureSettingsRow();
}

/**
 * Called wherever an order becomes paid, inside its transaction (a status change to paid: Mercado Pago's notice, a
 * transfer confirmed, cash collected on hand-over; a sale taken with paidNow): one queued row (a no-op when the order
 * has one), and a sweep soon after. An order of $0 (an even exchange, a 100 % discount) has nothing to invoice. It
 * never calls ARCA and never fails the order's change: a failure here is logged and skipped. Whether the queued row is
 * issued on its own or waits for "Facturar ahora" follows the settings' mode (see sweep).
 */
export async function queueInvoiceForPaidOrder(trx: Trx, orderDocumentId: string, orderNumber: string, total?: number): Promise<void> {
  try {
    const amount = total ?? Number((await table(trx, 'orders').where('document_id', orderDocumentId).first('total'))?.total ?? 0);
    if (!(amount > 0)) return;
    // A savepoint keeps a failed insert from aborting the order's PostgreSQL transaction.
    await trx.transaction(async (inner) => {
      await queueInvoice(inner, orderDocumentId, orderNumber);
    });
    kickInvoiceWorker();
  } catch (err) {
    strapi.log.warn(`[invoicing] could not queue the invoice of ${orderNumber}: ${String(err)}`);
  }
}
