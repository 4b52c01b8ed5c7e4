import type { Knex } from 'knex';
import {
  channelOf,
  customerIdOf,
  CUSTOMER_UNSPENT_STATUSES,
  ORDER_CHANNELS,
  type CustomerDetailAnswer,
  type CustomerListAnswer,
  type CustomerListQuery,
  type CustomerOrder,
  type CustomerSort,
  type CustomerSummary,
  type OrderChannel,
} from '@shop/shared';
import { contactsMatching } from './contact-search';
import { LINKS, ORDERS, SHIPPING } from './customer-keys';
import { catchUpCustomers, CUSTOMER_ROLLUP, rollupReady } from './customer-rollup';
import { isoDate, likeOf } from '../../utils/db-write';

/**
 * The customers list and the export read one row per customer from `shop_customers` (customer-rollup.ts: kept by
 * the orders' trigger, caught up before each read); one customer's page groups her own orders (index
 * idx_shop_orders_customer_key). Where the table could not be made, the list groups the orders itself, as before.
 * No order is loaded into JavaScript except, on a customer's page, her own. See docs/performance.md. The name,
 * e-mail and phone shown are those of her latest order.
 */

const knex = (): Knex => strapi.db.connection;
const num = (v: unknown) => (typeof v === 'number' ? v : Number(v) || 0);
const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

export const DEFAULT_PAGE_SIZE = 25;
/** Orders listed on a customer's page (newest first); her totals always count them all. */
export const CUSTOMER_ORDERS_SHOWN = 200;

interface GroupRow {
  customer_key: string;
  orders: unknown;
  total_spent: unknown;
  first_order: unknown;
  last_order: unknown;
  last_id: unknown;
  full_name: unknown;
  email: unknown;
  phone: unknown;
}

/**
 * The keys of customers any of whose orders has the term in its name, e-mail or phone (the shipping details' search
 * index, contact-search.ts), or whose key holds it (digits also match a phone's key).
 */
function searchKeys(k: Knex, term: string): Knex.QueryBuilder {
  const digits = term.replace(/\D/g, '');
  const fromContacts = k(`${ORDERS} as so`)
    .join(`${LINKS} as sc`, (j) => j.on('sc.entity_id', '=', 'so.id').andOnVal('sc.field', '=', 'shippingInfo'))
    .whereIn('sc.cmp_id', contactsMatching(k, term))
    .whereNotNull('so.customer_key')
    .select('so.customer_key');
  const byKey = k(rollupReady() ? CUSTOMER_ROLLUP : ORDERS)
    .where((w) => {
      w.whereRaw(`customer_key LIKE ? ESCAPE '\\'`, [likeOf(term)]);
      if (digits.length >= 4) w.orWhereRaw(`customer_key LIKE ?`, [`%${digits}%`]);
    })
    .select('customer_key');
  return fromContacts.union(byKey);
}

/** The customers table's rows (alias `o`, as the grouping below), when it exists. */
function rolledUp(k: Knex, filter: (q: Knex.QueryBuilder) => void): Knex.QueryBuilder {
  const q = k(`${CUSTOMER_ROLLUP} as o`).select(
    'o.customer_key',
    'o.orders',
    'o.total_spent',
    'o.first_order',
    'o.last_order',
    'o.last_id',
  );
  filter(q);
  return q;
}

/** One row per customer: her orders, what she spent (cancelled and refunded orders aside), first and last order. */
function grouped(k: Knex, filter: (q: Knex.QueryBuilder) => void): Knex.QueryBuilder {
  const unspent = CUSTOMER_UNSPENT_STATUSES.map(() => '?').join(', ');
  const q = k(`${ORDERS} as o`)
    .whereNotNull('o.customer_key')
    .whereNot('o.customer_key', '')
    .groupBy('o.customer_key')
    .select('o.customer_key')
    .select(k.raw('COUNT(*) as orders'))
    .select(
      k.raw(`COALESCE(SUM(CASE WHEN o.order_status IN (${unspent}) THEN 0 ELSE o.total END), 0) as total_spent`, [
        ...CUSTOMER_UNSPENT_STATUSES,
      ]),
    )
    .select(k.raw('MIN(o.created_at) as first_order'), k.raw('MAX(o.created_at) as last_order'), k.raw('MAX(o.id) as last_id'));
  filter(q);
  return q;
}

/** The grouped rows with the contact of each customer's latest order. */
function withContact(k: Knex, groups: Knex.QueryBuilder): Knex.QueryBuilder {
  return k
    .with('g', groups)
    .from('g')
    .leftJoin(`${LINKS} as c`, (j) => j.on('c.entity_id', '=', 'g.last_id').andOnVal('c.field', '=', 'shippingInfo'))
    .leftJoin(`${SHIPPING} as s`, 's.id', 'c.cmp_id')
    .select('g.*', 's.full_name', 's.email', 's.phone');
}

/** The channels each of these customers bought through. */
async function channelsOf(k: Knex, keys: string[]): Promise<Map<string, OrderChannel[]>> {
  const channels = new Map<string, OrderChannel[]>();
  if (keys.length === 0) return channels;
  const rows: { customer_key: string; channel: unknown }[] = await k(ORDERS)
    .whereIn('customer_key', keys)
    .groupBy('customer_key', 'channel')
    .select('customer_key', 'channel');
  for (const row of rows) {
    const list = channels.get(row.customer_key) ?? [];
    const channel = channelOf(row.channel);
    if (!list.includes(channel)) list.push(channel);
    channels.set(row.customer_key, list);
  }
  for (const list of channels.values()) list.sort((a, b) => ORDER_CHANNELS.indexOf(a) - ORDER_CHANNELS.indexOf(b));
  return channels;
}

