import type { Knex } from 'knex';
import { FULFILLMENT_MESSAGES, MSG, ORDER_LIST_SORTS, isFulfillmentStep, isOrderChannel, isOrderStatus, shopDayRange } from '@shop/shared';
import { table, likeOf, isRecord } from '../../utils/db-write';
import { badRequest } from '../../utils/http';
import { contactsMatching } from '../customers';
import { currentOrderCounts } from './order-counts';
import { CHANNEL_FILTER_MESSAGE } from './order-list-filters';
import { ORDER_UID } from './order-read';
import { ORDER_POPULATE, toOrderAnswer, type OrderAnswer } from './order-view';

/**
 * The staff lists of orders (the orders list, the delivery sheet and the pickup list) at scale: the page's ids and
 * the count are two plain SQL queries on `orders` (only the filtered columns, each filter with its index in
 * ORDER_LIST_INDEXES, sorted by (created_at, id) in an index), and only the page's orders are then read whole with
 * their lines and shipping details. The Document Service's findMany + count joined the components for every row the
 * filters looked at (docs/performance.md, "At scale").
 */

const ORDERS = 'orders';
const LINKS = 'orders_cmps';

/**
 * Each list filter reads its own index in the list's order (created_at, id), so a page is the first rows of one
 * index range and the count an index-only scan of it. `created_at` alone is idx_shop_orders_created_at (SQLite
 * appends the rowid, PostgreSQL sorts the few equal timestamps). The delivery sheet and pickup list read
 * (delivery_type, fulfillment, …) and skip the delivered orders, which are most of them.
 */
export const ORDER_LIST_INDEXES = [
  // The search's shipping details found by their index lead back to their orders through this one (contact-search.ts).
  { name: 'idx_shop_orders_cmps_cmp', table: LINKS, columns: ['cmp_id', 'component_type', 'field', 'entity_id'] },
  { name: 'idx_shop_orders_list_status', table: ORDERS, columns: ['order_status', 'created_at', 'id'] },
  { name: 'idx_shop_orders_list_fulfillment', table: ORDERS, columns: ['fulfillment', 'created_at', 'id'] },
  { name: 'idx_shop_orders_list_zone', table: ORDERS, columns: ['zone_id', 'created_at', 'id'] },
  { name: 'idx_shop_orders_list_meeting_point', table: ORDERS, columns: ['meeting_point_id', 'created_at', 'id'] },
  { name: 'idx_shop_orders_list_channel', table: ORDERS, columns: ['channel', 'created_at', 'id'] },
  {
    name: 'idx_shop_orders_dispatch',
    table: ORDERS,
    columns: ['delivery_type', 'fulfillment', 'payment_method', 'order_status', 'created_at', 'id'],
  },
  // The dashboard summary: "por entregar" (paid, or confirmed after payment, not delivered) and the orders and paid
  // revenue per channel, each read from its own index without visiting the rows.
  { name: 'idx_shop_orders_to_deliver', table: ORDERS, columns: ['order_status', 'fulfillment', 'paid_at'] },
  { name: 'idx_shop_orders_channel_summary', table: ORDERS, columns: ['channel', 'order_status', 'total'] },
  // The summary's one GROUP BY (status, payment method, channel) with the revenue, read from this index alone.
  { name: 'idx_shop_orders_summary_all', table: ORDERS, columns: ['order_status', 'payment_method', 'channel', 'total'] },
] as const;

/** One channel: web also matches the orders older than channels (no channel stored). */
export function whereChannel(q: Knex.QueryBuilder, channel: string, column = 'o.channel'): void {
  if (!isOrderChannel(channel)) throw badRequest(CHANNEL_FILTER_MESSAGE);
  if (channel === 'web') void q.where((w) => void w.where(column, 'web').orWhereNull(column));
  else void q.where(column, channel);
}

