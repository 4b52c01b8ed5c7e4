import { returnsStock, isOrderStatus } from '@shop/shared';
import { table, type Trx } from '../../utils/db-write';
import { emit } from '../../utils/events';
import { applyStatusChange, lockOrder, ORDERS_TABLE } from './order-admin';
import { recordStatusChange, type Actor } from './order-history';
import { insertOrder, numberOrder, type NewOrder, type NewOrderItem } from './order-insert';
import { orderStockSource, takeStock, type StockLine, type TakeStockOptions } from './order-stock';
import { badRequest } from '../../utils/http';

/**
 * Sales made on another channel (Mercado Libre) recorded as the shop's orders, inside the channel's transaction:
 * the sale already happened there, so it is never refused. Its units are taken with the same stock take as every
 * order (the ledger records them, reason `channel_sale`); a variant short of units gives what it has, never below 0,
 * and the order is flagged `oversold` ("Vendido sin stock").
 */

/** What a channel knows of its sale. Lines without a product (no variant with that SKU) take no units. */
export interface ChannelSale {
  channel: 'mercadolibre';
  external: { orderId: string; packId: string | null; shipmentId: string | null } & Record<string, unknown>;
  buyer: NewOrder['shippingInfo'];
  items: NewOrderItem[];
  subtotal: number;
  shippingCost: number;
  /** What the channel took off the lines' prices (its coupons and campaigns), whole pesos; 0 when nothing. */
  discountTotal?: number;
  total: number;
  /** Why it was recorded (the history's first entry). */
  note: string;
  by: Actor;
}

export interface RecordedChannelSale {
  documentId: string;
  orderNumber: string;
}

/** A sale that happened elsewhere: never refused for stock (see `short`); a product gone is a line without units. */
const CHANNEL_SALE: TakeStockOptions = {
  requireActive: false,
  refusal: (line) => badRequest(`Sin unidades de "${line.title}"`),
  unavailable: (line) => badRequest(`El producto "${line.title}" ya no existe`),
  missingSize: (line) => badRequest(`El producto "${line.title}" ya no ofrece el talle ${line.size ?? ''}`),
};

/** Records a paid channel sale as a paid order; its invoice is queued like any sale's (order.paid). */
export async function recordChannelSale(trx: Trx, sale: ChannelSale): Promise<RecordedChannelSale> {
  const now = new Date();
  const order: NewOrder = {
    orderNumber: null,
    items: sale.items,
    shippingInfo: sale.buyer,
    paymentMethod: 'mercadopago',
    deliveryType: sale.external.shipmentId ? 'delivery' : 'pickup',
    zoneId: null,
    zone: null,
    meetingPointId: null,
    meetingPoint: null,
    discounts: sale.discountTotal ? [{ kind: 'manual', label: 'Descuento de Mercado Libre', amount: sale.discountTotal }] : [],
    couponCode: null,
    orderStatus: 'paid',
    reservedUntil: null,
    subtotal: sale.subtotal,
    shippingCost: sale.shippingCost,
    cashFee: 0,
    discountTotal: sale.discountTotal ?? 0,
    total: sale.total,
    notes: null,
    transferProofUrl: null,
    channel: sale.channel,
    createdBy: null,
    paidAt: now,
    external: sale.external,
  };
  const created = await insertOrder(trx, order, now);
  const documentId = String(created.documentId);
  await recordStatusChange({ orderDocumentId: documentId, from: null, to: 'paid', by: sale.by, note: sale.note.slice(0, 1000), at: now });
  const missing: Record<string, number> = {};
  const lines: StockLine[] = sale.items
    .filter((item) => item.productId !== '')
    .map((item) => ({ ...item, size: item.size ?? null, variantId: item.variantId ?? null }));
  const options: TakeStockOptions = {
    ...CHANNEL_SALE,
    short: (line, count) => {
      const key = line.variantId ?? line.sku ?? line.productId;
      missing[key] = (missing[key] ?? 0) + count;
    },
  };
  await takeStock(trx, lines, options, orderStockSource('channel_sale', { documentId }, sale.by));
  const orderNumber = await numberOrder(trx, Number(created.id));
  const oversold = Object.keys(missing).length > 0 || lines.length < sale.items.length;
  // The units it lacked stay with the order (lockOrder: a cancellation, by the channel or by staff, never returns them).
  if (oversold) {
    await table(trx, ORDERS_TABLE)
      .where('id', Number(created.id))
      .update({ oversold: true, external: JSON.stringify({ ...sale.external, missing }) });
  }
  await emit('order.paid', { trx, documentId, orderNumber, total: sale.total });
  return { documentId, orderNumber };
}

/**
 * The channel cancelled its sale: the order is cancelled (history, its invoice credited: order.cancelled) and the
 * units it took come back, once (lockOrder leaves out the `missing` ones, never taken). false when it was cancelled
 * already.
 */
export async function cancelChannelSale(trx: Trx, documentId: string, by: Actor, reason: string): Promise<boolean> {
  const order = await lockOrder(trx, documentId);
  if (isOrderStatus(order.status) && returnsStock(order.status)) return false;
  await applyStatusChange(trx, documentId, order, { status: 'cancelled', reason }, by);
  return true;
}
