import {
  ACTIVE_ORDER_STATUSES,
  CONFIRMABLE_STATUS,
  CONFIRMED_STATUS,
  confirmRefusalMessage,
  isOrderStatus,
  returnsStock,
  statusChangePlan,
  statusFitsMethod,
  type OrderStatus,
} from '@shop/shared';
import { affectedRows, jsonColumn, storedFlag, table, writeTransaction, type Trx, isRecord } from '../../utils/db-write';
import { ApiError, badRequest, conflict, notFound } from '../../utils/http';
import { ORDER_NOT_FOUND, ORDER_UID, findOrderDocument, getOrder } from './order-read';
import {
  insufficientStockMessage,
  missingSizeMessage,
  orderStockSource,
  returnStock,
  saleReason,
  takeStock,
  type StockLine,
} from './order-stock';
import type { StockSource } from '../catalogue';
import { type OrderAnswer } from './order-view';
import { deleteOrderHistory, recordStatusChange, type Actor } from './order-history';
import { linesStillOut } from './order-returned-units';
import { asShopWrite } from '../../utils/shop-write';
import { reclaimCouponUse, releaseCouponUse } from '../promotions';
import { emit } from '../../utils/events';

export const ORDERS_TABLE = 'orders';

/** Only Mercado Pago waits for Mercado Pago: staff cannot put another order in that status. */
export const ONLY_MERCADOPAGO_WAITS = 'Solo una orden pagada con Mercado Pago puede quedar Pendiente (Mercado Pago)';

export interface LockedOrder {
  id: number;
  documentId: string;
  orderNumber: string;
  status: string;
  paymentMethod: string;
  /** Where the sale was made (web when unknown): the ledger's reason for units it takes. */
  channel: string;
  adminNotes: string | null;
  stockReturned: boolean;
  paidAt: unknown;
  lines: StockLine[];
  /** The position in the order's items of each of `lines` (return requests name lines by it). */
  lineIndexes: number[];
}

function stockLinesOf(items: unknown): { lines: StockLine[]; indexes: number[] } {
  const lines: StockLine[] = [];
  const indexes: number[] = [];
  if (!Array.isArray(items)) return { lines, indexes };
  for (const [index, item] of items.entries()) {
    if (!isRecord(item) || typeof item.productId !== 'string' || item.productId === '') continue;
    const quantity = Number(item.quantity);
    if (!Number.isInteger(quantity) || quantity < 1) continue;
    lines.push({
      productId: item.productId,
      quantity,
      title: typeof item.title === 'string' ? item.title : item.productId,
      size: typeof item.size === 'string' && item.size.trim() !== '' ? item.size : null,
      color: typeof item.color === 'string' && item.color.trim() !== '' ? item.color : null,
      variantId: typeof item.variantId === 'string' && item.variantId !== '' ? item.variantId : null,
      sku: typeof item.sku === 'string' && item.sku !== '' ? item.sku : null,
    });
    indexes.push(index);
  }
  return { lines, indexes };
}

/**
 * The units a channel's sale really took: its `external.missing` (units sold on Mercado Libre that the shop did not
 * have, by variant) never came out of stock, so no cancellation gives them back (see order-external.ts).
 */
function takenLinesOf(all: { lines: StockLine[]; indexes: number[] }, external: unknown): { lines: StockLine[]; indexes: number[] } {
  const stored = jsonColumn(external);
  const missing = isRecord(stored) && isRecord(stored.missing) ? { ...stored.missing } : null;
  if (!missing) return all;
  const lines: StockLine[] = [];
  const indexes: number[] = [];
  all.lines.forEach((line, position) => {
    const key = line.variantId ?? line.sku ?? line.productId;
    const never = Math.min(line.quantity, Math.max(0, Number(missing[key]) || 0));
    missing[key] = (Number(missing[key]) || 0) - never;
    if (line.quantity - never <= 0) return;
    lines.push({ ...line, quantity: line.quantity - never });
    indexes.push(all.indexes[position]!);
  });
  return { lines, indexes };
}

/**
 * Starts an admin change of one order with a write to its row: that takes the row lock on PostgreSQL (and SQLite's
 * write lock) so that two concurrent changes of the same order run one after the other on fresh data.
 */