const WHOLE_ORDER_NUMBER = /^[A-Za-z0-9]{1,10}-\d{8}-\d{4,}$/;
/** What part of an order number may hold (PREFIX-YYYYMMDD-NNNN): any other character (a space, an @, an accent) skips the numbers. */
const ORDER_NUMBER_TEXT = /^[A-Za-z0-9-]+$/;

/**
 * Order number, or the shipping details' name, e-mail or phone containing the term (case-insensitive, as the
 * Document Service's `$containsi` was): one `o.id IN (numbers matching UNION orders of the contacts matching)`, the
 * contacts from their search index (contact-search.ts). An `OR` of the two made both databases read every order
 * (docs/performance.md). A term with a character no order number has (PREFIX-YYYYMMDD-NNNN: a space, an @, an
 * accent) is never part of one, so the numbers are not read for it; a whole number (PREFIX-YYYYMMDD-NNNN) is looked up as such.
 */
export function whereSearch(q: Knex.QueryBuilder, term: string): void {
  const ids = searchedIds(term);
  if (ids) void q.whereIn('o.id', ids);
  // A whole order number (as copied from an e-mail or the tracking page) is one seek of its unique index.
  else void q.where('o.order_number', term.toUpperCase());
}

/**
 * The ids of the orders the search finds, as a subquery (with `all`, an order found by both its number and its
 * contact may come twice: the look-up can stop at a limit); null for a whole order number (looked up as such).
 */
function searchedIds(term: string, all = false): Knex.QueryBuilder | null {
  const knex = strapi.db.connection;
  // Each contact found leads to its order by one probe of the links' (cmp_id, …) index. As `cmp_id IN (…)`,
  // PostgreSQL guessed half the links and read all 100,000 of them into a hash (docs/performance.md).
  const orderOfContact = knex
    .from(`${LINKS} as sc`)
    .whereRaw('sc.cmp_id = found_contact.id')
    .andWhere('sc.field', 'shippingInfo')
    .andWhere('sc.component_type', 'order.shipping-info')
    .select('sc.entity_id')
    .limit(1);
  const matching = knex.from(contactsMatching(knex, term).as('found_contact')).select(orderOfContact.as('entity_id'));
  if (!ORDER_NUMBER_TEXT.test(term)) return matching;
  if (WHOLE_ORDER_NUMBER.test(term)) return null;
  const numbers = knex
    .from(`${ORDERS} as sn`)
    .whereRaw(`LOWER(sn.order_number) LIKE ? ESCAPE '\\'`, [likeOf(term)])
    .select('sn.id');
  return all ? numbers.unionAll(matching) : numbers.union(matching);
}

const SEARCH_IDS_READ = 5000;

/**
 * The search as a list of ids when it finds at most SEARCH_IDS_READ orders: looked up once, instead of once for the
 * count and once for the page (the trigram look-up of an e-mail reads long posting lists: "@co", ".ar"…); null
 * otherwise (the subquery then stays in both).
 */
async function searchedIdList(term: string): Promise<number[] | null> {
  const ids = searchedIds(term, true);
  if (!ids) return null;
  const rows: unknown[] = await strapi.db.connection
    .from(ids.as('found'))
    .select('found.*')
    .limit(SEARCH_IDS_READ + 1);
  if (rows.length > SEARCH_IDS_READ) return null;
  // A contact without its order (no link) answers null: not an order.
  return [...new Set(rows.map((r) => (isRecord(r) ? Number(Object.values(r)[0]) : NaN)))].filter((id) => Number.isInteger(id) && id > 0);
}

/**
 * Up to this many matches, a page's ids are the matches sorted (a materialized set: the filters' own index finds
 * them, then a top-N sort of a few thousand pairs); beyond, the list's (created_at, id) index is walked in order and
 * each row checked. Both databases' planners guessed thousands of matches for the pickup list's 120 (its status and
 * fulfilment columns go together) and walked the date index through the 100,000 orders to find them
 * (docs/performance.md, "A page by the number of matches"). The count, read first, chooses.
 */
