import { STOCK_RETURNING_STATUSES, variantId, type ProductParcel } from '@shop/shared';
import type { Knex } from 'knex';
import { millisOf, table } from '../../utils/db-write';
import { productParcelOf } from './product-row';

/**
 * A product's order lines by size: the fit report and the product's units sold per size read them (issue 60 §4: at
 * 100,000 orders each read went through every order line). Strapi names the order's line component's table so.
 */
export const SOLD_UNITS_INDEXES = [
  { name: 'idx_shop_order_items_product', table: 'components_order_items', columns: ['product_id', 'size'] },
] as const;

type JoinTable = { name: string; joinColumn: { name: string }; inverseJoinColumn: { name: string } };

/**
 * The order lines that are sales: Strapi's order items (`i`) joined to their orders (`o`), orders neither cancelled
 * nor refunded. Callers add their own period, product and grouping, or give the period here: its orders' ids are then
 * also named on the link table, which lets PostgreSQL walk a month's orders to their lines (34 ms at 100,000 orders)
 * instead of hashing every order's links (82 ms; issue 60 §4). Null before orders have items (never in a running shop).
 */
export function soldItems(within?: { start: Date; end?: Date }): Knex.QueryBuilder | null {
  const meta = strapi.db.metadata.get('api::order.order');
  const join = (meta.attributes.items as { joinTable?: JoinTable }).joinTable;
  if (!join) return null;
  const itemsTable = strapi.db.metadata.get('order.item').tableName;
  const schema = strapi.db.getSchemaName();
  const name = (t: string) => (schema ? `${schema}.${t}` : t);
  const query = strapi.db
    .connection(`${name(itemsTable)} as i`)
    .join(`${name(join.name)} as j`, `j.${join.inverseJoinColumn.name}`, 'i.id')
    .join(`${name(meta.tableName)} as o`, 'o.id', `j.${join.joinColumn.name}`)
    // The join table links every component of the order (its shipping too, whose ids run alongside the items').
    .where('j.component_type', 'order.item')
    .andWhere('j.field', 'items')
    .whereNotIn('o.order_status', [...STOCK_RETURNING_STATUSES]);
  if (within) {
    const ids = strapi.db.connection(name(meta.tableName)).select('id').where('created_at', '>=', within.start);
    void query.andWhere('o.created_at', '>=', within.start);
    if (within.end) {
      void ids.andWhere('created_at', '<', within.end);
      void query.andWhere('o.created_at', '<', within.end);
    }
    void query.whereIn(`j.${join.joinColumn.name}`, ids);
  }
  return query;
}

/** Units of one product sold per size (the line's size; '' without one), over all time. */
export async function unitsSoldBySize(productId: string): Promise<Map<string, number>> {
  const sold = soldItems();
  if (!sold) return new Map();
  const rows: { size: string | null; sold: unknown }[] = await sold
    .where('i.product_id', productId)
    .groupBy('i.size')
    .select('i.size')
    .sum({ sold: 'i.quantity' });
  return new Map(rows.map((r) => [(r.size ?? '').trim().toUpperCase(), Number(r.sold) || 0]));
}

/** One sold line as the size curve keeps it: when its order was placed, its size as written, its units. */
export interface SoldAt {
  at: number;
  size: string;
  units: number;
}

/**
 * Every sold line of some products (orders neither cancelled nor refunded), all time, by product: the size curve
 * keeps them per product and answers any period from them (reports/size-curve-report.ts), so a period never asked
 * before is not a new count of the category's orders (issue 60 §4).
 */
export async function soldLinesOfProducts(productIds: readonly string[]): Promise<Map<string, SoldAt[]>> {
  const byProduct = new Map<string, SoldAt[]>();
  const sold = soldItems();
  if (!sold || productIds.length === 0) return byProduct;
  const rows: { product_id: string; size: string | null; quantity: unknown; created_at: unknown }[] = await sold
    .whereIn('i.product_id', [...productIds])
    .select('i.product_id', 'i.size', 'i.quantity', 'o.created_at');
  for (const row of rows) {
    const lines = byProduct.get(row.product_id) ?? [];
    lines.push({ at: millisOf(row.created_at), size: row.size ?? '', units: Number(row.quantity) || 0 });
    byProduct.set(row.product_id, lines);
  }
  return byProduct;
}

/**
 * The products whose category `matches` (the reports' categories, matched as the size guides match them), each with
 * its last write (`updated_at`, the latest of its rows): the distinct categories first (a few), then the products of
 * those that match, by SQL. A kept count compares the write with the one it counted with (MovedProductsMemo).
 */
export async function productsWhere(matches: (category: string) => boolean): Promise<Map<string, string>> {
  const categories: { category: string | null }[] = await table(strapi.db.connection, 'products').distinct('category');
  const wanted = categories.flatMap((row) => (row.category !== null && matches(row.category) ? [row.category] : []));
  if (wanted.length === 0) return new Map();
  const rows: { document_id: string; written: unknown }[] = await table(strapi.db.connection, 'products')
    .whereIn('category', wanted)
    .groupBy('document_id')
    .select('document_id')
    .max({ written: 'updated_at' });
  return new Map(rows.map((row) => [row.document_id, String(row.written instanceof Date ? row.written.getTime() : row.written)]));
}

