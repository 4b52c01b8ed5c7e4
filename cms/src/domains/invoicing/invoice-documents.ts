import { badRequest, notFound } from '../../utils/http';
import { settingsRow } from './invoicing-settings';
import { creditSlot, invoiceBySlot, invoiceSlot } from './invoice-store';
import { invoicePdf } from './invoice-pdf';
import { orderRow } from './invoicing-actions';

const NO_INVOICE = 'La orden todavía no tiene factura autorizada';

/** The PDF of an order's authorised invoice (or credit note). */
export async function orderInvoicePdf(
  documentId: string,
  kind: 'invoice' | 'credit_note' = 'invoice',
): Promise<{ pdf: Buffer; filename: string }> {
  const order = await orderRow(documentId);
  const row = await invoiceBySlot(kind === 'invoice' ? invoiceSlot(order.documentId) : creditSlot(order.documentId));
  if (!row || row.status !== 'authorized') throw notFound(NO_INVOICE);
  const lines = (order.items ?? []).map((item) => ({
    title: item.title ?? '',
    quantity: Number(item.quantity ?? 1),
    price: Number(item.price ?? 0),
  }));
  const pdf = await invoicePdf(
    row,
    await settingsRow(),
    kind === 'invoice' ? lines : [{ title: `Devolución de la orden ${order.orderNumber}`, quantity: 1, price: Number(row.total ?? 0) }],
  );
  return { pdf, filename: `${kind === 'invoice' ? 'factura' : 'nota-de-credito'}-${order.orderNumber}.pdf` };
}

/** The shopper's download from tracking: the order number and the e-mail it was placed with must both match. */
export async function trackedInvoicePdf(orderNumber: string, email: string): Promise<{ pdf: Buffer; filename: string }> {
  if (!/^[A-Za-z0-9-]{1,40}$/.test(orderNumber) || email.length > 200) throw badRequest('Número de orden o e-mail inválido');
  const order = (await strapi.db.query('api::order.order').findOne({ where: { orderNumber }, populate: ['shippingInfo'] })) as {
    documentId: string;
    shippingInfo?: { email?: string | null } | null;
  } | null;
  // The same answer for an unknown order and a wrong e-mail: nothing is learnt by guessing.
  if (!order || (order.shippingInfo?.email ?? '').trim().toLowerCase() !== email.trim().toLowerCase()) throw notFound(NO_INVOICE);
  return orderInvoicePdf(order.documentId);
}
