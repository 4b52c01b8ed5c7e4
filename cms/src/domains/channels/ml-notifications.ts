import type { MercadoLibreNotification } from '@shop/shared';
import { readAccount } from './channel-account';
import { handleJobs, kickJobs, queueJob, startChannelWorker, stopChannelWorker } from './ml-jobs';
import { ORDER_RESOURCE_RE, runOrderJob } from './ml-orders';
import { runFiscalJob, startFiscalSweep, stopFiscalSweep } from './ml-fiscal';

/**
 * Mercado Libre's notifications (POST /channels/mercadolibre/notifications): answered 200 at once, the only thing
 * kept is a durable row for the resource (deduplicated); the worker fetches it later with the account's token. A
 * notice of another seller (`user_id`), of another topic or of a resource that is not an order is ignored.
 */
const ORDER_TOPICS = new Set(['orders_v2', 'orders']);

export async function receiveNotification(notice: MercadoLibreNotification): Promise<'queued' | 'ignored'> {
  if (!ORDER_TOPICS.has(notice.topic) || !ORDER_RESOURCE_RE.test(notice.resource)) return 'ignored';
  const account = await readAccount();
  if (!account?.refreshTokenSealed || account.externalUserId === null || String(account.externalUserId) !== String(notice.user_id)) {
    return 'ignored';
  }
  await queueJob('order', notice.resource);
  kickJobs();
  return 'queued';
}

/** The channel's worker: notified sales and invoices to upload (src/index.ts starts it with the process). */
export function startMercadoLibreSales(): void {
  handleJobs('order', runOrderJob);
  handleJobs('fiscal', runFiscalJob);
  startChannelWorker();
  startFiscalSweep();
}

export async function stopMercadoLibreSales(): Promise<void> {
  stopFiscalSweep();
  await stopChannelWorker();
}