function summaryOf(row: GroupRow, channels: Map<string, OrderChannel[]>): CustomerSummary {
  const phone = text(row.phone);
  // A sale without an e-mail after web orders: the address her key was made of (as typed on her latest one is lost).
  const email = text(row.email) ?? (row.customer_key.startsWith('e:') ? row.customer_key.slice(2) : null);
  return {
    id: customerIdOf(row.customer_key),
    name: text(row.full_name) ?? email ?? phone ?? 'Sin nombre',
    email,
    phone,
    orders: num(row.orders),
    totalSpent: num(row.total_spent),
    firstOrderAt: isoDate(row.first_order),
    lastOrderAt: isoDate(row.last_order),
    channels: channels.get(row.customer_key) ?? ['web'],
  };
}

async function summaries(k: Knex, rows: GroupRow[]): Promise<CustomerSummary[]> {
  const channels = await channelsOf(
    k,
    rows.map((r) => r.customer_key),
  );
  return rows.map((row) => summaryOf(row, channels));
}

/** The customers table brought up to date, or the orders' grouping where the table could not be made. */
async function readable(k: Knex): Promise<typeof grouped> {
  if (!rollupReady()) return grouped;
  await catchUpCustomers(k);
  return rolledUp;
}

const SORT_COLUMNS: Record<CustomerSort, string> = {
  lastOrder: 'g.last_id',
  totalSpent: 'g.total_spent',
  orders: 'g.orders',
  name: 'LOWER(s.full_name)',
};

/** The same sorts inside the table's (or the grouping's) own query, by the names it answers. */
const FIGURE_COLUMNS: Record<Exclude<CustomerSort, 'name'>, string> = { lastOrder: 'last_id', totalSpent: 'total_spent', orders: 'orders' };

const SEARCH_KEYS_READ = 5000;

/** GET /customers: one page of customers, searched and sorted in the database, with the total count. */
export async function listCustomers(query: CustomerListQuery): Promise<CustomerListAnswer> {
  const k = knex();
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const sort = query.sort ?? 'lastOrder';
  const direction = query.direction ?? (sort === 'name' ? 'asc' : 'desc');
  const term = query.search ?? '';
  // The keys found are read once for the count and the page (up to SEARCH_KEYS_READ; more stay a subquery).
  const found = term === '' ? null : await searchKeys(k, term).limit(SEARCH_KEYS_READ + 1);
  const keys = found && found.length <= SEARCH_KEYS_READ ? found.map((r: { customer_key: string }) => r.customer_key) : null;
  const filter = (q: Knex.QueryBuilder) => {
    if (term !== '') q.whereIn('o.customer_key', keys ?? searchKeys(k, term));
  };
  const customers = await readable(k);
  const counted: unknown = await k.from(customers(k, filter).as('counted')).count({ n: '*' }).first();
  const total = num((counted as { n?: unknown } | undefined)?.n);
  const order = direction === 'asc' ? 'ASC' : 'DESC';
  // Sorted by a figure of the table, the page is cut before each row gets its latest contact (joining the contacts of
  // a broad search's 3,000 customers to sort them took longer than the rest); sorted by name, after.
  const groups =
    sort === 'name'
      ? customers(k, filter)
      : customers(k, (q) => {
          filter(q);
          void q
            .orderByRaw(`${FIGURE_COLUMNS[sort]} ${order}`)
            .orderBy('o.customer_key', 'asc')
            .limit(pageSize)
            .offset((page - 1) * pageSize);
        });
  const rows: GroupRow[] = await withContact(k, groups)
    .orderByRaw(`${SORT_COLUMNS[sort]} ${order}`)
    .orderBy('g.customer_key', 'asc')
    .limit(pageSize)
    .offset(sort === 'name' ? (page - 1) * pageSize : 0);
  return { customers: await summaries(k, rows), total, page, pageSize };
}

/** GET /customers/{id}: the customer and her latest orders; null when no order has that key. */
export async function customerDetail(key: string): Promise<CustomerDetailAnswer | null> {
  const k = knex();
  const rows: GroupRow[] = await withContact(
    k,
    grouped(k, (q) => {
      q.where('o.customer_key', key);
    }),
  );
  const [customer] = await summaries(k, rows);
  if (!customer) return null;
  const orders: Record<string, unknown>[] = await k(ORDERS)
    .where('customer_key', key)
    .orderBy('id', 'desc')
    .limit(CUSTOMER_ORDERS_SHOWN)
    .select('document_id', 'order_number', 'created_at', 'order_status', 'total', 'channel', 'payment_method', 'fulfillment');
  return {
    customer,
    orders: orders.map(
      (o): CustomerOrder => ({
        _id: String(o.document_id),
        orderNumber: text(o.order_number) ?? '',
        createdAt: isoDate(o.created_at),
        status: text(o.order_status) ?? 'pending_manual',
        total: num(o.total),
        channel: channelOf(o.channel),
        paymentMethod: text(o.payment_method) ?? 'cash',
        fulfillment: text(o.fulfillment),
      }),
    ),
  };
}

/** The export's customers in batches by key (keyset: `key > last key`, never OFFSET): one batch in memory at a time. */
export async function* customerBatches(batchSize: number): AsyncGenerator<CustomerSummary[]> {
  const k = knex();
  const customers = await readable(k);
  let after: string | null = null;
  for (;;) {
    const from = after;
    const rows: GroupRow[] = await withContact(
      k,
      customers(k, (q) => {
        if (from !== null) q.where('o.customer_key', '>', from);
        q.orderBy('o.customer_key', 'asc').limit(batchSize);
      }),
    )
      .orderBy('g.customer_key', 'asc')
      .limit(batchSize);
    if (rows.length > 0) yield await summaries(k, rows);
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1]!.customer_key;
  }
}
