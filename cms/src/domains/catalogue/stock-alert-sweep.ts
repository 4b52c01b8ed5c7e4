// The stock alerts' sweep: claims each waiting alert whose size has units again and queues its e-mail, and its timers.
import { stockAlertMail } from '@shop/shared';
import { affectedRows, storedFlag, table, writeTransaction, type Trx } from '../../utils/db-write';
import { shopBaseUrl } from '../../utils/public-url';
import { enqueueMail, mailAllowed, shopOf, whatsappNoticeSender, type WhatsappNoticeSender } from '../notifications';
import { alertsTable, productsByDocumentId, STOCK_ALERTS_TABLE, text, WAITING, type ProductStock, type Row } from './stock-alert-store';
import { unsubscribeToken } from './stock-alert-links';

/** How often each process sweeps without a catalogue change (an alert whose restock was missed, a raw SQL write). */
const SWEEP_EVERY_MS = 60_000;
/** After a catalogue change the sweep waits this long (the write's transaction commits; bursts make one sweep). */
const SWEEP_DELAY_MS = 300;
const SWEEP_BATCH = 500;

async function claimAndQueue(trx: Trx, alert: Row, product: ProductStock, whatsapp: WhatsappNoticeSender | null): Promise<boolean> {
  const now = new Date();
  const claimed = affectedRows(
    await table(trx, STOCK_ALERTS_TABLE)
      .where('id', Number(alert.id))
      .andWhere('alert_status', WAITING)
      .update({ alert_status: 'notified', notified_at: now, updated_at: now }),
  );
  if (claimed !== 1) return false;
  const size = text(alert.size);
  const base = text(alert.shop_url) || shopBaseUrl(null);
  const color = text(alert.color);
  const pairs: [string, string][] = [];
  if (color) pairs.push(['color', color]);
  if (size) pairs.push(['talle', size]);
  const params = new URLSearchParams(pairs).toString();
  const talle = params === '' ? '' : `?${params}`;
  const content = await strapi.service('api::site-content.site-content').getContent();
  const token = encodeURIComponent(unsubscribeToken(text(alert.document_id)));
  const mail = stockAlertMail({
    shop: shopOf(content),
    productTitle: product.title,
    size: [color, size].filter(Boolean).join(' '),
    productUrl: `${base}/product/${encodeURIComponent(product.documentId)}${talle}`,
    unsubscribeUrl: `${base}/avisame/baja?token=${token}`,
  });
  // Her account's preferences may have switched 'Avisame' mails off: the alert is still answered (notified).
  if (await mailAllowed(text(alert.email), 'stock_alert'))
    await enqueueMail({
      to: text(alert.email),
      kind: 'stock_alert',
      ...mail,
      orderDocumentId: null,
      orderNumber: null,
      listUnsubscribeUrl: `${base}/api/stock-alerts/unsubscribe?token=${token}`,
    });
  // The same news on WhatsApp, when she ticked "Avisame también por WhatsApp" (one message per notification).
  if (whatsapp && storedFlag(alert.whatsapp_opt_in)) {
    await whatsapp(trx, {
      key: `${text(alert.document_id)}:${now.toISOString()}`,
      phone: text(alert.phone) || null,
      values: {
        productTitle: [product.title, color, size].filter(Boolean).join(' '),
        link: `${base}/product/${encodeURIComponent(product.documentId)}${talle}`,
      },
    });
  }
  return true;
}

/**
 * Notifies every waiting alert whose product is active and whose size has units: one transaction per alert (the
 * conditional UPDATE decides who sends). Returns how many this call queued.
 */
export async function sweepStockAlerts(): Promise<number> {
  const waiting: Row[] = await alertsTable()
    .where('alert_status', WAITING)
    .orderBy('id', 'asc')
    .limit(SWEEP_BATCH)
    .select('id', 'document_id', 'product_document_id', 'size', 'color', 'email', 'phone', 'whatsapp_opt_in', 'shop_url');
  if (waiting.length === 0) return 0;
  // Read once, before any alert's transaction: WhatsApp's settings and the notice's template.
  const whatsapp = waiting.some((a) => storedFlag(a.whatsapp_opt_in)) ? await whatsappNoticeSender('back_in_stock') : null;
  const products = await productsByDocumentId([...new Set(waiting.map((a) => text(a.product_document_id)))]);
  let queued = 0;
  for (const alert of waiting) {
    const product = products.get(text(alert.product_document_id));
    if (!product?.active || product.unitsOf(text(alert.size), text(alert.color)) <= 0) continue;
    if (await writeTransaction((trx) => claimAndQueue(trx, alert, product, whatsapp))) queued += 1;
  }
  if (queued > 0) strapi.log.info(`[stock-alerts] ${queued} "volvió tu talle" e-mail(s) queued`);
  return queued;
}

let sweepTimer: NodeJS.Timeout | null = null;
let interval: NodeJS.Timeout | null = null;
let sweeping: Promise<unknown> | null = null;

function runSweep(): void {
  if (sweeping) {
    scheduleSweep();
    return;
  }
  sweeping = sweepStockAlerts()
    .catch((err: unknown) => strapi.log.warn(`[stock-alerts] sweep failed: ${err instanceof Error ? err.message : String(err)}`))
    .finally(() => {
      sweeping = null;
    });
}

/** A sweep shortly (several calls in a row make one). */
export function scheduleSweep(): void {
  if (sweepTimer) return;
  sweepTimer = setTimeout(() => {
    sweepTimer = null;
    runSweep();
  }, SWEEP_DELAY_MS);
  sweepTimer.unref();
}

/** A sweep soon after a catalogue change, once this process's sweeps have started (bootstrap/subscribers.ts). */
export function sweepAfterChange(): void {
  if (interval) scheduleSweep();
}

/** Starts the sweeps of this process: after every catalogue change (sweepAfterChange), and every minute. */
export function startSweeps(): void {
  if (interval) return;
  interval = setInterval(runSweep, SWEEP_EVERY_MS);
  interval.unref();
  scheduleSweep();
}

export async function stopSweeps(): Promise<void> {
  if (interval) clearInterval(interval);
  if (sweepTimer) clearTimeout(sweepTimer);
  interval = null;
  sweepTimer = null;
  await sweeping;
}