const SORTED_SET_MAX = 5000;

function pageIds(knex: Knex, base: () => Knex.QueryBuilder, total: number, direction: 'asc' | 'desc'): Knex.QueryBuilder {
  if (total <= SORTED_SET_MAX) {
    return knex
      .withMaterialized('matched', base().select('o.id', 'o.created_at'))
      .from('matched')
      .select('id')
      .orderBy([
        { column: 'created_at', order: direction },
        { column: 'id', order: direction },
      ]);
  }
  return base()
    .select('o.id')
    .orderBy([
      { column: 'o.created_at', order: direction },
      { column: 'o.id', order: direction },
    ]);
}

export interface ListedPage {
  orders: OrderAnswer[];
  totalOrders: number;
}

/**
 * The page's orders whole (lines and shipping details), in the order of `ids`, through Strapi's Query Engine: the
 * same rows as the Document Service (orders have no drafts and no locales) without its transaction and middlewares
 * (docs/performance.md, "Third pass").
 */
async function wholeOrders(ids: number[]): Promise<OrderAnswer[]> {
  const docs: unknown[] = await strapi.db.query(ORDER_UID).findMany({
    where: { id: { $in: ids } },
    populate: ORDER_POPULATE,
    limit: ids.length,
  });
  const byId = new Map(docs.filter(isRecord).map((doc) => [Number(doc.id), doc]));
  return ids.flatMap((id) => {
    const doc = byId.get(id);
    return doc ? [toOrderAnswer(doc)] : [];
  });
}

/**
 * One page of the orders `filter` keeps, sorted by (created_at, id) in `direction`, and how many there are in all;
 * the page's orders are read by id with `read` (whole by default).
 */
export async function listedPage(
  filter: (q: Knex.QueryBuilder) => void,
  direction: 'asc' | 'desc',
  page: number,
  limit: number,
  knownTotal: number | null = null,
  read: (ids: number[]) => Promise<OrderAnswer[]> = wholeOrders,
): Promise<ListedPage> {
  const knex = strapi.db.connection;
  const base = () => {
    const q = table(knex, `${ORDERS} as o`);
    filter(q);
    return q;
  };
  const counted: unknown = knownTotal === null ? await base().count({ n: '*' }).first() : null;
  const totalOrders = knownTotal ?? (isRecord(counted) ? Number(counted.n ?? 0) : 0);
  const rows: unknown[] = await pageIds(knex, base, totalOrders, direction)
    .limit(limit)
    .offset((page - 1) * limit);
  const ids = rows.map((r) => (isRecord(r) ? Number(r.id) : NaN)).filter(Number.isFinite);
  if (ids.length === 0) return { orders: [], totalOrders };
  return { orders: await read(ids), totalOrders };
}

export interface OrderListQuery {
  page: number;
  limit: number;
  status?: string;
  date?: string;
  /** `createdAt:desc` (default, newest first) or `createdAt:asc` (oldest first). */
  sort?: string;
  /** Only orders delivered to this zone / collected at this meeting point (ids). */
  zone?: string;
  meetingPoint?: string;
  /** Only orders at this fulfilment step. */
  fulfillment?: string;
  /** Only orders of this channel (web includes the orders older than channels). */
  channel?: string;
  /** Order number, name, e-mail or phone containing this text. */
  search?: string;
}

export interface OrderList {
  orders: OrderAnswer[];
  totalOrders: number;
  totalPages: number;
  page: number;
}

/** A zone or meeting point id of the list's filters: a short slug (anything else is a 400, never a query). */
function placeFilter(value: string, of: string): string {
  if (!/^[a-z0-9-]{1,40}$/.test(value)) throw badRequest(`El filtro ${of} no es válido`);
  return value;
}

