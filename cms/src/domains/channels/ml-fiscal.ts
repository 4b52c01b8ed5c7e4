import { orderInvoicePdf } from '../invoicing';
import { table } from '../../utils/db-write';
import { withAccessToken } from './access-token';
import { kickJobs, queueJob } from './ml-jobs';
import { CHANNEL_ORDERS_TABLE, channelOrderOf } from './ml-orders';
import { postFiscalDocument } from './ml-sales-client';

/**
 * A Mercado Libre sale's invoice, once ARCA authorised it (event `invoice.authorized`), uploaded to Mercado Libre as
 * the sale's fiscal document (POST /packs/{pack_id}/fiscal_documents; a sale outside a cart uses its order id): a
 * durable `fiscal` job, retried like the others.
 */
export async function queueFiscalDocument(orderDocumentId: string): Promise<void> {
  if (!(await channelOrderOf(orderDocumentId))) return;
  await queueJob('fiscal', orderDocumentId);
  kickJobs();
}

export async function runFiscalJob(orderDocumentId: string): Promise<void> {
  const sale = await channelOrderOf(orderDocumentId);
  if (!sale) return;
  const { pdf, filename } = await orderInvoicePdf(orderDocumentId);
  await withAccessToken((token) => postFiscalDocument(token, sale.packId ?? sale.externalOrderId, pdf, filename));
  await table(strapi.db.connection, CHANNEL_ORDERS_TABLE)
    .where('order_document_id', orderDocumentId)
    .update({ invoice_uploaded_at: new Date() });
  strapi.log.info(`[channels] invoice of Mercado Libre sale ${sale.externalOrderId} uploaded as its fiscal document`);
}
