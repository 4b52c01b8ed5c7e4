import { insertDocumentOnce, table, type Trx } from '../../utils/db-write';
import { kickInvoiceWorker } from './invoice-issue';
import {
  autoCreditSlot,
  CANCELLATION,
  cancellationSlot,
  currentInvoice,
  INVOICES_TABLE,
  invoiceBySlot,
  invoiceSlot,
  saleOf,
  updateInvoice,
  type InvoiceRow,
} from './invoice-store';
import type { SettingsRow } from './invoicing-settings';
import { buyerOfVoucher, planColumns, voucherPlan, type Letter } from './voucher-plan';

/**
 * Credit notes made by the shop itself, for the money it gives back: the rest of the invoice when a paid order is
 * cancelled or refunded, the amount a return gives back when it is received. Each is a queued row of its own slot
 * (`<order>:credit_note:<source>`: `anulacion`, or the return's number), written in the change's transaction (a
 * savepoint: never fails it, never calls ARCA); the invoice sweep plans it once the invoice is authorised (the
 * amount capped at what is left to credit, linked to the invoice) and asks ARCA for it like any voucher.
 */

export { autoCreditSlot, CANCELLATION };

/** Queues a credit note of `amount` (null: whatever is left of the invoice) when the order has an invoice to credit. */
export async function queueCreditNoteForOrder(
  trx: Trx,
  orderDocumentId: string,
  orderNumber: string,
  source: string,
  amount: number | null,
): Promise<void> {
  try {
    await trx.transaction(async (inner) => {
      // The invoice of the order's current sale: its latest one authorised or on its way to ARCA.
      const invoice: { slot: string } | undefined = await table(inner, INVOICES_TABLE)
        .where({ order_document_id: orderDocumentId, kind: 'invoice' })
        .whereIn('status', ['authorized', 'pending', 'queued'])
        .orderBy('id', 'desc')
        .first('slot');
      // Nothing invoiced, nor on its way to ARCA (a queued invoice of a cancelled order is skipped instead).
      if (!invoice) return;
      // A cancellation credits that sale's invoice (each sale has its own); a return's note has its own slot.
      const slot =
        source === CANCELLATION ? cancellationSlot(orderDocumentId, saleOf(invoice.slot)) : autoCreditSlot(orderDocumentId, source);
      // Skipped before (the order was paid again meanwhile): queued again, for this amount.
      await table(inner, INVOICES_TABLE)
        .where({ slot, status: 'skipped' })
        .update({ status: 'queued', total: amount, error: null, attempts: 0, next_attempt_at: 0 });
      await insertDocumentOnce(
        inner,
        INVOICES_TABLE,
        {
          slot,
          order_document_id: orderDocumentId,
          order_number: orderNumber,
          kind: 'credit_note',
          status: 'queued',
          total: amount,
          attempts: 0,
          next_attempt_at: 0,
        },
        'slot',
      );
    });
    kickInvoiceWorker();
  } catch (err) {
    strapi.log.warn(`[invoicing] could not queue the credit note of ${orderNumber}: ${String(err)}`);
  }
}

/** What the credit notes of this invoice already take of it (those authorised or on their way), but `except`. */
export async function creditedSoFar(invoice: InvoiceRow, except: number | null): Promise<number> {
  const rows: Array<{ id: number; status: string; total: unknown; voucher_type: unknown }> = await table(
    strapi.db.connection,
    INVOICES_TABLE,
  )
    .where({
      order_document_id: invoice.orderDocumentId,
      kind: 'credit_note',
      related_type: invoice.voucherType,
      related_number: invoice.number,
    })
    .whereIn('status', ['authorized', 'pending', 'queued'])
    .select('id', 'status', 'total', 'voucher_type');
  // A queued row without its plan has no amount yet (it takes what is left when planned).
  return rows.filter((r) => r.id !== except && r.voucher_type !== null).reduce((sum, r) => sum + (Number(r.total) || 0), 0);
}

export type CreditOutcome = 'planned' | { wait: string } | { skip: string };

/** Plans a queued credit note the shop made (see above), from its authorised invoice; once. */
export async function planCreditNote(row: InvoiceRow, settings: SettingsRow): Promise<CreditOutcome> {
  const sale = saleOf(row.slot);
  const cancellation = row.slot === cancellationSlot(row.orderDocumentId, sale);
  if (cancellation) {
    // The order may have been paid again while this waited for its invoice: then there is nothing to cancel.
    const order = (await strapi.db.query('api::order.order').findOne({
      where: { documentId: row.orderDocumentId },
      select: ['orderStatus'],
    })) as { orderStatus?: string } | null;
    if (!order || !['cancelled', 'refunded'].includes(String(order.orderStatus))) {
      return { skip: 'No se emite: la orden volvió a estar vigente' };
    }
  }
  // A cancellation credits its own sale's invoice; a return's note, the invoice of the current sale.
  const invoice = cancellation ? await invoiceBySlot(invoiceSlot(row.orderDocumentId, sale)) : await currentInvoice(row.orderDocumentId);
  if (!invoice || invoice.status === 'skipped' || (invoice.status === 'error' && !invoice.number)) {
    return { skip: 'No se emite: la orden no tiene una factura autorizada' };
  }
  if (invoice.status !== 'authorized' || !invoice.number) return { wait: 'Esperando que ARCA autorice la factura de la orden' };
  const left = Number(invoice.total ?? 0) - (await creditedSoFar(invoice, row.id));
  const asked = row.total === null || row.total === undefined ? left : Number(row.total);
  const amount = Math.min(asked, left);
  if (!(amount > 0)) return { skip: 'No se emite: la factura ya está acreditada por completo' };
  await updateInvoice(row.id, creditNoteColumns(invoice, amount, settings));
  return 'planned';
}

/** A credit note of `amount` on this authorised invoice: its plan (same letter and buyer) and its link to the invoice. */
export function creditNoteColumns(invoice: InvoiceRow, amount: number, settings: SettingsRow) {
  const buyer = buyerOfVoucher(invoice.docType, invoice.docNumber);
  const plan = voucherPlan(settings.taxCondition ?? 'monotributo', 'credit_note', amount, buyer, invoice.letter as Letter);
  return {
    ...planColumns(plan),
    pointOfSale: invoice.pointOfSale,
    buyerName: invoice.buyerName,
    relatedType: invoice.voucherType,
    relatedNumber: invoice.number,
  };
}