/** Units sold per variant since `since` (orders neither cancelled nor refunded), keyed `<productId>\u0000<variantId>`. */
export async function soldUnitsByVariant(since: Date): Promise<Map<string, number>> {
  const sold = soldItems({ start: since });
  if (!sold) return new Map();
  const rows: { product_id: string | null; variant_id: string | null; color: string | null; size: string | null; units: unknown }[] =
    await sold
      .groupBy('i.product_id', 'i.variant_id', 'i.color', 'i.size')
      .select('i.product_id', 'i.variant_id', 'i.color', 'i.size')
      .sum({ units: 'i.quantity' });
  const units = new Map<string, number>();
  for (const row of rows) {
    if (!row.product_id) continue;
    // Lines from before variants carry their colour and size only: the variant's id is made of them.
    const id = row.variant_id || variantId(row.color, row.size ? row.size.trim().toUpperCase() : null);
    const key = `${row.product_id}\u0000${id}`;
    units.set(key, (units.get(key) ?? 0) + (Number(row.units) || 0));
  }
  return units;
}

/** One sold line of the period with its order's figures (the sales report). */
export interface SoldLine {
  orderId: string;
  channel: string;
  orderSubtotal: number;
  orderDiscount: number;
  /** When the order was placed. */
  orderedAt: Date;
  /** How the order was paid: `mercadopago`, `cash` or `transfer`. */
  paymentMethod: string;
  /** The line's place in its order (0 first), as return requests name it. */
  lineIndex: number;
  productId: string;
  title: string;
  variantId: string;
  color: string | null;
  size: string | null;
  quantity: number;
  price: number;
}

/** Every line of the orders created within [start, end) and neither cancelled nor refunded. */
export async function soldLinesBetween(start: Date, end: Date): Promise<SoldLine[]> {
  const sold = soldItems({ start, end });
  if (!sold) return [];
  const rows: Record<string, unknown>[] = await sold.select(
    'o.document_id as order_id',
    'o.channel',
    'o.subtotal',
    'o.discount_total',
    'o.payment_method',
    'o.created_at',
    'j.order as position',
    'i.product_id',
    'i.title',
    'i.variant_id',
    'i.color',
    'i.size',
    'i.quantity',
    'i.price',
  );
  // A line's index is its rank by position within its order (Strapi's component order).
  const byOrder = (a: Record<string, unknown>, b: Record<string, unknown>) => {
    const [x, y] = [String(a.order_id), String(b.order_id)];
    return x < y ? -1 : x > y ? 1 : Number(a.position) - Number(b.position);
  };
  rows.sort(byOrder);
  const lines: SoldLine[] = [];
  let previous = '';
  let index = 0;
  for (const row of rows) {
    const orderId = String(row.order_id);
    index = orderId === previous ? index + 1 : 0;
    previous = orderId;
    const size = typeof row.size === 'string' && row.size.trim() !== '' ? row.size.trim().toUpperCase() : null;
    const color = typeof row.color === 'string' && row.color.trim() !== '' ? row.color : null;
    lines.push({
      orderId,
      channel: typeof row.channel === 'string' ? row.channel : 'web',
      orderSubtotal: Number(row.subtotal) || 0,
      orderDiscount: Number(row.discount_total) || 0,
      orderedAt: new Date(row.created_at as string | number | Date),
      paymentMethod: typeof row.payment_method === 'string' ? row.payment_method : '',
      lineIndex: index,
      productId: typeof row.product_id === 'string' ? row.product_id : '',
      title: typeof row.title === 'string' ? row.title : '',
      variantId: typeof row.variant_id === 'string' && row.variant_id !== '' ? row.variant_id : variantId(color, size),
      color,
      size,
      quantity: Number(row.quantity) || 0,
      price: Number(row.price) || 0,
    });
  }
  return lines;
}

/** Each product's category (document id → category) of these products. */
export async function productCategoriesOf(productIds: readonly string[]): Promise<Map<string, string>> {
  const categories = new Map<string, string>();
  for (let i = 0; i < productIds.length; i += 500) {
    const rows: { document_id: string; category: string | null }[] = await table(strapi.db.connection, 'products')
      .whereIn('document_id', productIds.slice(i, i + 500))
      .select('document_id', 'category');
    for (const row of rows) categories.set(row.document_id, row.category ?? '');
  }
  return categories;
}

/** Each product's category and packed parcel (document id → both) of these products, for a national quote. */
export async function productParcelsOf(productIds: readonly string[]): Promise<Map<string, { category: string; parcel: ProductParcel }>> {
  const found = new Map<string, { category: string; parcel: ProductParcel }>();
  for (let i = 0; i < productIds.length; i += 500) {
    const rows: Record<string, unknown>[] = await table(strapi.db.connection, 'products')
      .whereIn('document_id', productIds.slice(i, i + 500))
      .select('document_id', 'category', 'packed_weight', 'packed_length', 'packed_width', 'packed_height');
    for (const row of rows) {
      const parcel = productParcelOf({
        packedWeight: Number(row.packed_weight) || null,
        packedLength: Number(row.packed_length) || null,
        packedWidth: Number(row.packed_width) || null,
        packedHeight: Number(row.packed_height) || null,
      });
      found.set(String(row.document_id), { category: typeof row.category === 'string' ? row.category : '', parcel });
    }
  }
  return found;
}
