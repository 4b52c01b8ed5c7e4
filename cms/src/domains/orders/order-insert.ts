import type { OrderItem } from '@shop/shared';
import type { Knex } from 'knex';
import { newDocumentId, table, type Trx } from '../../utils/db-write';
import { newOrderCustomer, phoneOnlyOrdersJoin } from '../customers';
import { numberRow } from './order-number';

/**
 * Writing a new order's rows with plain statements inside the checkout's transaction. Strapi's Document Service
 * (`strapi.documents(...).create`) costs several milliseconds of JavaScript per order (validation, cloning, a
 * uniqueness query, reading the order back with its components) while the transaction holds SQLite's only write
 * connection or PostgreSQL's lock on the day's order-number row: every other checkout waits that long. The rows
 * written here are exactly the ones the Document Service writes (the order, its components and their links; see
 * docs/performance.md), and the answer is built from the values written, so nothing is read back.
 */

export const ORDERS_TABLE = 'orders';
const ITEMS_TABLE = 'components_order_items';
const SHIPPING_TABLE = 'components_order_shipping_infos';
/** Strapi's table linking an order to its components (entity, component row, type, attribute, position). */
const COMPONENT_LINKS_TABLE = 'orders_cmps';

/** An order line as stored: the one order line (@shop/shared OrderItem) of a product that exists. */
export type NewOrderItem = Pick<OrderItem, 'title' | 'image' | 'quantity' | 'price' | 'size' | 'color' | 'variantId' | 'sku'> & {
  productId: string;
};

export interface NewOrderShipping {
  fullName: string;
  email: string;
  phone: string;
  address: string | null;
  city: string | null;
  postalCode: string | null;
  notes: string | null;
}

/** The order's attributes as the content type names them (src/api/order/content-types/order/schema.json). */
export interface NewOrder {
  /** The order's documentId when the caller needs it before the insert (the Idempotency-Key claims it); else new. */
  documentId?: string;
  /** null: numbered later in the same transaction (numberOrder), once the contended rows are locked. */
  orderNumber: string | null;
  items: NewOrderItem[];
  shippingInfo: NewOrderShipping;
  paymentMethod: string;
  deliveryType: string;
  /** deliveryType 'carrier': the quoted carrier, service, price, branch and address (OrderNationalShipping). */
  nationalShipping?: unknown;
  zoneId: string | null;
  zone: unknown;
  meetingPointId: string | null;
  meetingPoint: unknown;
  discounts: unknown;
  couponCode: string | null;
  orderStatus: string;
  reservedUntil: Date | null;
  subtotal: number;
  shippingCost: number;
  cashFee: number;
  discountTotal: number;
  total: number;
  /** "Precio sin impuestos nacionales" of the total (Ley 27.743), at each line's VAT rate when the order was placed. */
  netTotal?: number | null;
  notes: string | null;
  transferProofUrl: string | null;
  /** Sales taken by staff: where, by whom, and when it was paid on the spot (web orders: web, nobody, unpaid). */
  channel?: string;
  createdBy?: { id: number | null; name: string } | null;
  paidAt?: Date | null;
  /** A sale paid and handed over at the counter is delivered at once (web orders: unfulfilled, no steps). */
  fulfillment?: string;
  fulfillmentSteps?: unknown;
  /** The buyer's DNI or CUIT (digits) for her invoice, when she gave one. */
  buyerDocument?: string | null;
  /** She asked for her order's news on WhatsApp. */
  whatsappOptIn?: boolean;
  /** A channel's sale (Mercado Libre): its ids there. */
  external?: ({ orderId: string; packId: string | null; shipmentId: string | null } & Record<string, unknown>) | null;
}

/** A JSON attribute as both databases take it from knex (text; PostgreSQL casts it to jsonb). */
const jsonValue = (value: unknown): string | null => (value === null || value === undefined ? null : JSON.stringify(value));

function insertedId(result: unknown): number {
  const row: unknown = Array.isArray(result) ? result[0] : undefined;
  const id = typeof row === 'object' && row !== null && 'id' in row ? Number(row.id) : typeof row === 'number' ? row : NaN;
  if (!Number.isInteger(id)) throw new Error('insert returned no id');
  return id;
}

/** Inserts one row (`INSERT … RETURNING id`) and answers its id. */
async function insertRow(trx: Trx, tableName: string, row: Record<string, unknown>): Promise<number> {
  return insertedId(await table(trx, tableName).insert(row).returning('id'));
}

