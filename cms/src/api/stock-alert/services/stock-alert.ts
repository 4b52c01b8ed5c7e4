import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  MSG,
  normalizeSizes,
  resolveStockBySize,
  STOCK_ALERT_MSG,
  stockAlertMail,
  type StockAlert,
  type StockAlertInput,
  type WaitedSize,
  type WaitingSize,
} from '@shop/shared';
import { onCatalogueChange } from '../../../domains/catalogue/catalogue-version';
import { affectedRows, jsonColumn, newDocumentId, storedFlag, table, writeTransaction, type Trx } from '../../../utils/db-write';
import { badRequest, notFound } from '../../../utils/http';
import { shopBaseUrl } from '../../../utils/public-url';
import { enqueueMail } from '../../../domains/notifications/outbox-store';
import { shopOf } from '../../../domains/notifications/order-notices';
import { isoDate } from '../../../domains/orders/order-view';
import { PRODUCTS_TABLE } from '../../../domains/catalogue/product-stock';

/**
 * "Avisame cuando vuelva" (docs/api.md "Stock alerts"). A shopper asks to hear when a sold-out size has units again;
 * one row per (product, size, e-mail) under a unique index, so asking twice is one alert. Whenever the catalogue
 * changes (any stock write: the editor, Strapi's panel, a cancelled order, a script) and every minute, a sweep looks
 * for waiting alerts whose size has units and, for each, in one transaction, marks it notified with a conditional
 * UPDATE and queues its e-mail in the outbox: among several processes and repeated saves exactly one sweep wins.
 */

export const STOCK_ALERTS_TABLE = 'stock_alerts';
const WAITING = 'waiting';
/** How often each process sweeps without a catalogue change (an alert whose restock was missed, a raw SQL write). */
const SWEEP_EVERY_MS = 60_000;
/** After a catalogue change the sweep waits this long (the write's transaction commits; bursts make one sweep). */
const SWEEP_DELAY_MS = 300;
const SWEEP_BATCH = 500;

type Row = Record<string, unknown>;
const knex = () => strapi.db.connection;
const text = (v: unknown): string => (typeof v === 'string' ? v : '');

function alertsTable(): ReturnType<typeof table> {
  return table(knex() as Trx, STOCK_ALERTS_TABLE);
}

function productsTable(): ReturnType<typeof table> {
  return table(knex() as Trx, PRODUCTS_TABLE);
}

/** The signed token of an alert's unsubscribe link: its documentId and an HMAC of it under the app's keys. */
function signature(documentId: string): string {
  const keys: unknown = strapi.config.get('server.app.keys', []);
  const secret = Array.isArray(keys) ? keys.join(',') : '';
  if (secret === '') throw new Error('server.app.keys (APP_KEYS) is not set: stock alert links cannot be signed');
  return createHmac('sha256', `stock-alert-unsubscribe:${secret}`).update(documentId).digest('base64url').slice(0, 32);
}

export function unsubscribeToken(documentId: string): string {
  return `${documentId}.${signature(documentId)}`;
}

/** The documentId a token names, or null when it is not one this shop signed. */
export function verifiedDocumentId(token: string): string | null {
  const [documentId, sig] = token.split('.');
  if (!documentId || !sig || !/^[a-z0-9]{10,64}$/i.test(documentId)) return null;
  const expected = Buffer.from(signature(documentId));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected) ? documentId : null;
}

interface ProductStock {
  documentId: string;
  title: string;
  active: boolean;
  sizes: string[];
  /** Units of a size ('' for a product without sizes). */
  unitsOf(size: string): number;
}

function productStockOf(row: Row): ProductStock {
  const sizes = [...new Set(normalizeSizes(jsonColumn(row.size)))];
  const bySize = resolveStockBySize(sizes, jsonColumn(row.stock_by_size ?? null), row.stock);
  const single = Math.max(0, Number(row.stock ?? 0) || 0);
  return {
    documentId: text(row.document_id),
    title: text(row.title),
    active: storedFlag(row.is_active),
    sizes,
    unitsOf: (size) => (sizes.length === 0 ? single : (bySize[size] ?? 0)),
  };
}

