import { hasAuthorizedInvoice, orderInvoicePdf } from '../invoicing';
import { isRecord, table } from '../../utils/db-write';
import { withAccessToken } from './access-token';
import { JOBS_TABLE, kickJobs, queueJob } from './ml-jobs';
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
  // Uploaded already (a row re-armed by a late event or the sweep): never twice.
  if (!sale || sale.invoiceUploaded) return;
  const { pdf, filename } = await orderInvoicePdf(orderDocumentId);
  await withAccessToken((token) => postFiscalDocument(token, sale.packId ?? sale.externalOrderId, pdf, filename));
  await table(strapi.db.connection, CHANNEL_ORDERS_TABLE)
    .where('order_document_id', orderDocumentId)
    .update({ invoice_uploaded_at: new Date() });
  strapi.log.info(`[channels] invoice of Mercado Libre sale ${sale.externalOrderId} uploaded as its fiscal document`);
}

/**
 * The sales whose invoice ARCA authorised but that have no `fiscal` row (the event lost to a process killed right
 * after the authorisation): queued. Every MERCADOLIBRE_FISCAL_SWEEP_MS (default 5 minutes), 50 sales at most.
 */
export async function sweepMissedFiscalDocuments(): Promise<number> {
  const knex = strapi.db.connection;
  const rows: unknown[] = await table(knex, CHANNEL_ORDERS_TABLE)
    .where('status', 'paid')
    .whereNull('invoice_uploaded_at')
    .whereNotNull('order_document_id')
    .whereNotExists(
      (q) =>
        void q
          .select(knex.raw('1'))
          .from(JOBS_TABLE)
          .whereRaw(`${JOBS_TABLE}.job_key = 'fiscal:' || ${CHANNEL_ORDERS_TABLE}.order_document_id`),
    )
    .orderBy('id', 'asc')
    .limit(50)
    .select('order_document_id');
  let queued = 0;
  for (const row of rows.filter(isRecord)) {
    const documentId = String(row.order_document_id);
    if (!(await hasAuthorizedInvoice(documentId))) continue;
    if (await queueJob('fiscal', documentId, { rearm: false })) queued += 1;
  }
  if (queued > 0) kickJobs();
  return queued;
}

let sweepTimer: NodeJS.Timeout | null = null;

export function startFiscalSweep(): void {
  if (sweepTimer) return;
  const every = Number(process.env.MERCADOLIBRE_FISCAL_SWEEP_MS ?? 5 * 60_000);
  sweepTimer = setInterval(
    () =>
      void sweepMissedFiscalDocuments().catch((error: unknown) => strapi.log.warn(`[channels] fiscal documents sweep: ${String(error)}`)),
    every,
  );
  sweepTimer.unref();
}

export function stopFiscalSweep(): void {
  if (sweepTimer) clearInterval(sweepTimer);
  sweepTimer = null;
}
