import { contactMatches, trackingContactProblem } from '@shop/shared';
import { badRequest, notFound } from '../../utils/http';
import { settingsRow } from './invoicing-settings';
import { currentInvoice, latestCreditNote } from './invoice-store';
import { invoicePdf } from './invoice-pdf';
import { invoiceTicketPdf } from './invoice-ticket-pdf';
import { orderRow } from './invoicing-actions';

const NO_INVOICE = 'La orden todavía no tiene factura autorizada';

/** A4 (the default) or the 80 mm ticket of a thermal printer. */
export type PdfFormat = 'a4' | 'ticket';

export const pdfFormatOf = (value: unknown): PdfFormat => (value === 'ticket' ? 'ticket' : 'a4');

/** Whether the invoice of the order's current sale is authorised (a channel uploads it then). */
export async function hasAuthorizedInvoice(documentId: string): Promise<boolean> {
  return (await currentInvoice(documentId))?.status === 'authorized';
}

/** The PDF of an order's authorised invoice (or credit note). */
export async function orderInvoicePdf(
  documentId: string,
  kind: 'invoice' | 'credit_note' = 'invoice',
  format: PdfFormat = 'a4',
): Promise<{ pdf: Buffer; filename: string }> {
  const order = await orderRow(documentId);
  // The invoice of the order's current sale (a reopened order has a new one), or its latest credit note.
  const row = kind === 'invoice' ? await currentInvoice(order.documentId) : await latestCreditNote(order.documentId);
  if (!row || row.status !== 'authorized') throw notFound(NO_INVOICE);
  const lines =
    kind === 'invoice'
      ? (order.items ?? []).map((item) => ({
          title: item.title ?? '',
          quantity: Number(item.quantity ?? 1),
          price: Number(item.price ?? 0),
        }))
      : [{ title: `Devolución de la orden ${order.orderNumber}`, quantity: 1, price: Number(row.total ?? 0) }];
  const settings = await settingsRow();
  const pdf = format === 'ticket' ? await invoiceTicketPdf(row, settings, lines) : await invoicePdf(row, settings, lines);
  const name = kind === 'invoice' ? 'factura' : 'nota-de-credito';
  return { pdf, filename: `${name}-${order.orderNumber}${format === 'ticket' ? '-ticket' : ''}.pdf` };
}

/**
 * The shopper's download from tracking (POST, so that the contact never goes into an address, a log or the
 * browser's history): the order number and the e-mail or phone of the purchase must both match.
 */
export async function trackedInvoicePdf(body: unknown): Promise<{ pdf: Buffer; filename: string }> {
  const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const orderNumber = typeof input.orderNumber === 'string' ? input.orderNumber.trim().toUpperCase() : '';
  const contact = typeof input.contact === 'string' ? input.contact.trim() : '';
  if (!/^[A-Z0-9-]{1,40}$/.test(orderNumber)) throw badRequest('Número de orden: no es válido');
  if (contact === '') throw badRequest('Indicá el e-mail o teléfono de la compra');
  const problem = trackingContactProblem(contact);
  if (problem) throw badRequest(problem);
  const order = (await strapi.db.query('api::order.order').findOne({ where: { orderNumber }, populate: ['shippingInfo'] })) as {
    documentId: string;
    shippingInfo?: { email?: string | null; phone?: string | null } | null;
  } | null;
  const known = { email: order?.shippingInfo?.email ?? '', phone: order?.shippingInfo?.phone ?? '' };
  // The same answer for an unknown order and a wrong contact: nothing is learnt by guessing.
  if (!order || !contactMatches(contact, known)) throw notFound(NO_INVOICE);
  return orderInvoicePdf(order.documentId, 'invoice', pdfFormatOf(input.format));
}