async function productsByDocumentId(ids: string[]): Promise<Map<string, ProductStock>> {
  if (ids.length === 0) return new Map();
  const rows: Row[] = await productsTable()
    .whereIn('document_id', ids)
    .select('document_id', 'title', 'is_active', 'size', 'stock', 'stock_by_size');
  return new Map(rows.map((row) => [text(row.document_id), productStockOf(row)]));
}

function toAlert(row: Row): StockAlert {
  const status = text(row.alert_status);
  return {
    id: Number(row.id),
    productId: text(row.product_document_id),
    productTitle: text(row.product_title),
    size: text(row.size),
    email: text(row.email),
    phone: text(row.phone) || null,
    status: status === 'notified' || status === 'unsubscribed' ? status : 'waiting',
    createdAt: isoDate(row.created_at) ?? '',
    notifiedAt: isoDate(row.notified_at),
  };
}

/** The size an alert is for: one the product offers (refused otherwise), and one without units right now. */
function alertSize(product: ProductStock, requested: string | undefined): string {
  if (product.sizes.length === 0) {
    if (product.unitsOf('') > 0) throw badRequest(STOCK_ALERT_MSG.productInStock);
    return '';
  }
  const [size] = normalizeSizes([requested ?? '']);
  if (!size) throw badRequest(STOCK_ALERT_MSG.sizeRequired);
  if (!product.sizes.includes(size)) throw badRequest(STOCK_ALERT_MSG.sizeNotOffered(size));
  if (product.unitsOf(size) > 0) throw badRequest(STOCK_ALERT_MSG.sizeInStock(size));
  return size;
}