/**
 * Inserts several rows of one table in one statement and answers their ids in the order of `rows`. Both databases
 * give the rows of one INSERT ascending ids in the order they are inserted (SQLite's rowid under its write lock,
 * PostgreSQL's sequence called row by row), whatever order RETURNING lists them in: sorted, they match `rows`.
 */
async function insertRows(trx: Trx, tableName: string, rows: Record<string, unknown>[]): Promise<number[]> {
  if (rows.length === 0) return [];
  if (rows.length === 1) return [await insertRow(trx, tableName, rows[0]!)];
  const result: unknown = await table(trx, tableName).insert(rows).returning('id');
  const ids = (Array.isArray(result) ? result : []).map((row: unknown) => insertedId([row])).sort((a, b) => a - b);
  if (ids.length !== rows.length) throw new Error(`insert of ${rows.length} rows returned ${ids.length} ids`);
  return ids;
}

/** The ids the rows of a new order were given. */
interface WrittenIds {
  orderId: number;
  itemIds: number[];
  shippingId: number;
}

/** Strapi's link of a component to its order (its position among the order's lines, none for the shipping). */
const linkOf = (orderId: number, cmpId: number, type: string, field: string, order: number | null) => ({
  entity_id: orderId,
  cmp_id: cmpId,
  component_type: type,
  field,
  order,
});

/** The rows one statement at a time (SQLite: the statements run in this process; there is no round trip to save). */
async function writeRows(trx: Trx, rows: OrderRows, absorb: Knex.QueryBuilder | null): Promise<WrittenIds> {
  const orderId = await insertRow(trx, ORDERS_TABLE, rows.order);
  const itemIds = await insertRows(trx, ITEMS_TABLE, rows.items);
  const shippingId = await insertRow(trx, SHIPPING_TABLE, rows.shipping);
  const links = itemIds.map((id, index) => linkOf(orderId, id, 'order.item', 'items', index + 1));
  links.push(linkOf(orderId, shippingId, 'order.shipping-info', 'shippingInfo', null));
  await table(trx, COMPONENT_LINKS_TABLE).insert(links);
  if (absorb) await absorb;
  return { orderId, itemIds, shippingId };
}

/**
 * PostgreSQL: the order, its lines, its shipping details, their links and the phone-only orders it takes over in one
 * statement (one round trip instead of five; issue 64). The lines' ids ascend in the order of the VALUES (the
 * sequence is called row by row, as `insertRows` relies on), so each link's position is its line's rank by id. The
 * parts of one statement see the same snapshot: the UPDATE does not see the new order (it has the e-mail's key).
 */
async function writeRowsAtOnce(trx: Trx, rows: OrderRows, absorb: Knex.QueryBuilder | null): Promise<WrittenIds | null> {
  const parts: [string, Knex.Sql][] = [
    ['o', table(trx, ORDERS_TABLE).insert(rows.order).returning('id').toSQL()],
    ['i', table(trx, ITEMS_TABLE).insert(rows.items).returning('id').toSQL()],
    ['s', table(trx, SHIPPING_TABLE).insert(rows.shipping).returning('id').toSQL()],
  ];
  if (absorb) parts.push(['a', absorb.toSQL()]);
  // knex.raw would spread an array binding into a list: such rows go one statement at a time.
  if (parts.some(([, sql]) => sql.bindings.some((value) => Array.isArray(value)))) return null;
  const schema = strapi.db.getSchemaName();
  const links = schema ? `"${schema}"."${COMPONENT_LINKS_TABLE}"` : `"${COMPONENT_LINKS_TABLE}"`;
  const sql = [
    `WITH ${parts.map(([name, part]) => `${name} AS (${part.sql})`).join(', ')},`,
    `l AS (INSERT INTO ${links} (entity_id, cmp_id, component_type, field, "order")`,
    `SELECT o.id, i.id, 'order.item', 'items', row_number() OVER (ORDER BY i.id) FROM o CROSS JOIN i`,
    `UNION ALL SELECT o.id, s.id, 'order.shipping-info', 'shippingInfo', NULL FROM o CROSS JOIN s)`,
    `SELECT (SELECT id FROM o) AS order_id, (SELECT id FROM s) AS shipping_id, (SELECT json_agg(id ORDER BY id) FROM i) AS item_ids`,
  ].join(' ');
  const result = (await trx.raw(
    sql,
    parts.flatMap(([, part]) => [...part.bindings]),
  )) as { rows: { order_id: unknown; shipping_id: unknown; item_ids: unknown }[] };
  const row = result.rows[0];
  const itemIds = Array.isArray(row?.item_ids) ? row.item_ids.map(Number) : [];
  if (!row || itemIds.length !== rows.items.length) throw new Error(`insert of ${rows.items.length} lines returned ${itemIds.length} ids`);
  return { orderId: insertedId([row.order_id]), itemIds, shippingId: insertedId([row.shipping_id]) };
}