export async function lockOrder(trx: Trx, documentId: string): Promise<LockedOrder> {
  const touched = affectedRows(await table(trx, ORDERS_TABLE).where('document_id', documentId).update({ updated_at: new Date() }));
  if (touched === 0) throw notFound(ORDER_NOT_FOUND);
  const doc: unknown = await strapi.db.query(ORDER_UID).findOne({ where: { documentId }, populate: ['items'] });
  if (!isRecord(doc) || typeof doc.id !== 'number') throw notFound(ORDER_NOT_FOUND);
  const { lines, indexes } = takenLinesOf(stockLinesOf(doc.items), doc.external);
  return {
    id: doc.id,
    documentId,
    orderNumber: typeof doc.orderNumber === 'string' ? doc.orderNumber : '',
    status: typeof doc.orderStatus === 'string' ? doc.orderStatus : 'pending_manual',
    paymentMethod: typeof doc.paymentMethod === 'string' ? doc.paymentMethod : 'cash',
    channel: typeof doc.channel === 'string' ? doc.channel : 'web',
    adminNotes: typeof doc.adminNotes === 'string' ? doc.adminNotes : null,
    stockReturned: storedFlag(doc.stockReturned),
    paidAt: doc.paidAt,
    lines,
    lineIndexes: indexes,
  };
}

/**
 * Flips stock_returned from false to true; only the caller that flips it gives the stock back (exactly once), with
 * the ledger's `source` (a cancel by staff or Mercado Pago, the hold's expiry).
 */
export async function giveStockBack(trx: Trx, order: LockedOrder, source: StockSource): Promise<boolean> {
  const lines = await linesStillOut(trx, order.documentId, order.lines, order.lineIndexes);
  const flipped = affectedRows(
    await table(trx, ORDERS_TABLE)
      .where('id', order.id)
      // The group callback only adds conditions; the builder it returns is thenable but is not a query to run.
      .andWhere((q) => void q.where('stock_returned', false).orWhereNull('stock_returned'))
      .update({ stock_returned: true }),
  );
  if (flipped === 0) return false;
  await returnStock(trx, lines, source);
  // Its coupon use comes back with its units (once: only the caller that flipped the flag gets here).
  await releaseCouponUse(trx, order.documentId);
  return true;
}

/** An order leaving cancelled/refunded takes its units again (the ledger: its channel's reason), or the change is refused. */
async function takeStockAgain(trx: Trx, order: LockedOrder, by: Actor): Promise<void> {
  const lines = await linesStillOut(trx, order.documentId, order.lines, order.lineIndexes);
  const flipped = affectedRows(
    await table(trx, ORDERS_TABLE).where('id', order.id).andWhere('stock_returned', true).update({ stock_returned: false }),
  );
  if (flipped === 0) return;
  await takeStock(
    trx,
    lines,
    {
      requireActive: false,
      refusal: (line, left, named) =>
        conflict(`No se puede reactivar la orden: ${insufficientStockMessage(line.title, left, line.size, named)}`),
      unavailable: (line) => conflict(`No se puede reactivar la orden: el producto "${line.title}" ya no existe`),
      missingSize: (line) => conflict(`No se puede reactivar la orden: ${missingSizeMessage(line.title, line.size)}`),
    },
    orderStockSource(saleReason(order.channel), order, by),
  );
  const coupon = await reclaimCouponUse(trx, order.documentId);
  if (!coupon.ok) throw conflict(`No se puede reactivar la orden: el cupón ${coupon.code} ya no tiene usos disponibles`);
}

export interface StatusUpdate {
  status: OrderStatus;
  adminNotes?: string | null;
  /** Told to the shopper and kept as the history entry's note. */
  reason?: string;
}

/** The order after a change, and the status it had before (what the shopper's notice depends on). */
export interface StatusChanged {
  order: OrderAnswer;
  from: string;
}

/**
 * Any status may change to any other; stock follows: cancelled/refunded give it back once, leaving them takes it again.
 * A change of status or of the notes is recorded in the order's history, in the same transaction.
 */
export async function updateOrderStatus(documentId: string, update: StatusUpdate, by: Actor): Promise<StatusChanged> {
  const from = await writeTransaction(async (trx) => {
    const order = await lockOrder(trx, documentId);
    if (update.status !== order.status && !statusFitsMethod(update.status, order.paymentMethod)) {
      throw badRequest(ONLY_MERCADOPAGO_WAITS);
    }
    await applyStatusChange(trx, documentId, order, update, by);
    return order.status;
  });
  return { order: await getOrder(documentId), from };
}

