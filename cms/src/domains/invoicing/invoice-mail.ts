import { invoiceIssuedMail } from '@shop/shared';
import { enqueueMails, registerMailAttachments, shopOf } from '../notifications';
import { table, writeTransaction } from '../../utils/db-write';
import { trackingUrl } from '../../utils/public-url';
import { INVOICES_TABLE } from './invoice-store';
import { orderInvoicePdf } from './invoice-documents';
import { voucherName, voucherNumberText } from './voucher-plan';

/** How far back a sweep looks for an authorised invoice whose e-mail was never queued (a crash in between). */
const CATCH_UP_MS = 3 * 86_400_000;

/** The outbox worker attaches the invoice's A4 PDF, made again from the authorised row at send time. */
export function registerInvoiceAttachment(): void {
  registerMailAttachments('invoice_issued', async (mail) => {
    if (!mail.orderDocumentId) return [];
    const { pdf, filename } = await orderInvoicePdf(mail.orderDocumentId);
    return [{ filename, content: pdf, contentType: 'application/pdf' }];
  });
}

interface MailRow {
  id: number;
  order_document_id: string;
  order_number: string | null;
  letter: string | null;
  point_of_sale: number | null;
  number: number | null;
  total: number | string | null;
  cae: string | null;
}

/**
 * The shopper's e-mail with her invoice, queued once: the row is marked (a conditional update, so two processes or
 * two sweeps never both get here) and the message stored in the same transaction. A sale without an e-mail is
 * marked and sends nothing.
 */
export async function queueInvoiceMail(invoiceId: number): Promise<boolean> {
  return writeTransaction(async (trx) => {
    const now = new Date();
    const taken = await table(trx, INVOICES_TABLE)
      .where({ id: invoiceId, kind: 'invoice', status: 'authorized' })
      .whereNull('mailed_at')
      .update({ mailed_at: now });
    if (Number(taken) !== 1) return false;
    const row = (await table(trx, INVOICES_TABLE).where('id', invoiceId).first()) as MailRow;
    const order = (await strapi.db
      .query('api::order.order')
      .findOne({ where: { documentId: row.order_document_id }, populate: ['shippingInfo'] })) as {
      shippingInfo?: { email?: string | null; fullName?: string | null } | null;
    } | null;
    const to = order?.shippingInfo?.email?.trim() ?? '';
    if (!to || !row.order_number) return false;
    const content = await strapi.service('api::site-content.site-content').getContent();
    const mail = invoiceIssuedMail({
      shop: shopOf(content),
      firstName: (order?.shippingInfo?.fullName ?? '').trim().split(/\s+/)[0] ?? '',
      orderNumber: row.order_number,
      voucherName: voucherName('invoice', row.letter ?? ''),
      numberText: voucherNumberText(row.point_of_sale ?? 0, row.number ?? 0),
      total: Number(row.total ?? 0),
      cae: row.cae ?? '',
      trackingUrl: trackingUrl(null, row.order_number),
    });
    await enqueueMails(trx, [
      { to, kind: 'invoice_issued', ...mail, orderDocumentId: row.order_document_id, orderNumber: row.order_number },
    ]);
    return true;
  });
}

/** Authorised invoices queued in the last days whose e-mail is not queued yet (the process stopped in between). */
export async function queueMissedInvoiceMails(): Promise<void> {
  const rows: { id: number }[] = await table(strapi.db.connection, INVOICES_TABLE)
    .select('id')
    .where({ kind: 'invoice', status: 'authorized' })
    .whereNull('mailed_at')
    .andWhere('created_at', '>', new Date(Date.now() - CATCH_UP_MS))
    .limit(50);
  for (const row of rows) await queueInvoiceMail(row.id);
}