async function claimAndQueue(trx: Trx, alert: Row, product: ProductStock): Promise<boolean> {
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
  const talle = size === '' ? '' : `?talle=${encodeURIComponent(size)}`;
  const content = await strapi.service('api::site-content.site-content').getContent();
  const mail = stockAlertMail({
    shop: shopOf(content),
    productTitle: product.title,
    size,
    productUrl: `${base}/product/${encodeURIComponent(product.documentId)}${talle}`,
    unsubscribeUrl: `${base}/avisame/baja?token=${encodeURIComponent(unsubscribeToken(text(alert.document_id)))}`,
  });
  await enqueueMail({ to: text(alert.email), kind: 'stock_alert', ...mail, orderDocumentId: null, orderNumber: null });
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
    .select('id', 'document_id', 'product_document_id', 'size', 'email', 'shop_url');
  if (waiting.length === 0) return 0;
  const products = await productsByDocumentId([...new Set(waiting.map((a) => text(a.product_document_id)))]);
  let queued = 0;
  for (const alert of waiting) {
    const product = products.get(text(alert.product_document_id));
    if (!product?.active || product.unitsOf(text(alert.size)) <= 0) continue;
    if (await writeTransaction((trx) => claimAndQueue(trx, alert, product))) queued += 1;
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

export default () => ({
  /** Starts the sweeps of this process: after every catalogue change, and every minute. */
  startSweeps(): void {
    if (interval) return;
    onCatalogueChange(scheduleSweep);
    interval = setInterval(runSweep, SWEEP_EVERY_MS);
    interval.unref();
    scheduleSweep();
  },

  async stopSweeps(): Promise<void> {
    if (interval) clearInterval(interval);
    if (sweepTimer) clearTimeout(sweepTimer);
    interval = null;
    sweepTimer = null;
    await sweeping;
  },

  sweep: sweepStockAlerts,

  /** A shopper's alert (public): the same e-mail for the same size again is the same alert, waiting again. */
  async subscribe(productId: string, input: StockAlertInput, origin: string | null): Promise<{ size: string }> {
    const product = productId.length <= 64 ? (await productsByDocumentId([productId])).get(productId) : undefined;
    if (!product?.active) throw notFound(MSG.product.notFound);
    const size = alertSize(product, input.size);
    const now = new Date();
    const fields = {
      product_title: product.title.slice(0, 200),
      phone: input.phone?.trim() ? input.phone.trim() : null,
      alert_status: WAITING,
      notified_at: null,
      shop_url: shopBaseUrl(origin).slice(0, 200),
      updated_at: now,
    };
    await writeTransaction(async (trx) => {
      await table(trx, STOCK_ALERTS_TABLE)
        .insert({
          document_id: newDocumentId(),
          product_document_id: product.documentId,
          size,
          email: input.email.trim().toLowerCase(),
          ...fields,
          created_at: now,
          published_at: now,
        })
        .onConflict(['product_document_id', 'size', 'email'])
        .merge(fields);
    });
    // Units may have come back between the check above and the insert: the sweep sees them.
    scheduleSweep();
    return { size };
  },

  /** The unsubscribe link's action: the alert stops (also when it was already notified). */
  async unsubscribe(token: string): Promise<{ productTitle: string; size: string }> {
    const documentId = verifiedDocumentId(token);
    if (!documentId) throw badRequest(STOCK_ALERT_MSG.badToken);
    const row: Row | undefined = await alertsTable().where('document_id', documentId).first('id', 'product_title', 'size');
    if (!row) throw notFound(STOCK_ALERT_MSG.notFound);
    await writeTransaction((trx) =>
      table(trx, STOCK_ALERTS_TABLE).where('id', Number(row.id)).update({ alert_status: 'unsubscribed', updated_at: new Date() }),
    );
    return { productTitle: text(row.product_title), size: text(row.size) };
  },

  /** Staff: waiting alerts (of one product, or all), newest first, with the count per size. */
  async list(productId: string | undefined): Promise<{ alerts: StockAlert[]; bySize: WaitingSize[] }> {
    const query = alertsTable().where('alert_status', WAITING);
    if (productId !== undefined) void query.andWhere('product_document_id', productId);
    const rows: Row[] = await query.orderBy('id', 'desc').limit(500).select('*');
    const alerts = rows.map(toAlert);
    const counts = new Map<string, number>();
    for (const alert of alerts) counts.set(alert.size, (counts.get(alert.size) ?? 0) + 1);
    const bySize = [...counts]
      .map(([size, waiting]) => ({ size, waiting }))
      .sort((a, b) => b.waiting - a.waiting || (a.size < b.size ? -1 : 1));
    return { alerts, bySize };
  },

  async remove(id: number): Promise<void> {
    const removed = await writeTransaction(async (trx) => affectedRows(await table(trx, STOCK_ALERTS_TABLE).where('id', id).delete()));
    if (removed === 0) throw notFound(STOCK_ALERT_MSG.notFound);
  },

  /** The dashboard: the sizes most waited for (no shopper data), with their current units. */
  async waitedSizes(limit: number): Promise<WaitedSize[]> {
    const rows: Row[] = await alertsTable()
      .where('alert_status', WAITING)
      .groupBy('product_document_id', 'size')
      .select('product_document_id', 'size')
      .max({ title: 'product_title' })
      .count({ waiting: '*' })
      .orderBy([{ column: 'waiting', order: 'desc' }, { column: 'product_document_id' }, { column: 'size' }])
      .limit(limit);
    const products = await productsByDocumentId([...new Set(rows.map((r) => text(r.product_document_id)))]);
    return rows.map((row) => {
      const product = products.get(text(row.product_document_id));
      return {
        productId: text(row.product_document_id),
        title: product?.title ?? text(row.title),
        size: text(row.size),
        waiting: Number(row.waiting),
        stock: product ? product.unitsOf(text(row.size)) : 0,
      };
    });
  },
});
