import { env } from '@/config/env';

/** Why the download did not start, in Spanish (the server's message when it gave one). */
export class InvoiceDownloadError extends Error {}

/**
 * The shopper's invoice PDF from tracking: POST /orders/tracking/invoice.pdf with the order number and the contact of
 * the purchase in the body (never in the address, so not in the history, a shared link or a server log), then saved
 * through a temporary link.
 */
export async function downloadInvoicePdf(orderNumber: string, contact: string): Promise<void> {
  const res = await fetch(`${env.apiUrl}/orders/tracking/invoice.pdf`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ orderNumber, contact }),
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
    throw new InvoiceDownloadError(
      typeof body?.message === 'string' && body.message ? body.message : 'No pudimos descargar la factura. Probá de nuevo en unos minutos.',
    );
  }
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `factura-${orderNumber}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