/** The list's filters checked (a 400 before any query) and turned into one condition builder. */
function listFilter(query: OrderListQuery, found: number[] | null = null): (q: Knex.QueryBuilder) => void {
  const steps: Array<(q: Knex.QueryBuilder) => void> = [];
  if (query.channel !== undefined) {
    const channel = query.channel;
    if (!isOrderChannel(channel)) throw badRequest(CHANNEL_FILTER_MESSAGE);
    steps.push((q) => whereChannel(q, channel));
  }
  const term = query.search?.trim();
  if (term) {
    if (term.length > 100) throw badRequest('La búsqueda no puede superar 100 caracteres');
    steps.push((q) => (found ? void q.whereIn('o.id', found) : whereSearch(q, term)));
  }
  if (query.fulfillment !== undefined) {
    const step = query.fulfillment;
    if (!isFulfillmentStep(step)) throw badRequest(FULFILLMENT_MESSAGES.filter);
    steps.push((q) => void q.where('o.fulfillment', step));
  }
  if (query.zone !== undefined) {
    const zone = placeFilter(query.zone, 'de la zona');
    steps.push((q) => void q.where('o.zone_id', zone));
  }
  if (query.meetingPoint !== undefined) {
    const point = placeFilter(query.meetingPoint, 'del punto de encuentro');
    steps.push((q) => void q.where('o.meeting_point_id', point));
  }
  if (query.status !== undefined) {
    const status = query.status;
    if (!isOrderStatus(status)) throw badRequest('Estado de orden inválido');
    steps.push((q) => void q.where('o.order_status', status));
  }
  if (query.date !== undefined) {
    const range = shopDayRange(query.date);
    if (!range) throw badRequest('Fecha inválida: usa el formato AAAA-MM-DD');
    steps.push((q) => void q.where('o.created_at', '>=', range.start).andWhere('o.created_at', '<', range.end));
  }
  return (q) => steps.forEach((step) => step(q));
}

/** Whether the list filters by any of these fields. */
const filtersBy = (query: OrderListQuery, fields: Array<keyof OrderListQuery>) => fields.some((field) => query[field] !== undefined);

/**
 * The list's count from the order counts table (order-counts.ts) when it filters by nothing but status and channel
 * (counting 100,000 index entries per page on PostgreSQL was most of the first page's time); null otherwise.
 */
async function countedByStatusAndChannel(query: OrderListQuery): Promise<number | null> {
  if (filtersBy(query, ['fulfillment', 'zone', 'meetingPoint', 'date']) || query.search?.trim()) return null;
  const rows = await currentOrderCounts();
  if (!rows) return null;
  const channelMatches = (channel: string) =>
    query.channel === undefined || channel === query.channel || (query.channel === 'web' && channel === '');
  return rows
    .filter((r) => (query.status === undefined || r.order_status === query.status) && channelMatches(r.channel))
    .reduce((n, r) => n + r.orders, 0);
}

/** Newest first (or oldest first with `createdAt:asc`); optional filters (see OrderListQuery). */
export async function listOrders(query: OrderListQuery): Promise<OrderList> {
  const sort = query.sort ?? 'createdAt:desc';
  if (!(ORDER_LIST_SORTS as readonly string[]).includes(sort)) throw badRequest(MSG.proofs.sortInvalid);
  listFilter(query); // every filter checked (a 400) before the search is looked up
  const term = query.search?.trim();
  const found = term ? await searchedIdList(term) : null;
  const filter = listFilter(query, found);
  // A search and nothing else: its distinct ids are the count (counting them again in an IN list of a few thousand
  // took longer than the page).
  const searchOnly = found !== null && !filtersBy(query, ['status', 'date', 'zone', 'meetingPoint', 'fulfillment', 'channel']);
  const total = searchOnly ? found.length : await countedByStatusAndChannel(query);
  const { orders, totalOrders } = await listedPage(filter, sort === 'createdAt:asc' ? 'asc' : 'desc', query.page, query.limit, total);
  return { orders, totalOrders, totalPages: Math.ceil(totalOrders / query.limit), page: query.page };
}