/** The rows of a new order, as the tables name their columns. */
interface OrderRows {
  order: Record<string, unknown>;
  items: Record<string, unknown>[];
  shipping: Record<string, unknown>;
}

/**
 * Inserts the order (with its customer), its lines and its shipping details, linked as Strapi links components.
 * Returns the stored order in the shape the Document Service returns it (camelCase attributes, components populated).
 */
export async function insertOrder(trx: Trx, order: NewOrder, now: Date = new Date()): Promise<Record<string, unknown>> {
  const documentId = order.documentId ?? newDocumentId();
  const info = order.shippingInfo;
  // The order's customer (joined by e-mail, else by phone) for the customers list, written with the order.
  const customer = await newOrderCustomer(trx, info);
  const rows: OrderRows = {
    order: {
      document_id: documentId,
      order_number: order.orderNumber,
      payment_method: order.paymentMethod,
      delivery_type: order.deliveryType,
      national_shipping: jsonValue(order.nationalShipping ?? null),
      zone_id: order.zoneId,
      zone: jsonValue(order.zone),
      meeting_point_id: order.meetingPointId,
      meeting_point: jsonValue(order.meetingPoint),
      order_status: order.orderStatus,
      subtotal: order.subtotal,
      shipping_cost: order.shippingCost,
      cash_fee: order.cashFee,
      discounts: jsonValue(order.discounts),
      discount_total: order.discountTotal,
      coupon_code: order.couponCode,
      total: order.total,
      net_total: order.netTotal ?? null,
      notes: order.notes,
      transfer_proof_url: order.transferProofUrl,
      reserved_until: order.reservedUntil,
      stock_returned: false,
      fulfillment: order.fulfillment ?? 'unfulfilled',
      fulfillment_steps: jsonValue(order.fulfillmentSteps ?? null),
      channel: order.channel ?? 'web',
      taken_by_id: order.createdBy?.id ?? null,
      taken_by_name: order.createdBy?.name ?? null,
      paid_at: order.paidAt ?? null,
      buyer_document: order.buyerDocument ?? null,
      whatsapp_opt_in: order.whatsappOptIn === true,
      external: jsonValue(order.external ?? null),
      customer_key: customer.key,
      customer_phone: customer.phone,
      created_at: now,
      updated_at: now,
      published_at: now,
    },
    items: order.items.map((item) => ({
      product_id: item.productId,
      title: item.title,
      image: item.image,
      quantity: item.quantity,
      price: item.price,
      size: item.size,
      color: item.color,
      variant_id: item.variantId ?? null,
      sku: item.sku ?? null,
    })),
    shipping: {
      full_name: info.fullName,
      email: info.email,
      phone: info.phone,
      address: info.address,
      city: info.city,
      postal_code: info.postalCode,
      notes: info.notes,
    },
  };
  const absorb = phoneOnlyOrdersJoin(trx, customer.key, customer.phone);
  const atOnce = strapi.db.dialect.client === 'postgres' && rows.items.length > 0;
  const { orderId, itemIds, shippingId } = (atOnce && (await writeRowsAtOnce(trx, rows, absorb))) || (await writeRows(trx, rows, absorb));
  return {
    ...order,
    id: orderId,
    documentId,
    items: order.items.map((item, index) => ({ id: itemIds[index], ...item })),
    shippingInfo: { id: shippingId, ...info },
    adminNotes: null,
    paidAt: order.paidAt ?? null,
    takenById: order.createdBy?.id ?? null,
    takenByName: order.createdBy?.name ?? null,
    mercadoPago: null,
    stockReturned: false,
    fulfillment: order.fulfillment ?? 'unfulfilled',
    fulfillmentSteps: order.fulfillmentSteps ?? null,
    createdAt: now,
    updatedAt: now,
    publishedAt: now,
  };
}

/** Gives the order inserted without a number the day's next one (see createNewOrder for why it comes last). */
export function numberOrder(trx: Trx, orderId: number): Promise<string> {
  return numberRow(trx, ORDERS_TABLE, orderId, 'order_number');
}