/**
 * One change of a locked order inside the caller's transaction: stock follows the status (see statusChangePlan),
 * `paidAt` and the reservation too, `extra` columns are stored with it, and the change goes into the history.
 */
export async function applyStatusChange(
  trx: Trx,
  documentId: string,
  order: LockedOrder,
  update: StatusUpdate,
  by: Actor,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const plan = statusChangePlan(order, update.status);
  if (plan.stock === 'return') await giveStockBack(trx, order, orderStockSource('cancel', order, by));
  else if (plan.stock === 'take') await takeStockAgain(trx, order, by);
  const now = new Date();
  const data: Record<string, unknown> = { ...extra, orderStatus: update.status, updatedAt: now };
  if (update.adminNotes !== undefined) data.adminNotes = update.adminNotes;
  if (plan.stampPaidAt) data.paidAt = now;
  if (plan.endReservation) data.reservedUntil = null;
  await strapi.db.query(ORDER_UID).update({ where: { id: order.id }, data });
  // Electronic invoice (invoicing's in-transaction subscriber): a queued row only (the invoicing worker talks to ARCA
  // later; never blocks this change).
  if (update.status === 'paid' && order.status !== 'paid') await emit('order.paid', { trx, documentId, orderNumber: order.orderNumber });
  // Its invoice credited for what is left of it (a queued row: the sweep waits for the invoice, then asks ARCA).
  if (returnsStock(update.status) && !(isOrderStatus(order.status) && returnsStock(order.status))) {
    await emit('order.cancelled', { trx, documentId, orderNumber: order.orderNumber });
  }
  const notesChanged = update.adminNotes !== undefined && update.adminNotes !== null && update.adminNotes !== order.adminNotes;
  const note = update.reason ?? (update.adminNotes === undefined ? null : update.adminNotes);
  if (order.status !== update.status || notesChanged) {
    await recordStatusChange({ orderDocumentId: documentId, from: order.status, to: update.status, by, note, at: now });
  }
}

/** The confirm route's refusals also carry `success: false` and the message as `error`. */
function confirmRefusal(status: 400 | 404, message: string): ApiError {
  const extra = { success: false, error: message };
  return status === 404 ? notFound(message, extra) : badRequest(message, extra);
}

/** pending_manual -> confirmado, as one conditional update (a second confirm finds nothing to confirm), with its history entry. */
export async function confirmOrder(documentId: string, by: Actor): Promise<OrderAnswer> {
  const doc = await findOrderDocument(documentId);
  if (!doc) throw confirmRefusal(404, ORDER_NOT_FOUND);
  const count = await writeTransaction(async () => {
    const now = new Date();
    const result: unknown = await strapi.db
      .query(ORDER_UID)
      .updateMany({ where: { documentId, orderStatus: CONFIRMABLE_STATUS }, data: { orderStatus: CONFIRMED_STATUS, updatedAt: now } });
    const confirmed = isRecord(result) ? Number(result.count) : 0;
    if (confirmed > 0) {
      await recordStatusChange({ orderDocumentId: documentId, from: CONFIRMABLE_STATUS, to: CONFIRMED_STATUS, by, note: null, at: now });
    }
    return confirmed;
  });
  if (count === 0) {
    const current = (await findOrderDocument(documentId)) ?? doc;
    throw confirmRefusal(400, confirmRefusalMessage(String(current.orderStatus ?? '')));
  }
  return getOrder(documentId);
}

/** Deletes an order; an active one (never paid, cancelled or refunded) gives its units back first (`by` in the ledger). */
export async function deleteOrder(documentId: string, by?: Actor): Promise<{ orderNumber: string; stockReturned: boolean }> {
  return writeTransaction(async (trx) => {
    const order = await lockOrder(trx, documentId);
    const active = isOrderStatus(order.status) && ACTIVE_ORDER_STATUSES.includes(order.status);
    const returned = active && !order.stockReturned ? await giveStockBack(trx, order, orderStockSource('cancel', order, by)) : false;
    await asShopWrite(() => strapi.documents(ORDER_UID).delete({ documentId }));
    await deleteOrderHistory(documentId);
    return { orderNumber: order.orderNumber, stockReturned: returned };
  });
}
