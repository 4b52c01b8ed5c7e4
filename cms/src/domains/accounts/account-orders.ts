import type { Knex } from 'knex';
import {
  ACCOUNT_LIMITS,
  carrierTrackingUrl,
  deliveredAndKept,
  channelOf,
  orderCustomerKey,
  type AccountOrder,
  type AccountOrdersAnswer,
  type CarrierId,
  type Order,
} from '@shop/shared';
import { findProductRows, toProduct } from '../catalogue';
import { getOrder } from '../orders';
import { invitationToken } from '../reviews';
import { isRecord, table } from '../../utils/db-write';

/**
 * Her orders of every channel: those whose customer is her address's (orders/customers: web, chats, the counter
 * when an e-mail was given, Mercado Libre) and that carry an e-mail themselves. A sale taken with her phone only is
 * the same customer for the shop, but no e-mail of hers is on it: it is not shown to whoever signs in with the address.
 */
export function herOrders(knex: Knex, email: string): Knex.QueryBuilder {
  const key = orderCustomerKey({ email }) ?? '';
  return table(knex, 'orders as o')
    .join('orders_cmps as c', (j) => {
      j.on('c.entity_id', '=', 'o.id').andOnVal('c.field', '=', 'shippingInfo');
    })
    .join('components_order_shipping_infos as s', 's.id', 'c.cmp_id')
    .where('o.customer_key', key)
    .whereNotNull('s.email')
    .whereNot('s.email', '');
}

/** Her orders' document ids, newest first (all of them, for the export and the sizes; at most `limit`). */
export async function herOrderIds(email: string, limit = 500, offset = 0): Promise<string[]> {
  const rows: unknown[] = await herOrders(strapi.db.connection, email)
    .orderBy('o.id', 'desc')
    .limit(limit)
    .offset(offset)
    .select('o.document_id');
  return rows.filter(isRecord).map((r) => String(r.document_id));
}

async function shipmentsOf(ids: string[]): Promise<Map<string, { carrier: string; number: string }>> {
  const rows: unknown[] = ids.length
    ? await table(strapi.db.connection, 'shipments')
        .whereIn('order_document_id', ids)
        .select('order_document_id', 'carrier', 'tracking_number')
    : [];
  return new Map(
    rows
      .filter(isRecord)
      .filter((r) => typeof r.tracking_number === 'string' && r.tracking_number !== '')
      .map((r) => [String(r.order_document_id), { carrier: String(r.carrier), number: String(r.tracking_number) }]),
  );
}

async function invoicedOf(ids: string[]): Promise<Set<string>> {
  const rows: unknown[] = ids.length
    ? await table(strapi.db.connection, 'invoices')
        .whereIn('order_document_id', ids)
        .where({ kind: 'invoice' })
        .whereNotNull('cae')
        .select('order_document_id')
    : [];
  return new Set(rows.filter(isRecord).map((r) => String(r.order_document_id)));
}

/** Which of these orders' variants have units now (the product active, the variant offered and in stock). */
async function availability(orders: Order[]): Promise<(productId: string | null, size: string, color: string) => boolean> {
  const ids = [...new Set(orders.flatMap((o) => o.items.map((i) => i.productId).filter((id): id is string => !!id)))];
  const products = new Map((await findProductRows(ids)).map((row) => [String(row.documentId), toProduct(row)]));
  return (productId, size, color) => {
    const product = productId ? products.get(productId) : undefined;
    if (!product?.status) return false;
    const variant = (product.variants ?? []).find((v) => (v.size ?? '') === size && (v.color ?? '') === color);
    return variant ? variant.available && variant.stock > 0 : product.stock > 0 && (product.variants ?? []).length === 0;
  };
}

function toAccountOrder(
  order: Order,
  shipment: { carrier: string; number: string } | undefined,
  invoiced: boolean,
  available: (productId: string | null, size: string, color: string) => boolean,
): AccountOrder {
  return {
    orderNumber: order.orderNumber,
    createdAt: order.createdAt,
    channel: channelOf(order.channel),
    status: order.status,
    fulfillment: order.fulfillment ?? null,
    total: order.total,
    paymentMethod: order.paymentMethod,
    items: order.items.map((item) => ({
      productId: item.productId ?? null,
      // Product pages are addressed by the product's id.
      slug: item.productId ?? null,
      title: item.title,
      size: item.size ?? '',
      color: item.color ?? '',
      quantity: item.quantity,
      unitPrice: item.price,
      available: available(item.productId ?? null, item.size ?? '', item.color ?? ''),
    })),
    checkoutUrl: order.status === 'pending_payment' ? (order.payment?.checkoutUrl ?? null) : null,
    tracking: shipment
      ? { carrier: shipment.carrier, number: shipment.number, url: carrierTrackingUrl(shipment.carrier as CarrierId, shipment.number) }
      : null,
    invoiced,
    // The invitation's own page (its signed link), for a delivered order that was not cancelled or refunded since.
    reviewPath: deliveredAndKept(order) ? `/opinar/${encodeURIComponent(invitationToken(order._id))}` : null,
  };
}

/** Her orders as the shop's orders read them, in the order of `ids`. */
export async function readOrders(ids: string[]): Promise<Order[]> {
  return Promise.all(ids.map((id) => getOrder(id)));
}

/** GET /account/orders: a page of her orders, newest first. */
export async function accountOrders(email: string, page: number): Promise<AccountOrdersAnswer> {
  const perPage = ACCOUNT_LIMITS.ordersPerPage;
  const counted: unknown = await herOrders(strapi.db.connection, email).count({ n: '*' }).first();
  const total = isRecord(counted) ? Number(counted.n) || 0 : 0;
  const ids = await herOrderIds(email, perPage, (page - 1) * perPage);
  const orders = await readOrders(ids);
  const [shipments, invoiced, available] = await Promise.all([shipmentsOf(ids), invoicedOf(ids), availability(orders)]);
  return {
    orders: orders.map((o) => toAccountOrder(o, shipments.get(o._id), invoiced.has(o._id), available)),
    total,
    totalPages: Math.max(1, Math.ceil(total / perPage)),
    page,
  };
}
