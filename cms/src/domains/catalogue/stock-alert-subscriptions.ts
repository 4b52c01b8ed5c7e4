// "Avisame" subscriptions: a shopper's alert, its unsubscribe link's action, and the staff's lists of waiting alerts.
import {
  colorKey,
  colorMatters,
  MSG,
  normalizeSizes,
  STOCK_ALERT_MSG,
  WHATSAPP_MSG,
  type StockAlert,
  type StockAlertInput,
  type WaitedSize,
  type WaitingSize,
} from '@shop/shared';
import { affectedRows, newDocumentId, table, writeTransaction, isoDate } from '../../utils/db-write';
import { badRequest, notFound } from '../../utils/http';
import { shopBaseUrl } from '../../utils/public-url';
import { alertsTable, productsByDocumentId, STOCK_ALERTS_TABLE, text, WAITING, type ProductStock, type Row } from './stock-alert-store';
import { verifiedDocumentId } from './stock-alert-links';
import { scheduleSweep } from './stock-alert-sweep';
import { whatsappNumber } from '../notifications';

function toAlert(row: Row): StockAlert {
  const status = text(row.alert_status);
  return {
    id: Number(row.id),
    productId: text(row.product_document_id),
    productTitle: text(row.product_title),
    size: text(row.size),
    color: text(row.color),
    email: text(row.email),
    phone: text(row.phone) || null,
    status: status === 'notified' || status === 'unsubscribed' ? status : 'waiting',
    createdAt: isoDate(row.created_at) ?? '',
    notifiedAt: isoDate(row.notified_at),
  };
}

/**
 * The colour an alert is for: one of the product's colours (its name as the product spells it), or '' when none is
 * named or the product sells one colour only (then the size's units decide).
 */
function alertColor(product: ProductStock, requested: string | undefined): string {
  const wanted = colorKey(requested);
  if (wanted === '' || !colorMatters(product.variants)) return '';
  const found = product.variants.find((variant) => colorKey(variant.color) === wanted);
  if (!found?.color) throw badRequest(STOCK_ALERT_MSG.colorNotSold(requested?.trim() ?? ''));
  return found.color;
}

/** The size an alert is for: one the product offers (refused otherwise), and one without units right now. */
function alertSize(product: ProductStock, requested: string | undefined, color: string): string {
  if (product.sizes.length === 0) {
    if (product.unitsOf('', color) > 0) throw badRequest(color ? STOCK_ALERT_MSG.variantInStock(color) : STOCK_ALERT_MSG.productInStock);
    return '';
  }
  const [size] = normalizeSizes([requested ?? '']);
  if (!size) throw badRequest(STOCK_ALERT_MSG.sizeRequired);
  if (!product.sizes.includes(size)) throw badRequest(STOCK_ALERT_MSG.sizeNotOffered(size));
  if (color && !product.variants.some((v) => v.color === color && v.size === size && v.active))
    throw badRequest(STOCK_ALERT_MSG.variantNotSold(`${color} ${size}`));
  if (product.unitsOf(size, color) > 0)
    throw badRequest(color ? STOCK_ALERT_MSG.variantInStock(`${color} ${size}`) : STOCK_ALERT_MSG.sizeInStock(size));
  return size;
}

/** A shopper's alert (public): the same e-mail for the same size again is the same alert, waiting again. */
export async function subscribe(productId: string, input: StockAlertInput, origin: string | null): Promise<{ size: string }> {
  const product = productId.length <= 64 ? (await productsByDocumentId([productId])).get(productId) : undefined;
  if (!product?.active) throw notFound(MSG.product.notFound);
  const color = alertColor(product, input.color);
  const size = alertSize(product, input.size, color);
  if (input.whatsappOptIn && whatsappNumber(input.phone) === null) throw badRequest(WHATSAPP_MSG.badPhone);
  const now = new Date();
  const fields = {
    product_title: product.title.slice(0, 200),
    phone: input.phone?.trim() ? input.phone.trim() : null,
    whatsapp_opt_in: input.whatsappOptIn === true,
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
        color,
        email: input.email.trim().toLowerCase(),
        ...fields,
        created_at: now,
        published_at: now,
      })
      .onConflict(['product_document_id', 'size', 'color', 'email'])
      .merge(fields);
  });
  // Units may have come back between the check above and the insert: the sweep sees them.
  scheduleSweep();
  return { size };
}

/** The unsubscribe link's action: the alert stops (also when it was already notified). */
export async function unsubscribe(token: string): Promise<{ productTitle: string; size: string }> {
  const documentId = verifiedDocumentId(token);
  if (!documentId) throw badRequest(STOCK_ALERT_MSG.badToken);
  const row: Row | undefined = await alertsTable().where('document_id', documentId).first('id', 'product_title', 'size');
  if (!row) throw notFound(STOCK_ALERT_MSG.notFound);
  await writeTransaction((trx) =>
    table(trx, STOCK_ALERTS_TABLE).where('id', Number(row.id)).update({ alert_status: 'unsubscribed', updated_at: new Date() }),
  );
  return { productTitle: text(row.product_title), size: text(row.size) };
}

/** Staff: waiting alerts (of one product, or all), newest first, with the count per size. */
export async function listWaiting(productId: string | undefined): Promise<{ alerts: StockAlert[]; bySize: WaitingSize[] }> {
  const query = alertsTable().where('alert_status', WAITING);
  if (productId !== undefined) void query.andWhere('product_document_id', productId);
  const rows: Row[] = await query.orderBy('id', 'desc').limit(500).select('*');
  const alerts = rows.map(toAlert);
  const counts = new Map<string, number>();
  // Counted per variant waited for ("Nude 90C"; the size alone for alerts of any colour).
  for (const alert of alerts) {
    const label = [alert.color, alert.size].filter(Boolean).join(' ');
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  const bySize = [...counts]
    .map(([size, waiting]) => ({ size, waiting }))
    .sort((a, b) => b.waiting - a.waiting || (a.size < b.size ? -1 : 1));
  return { alerts, bySize };
}

export async function removeAlert(id: number): Promise<void> {
  const removed = await writeTransaction(async (trx) => affectedRows(await table(trx, STOCK_ALERTS_TABLE).where('id', id).delete()));
  if (removed === 0) throw notFound(STOCK_ALERT_MSG.notFound);
}

/** The dashboard: the sizes most waited for (no shopper data), with their current units. */
export async function waitedSizes(limit: number): Promise<WaitedSize[]> {
  const rows: Row[] = await alertsTable()
    .where('alert_status', WAITING)
    .groupBy('product_document_id', 'size', 'color')
    .select('product_document_id', 'size', 'color')
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
      size: [text(row.color), text(row.size)].filter(Boolean).join(' '),
      waiting: Number(row.waiting),
      stock: product ? product.unitsOf(text(row.size), text(row.color)) : 0,
    };
  });
}
