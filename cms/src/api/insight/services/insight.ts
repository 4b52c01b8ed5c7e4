import type { Knex } from 'knex';
import {
  DEFAULT_LOW_STOCK_THRESHOLD,
  discountLineSchema,
  LIMITS,
  MAX_LOW_STOCK_THRESHOLD,
  fillSalesDays,
  splitSalesByChannel,
  lastShopDays,
  lowStockOf,
  SHOP_UTC_OFFSET_MS,
  shopDayRange,
  type DailySalesAnswer,
  type DiscountInsightAnswer,
  type LowStockAnswer,
  type SalesPeriod,
} from '@shop/shared';
import { toProduct, type ProductRow } from '../../product/services/product';
import { jsonColumn } from '../../../utils/db-write';
import { refundedByDay } from '../../../domains/returns';

const ORDERS = 'orders';
const INTERACTIONS = 'interactions';
const PRODUCT_UID = 'api::product.product';
// A shop day starts at 03:00 UTC (the shop's time is UTC-3 all year).
const AR_OFFSET_S = SHOP_UTC_OFFSET_MS / 1000;
const DAY_S = 24 * 60 * 60;
// The owner's threshold lives in Strapi's key-value store (table strapi_core_store_settings): no schema change.
const THRESHOLD_KEY = { type: 'core', name: 'shop-insight', key: 'lowStockThreshold' } as const;

const knex = (): Knex => strapi.db.connection;
const num = (v: unknown) => (typeof v === 'number' ? v : Number(v) || 0);

/**
 * The Argentine day of a datetime column as a whole number of days since 1970-01-01, in SQL. PostgreSQL reads the
 * epoch of the stored instant; SQLite holds Strapi's datetimes as milliseconds (or ISO text for rows written by hand).
 */
function shopDayNumber(column: string): Knex.Raw {
  if (strapi.db.dialect.client === 'postgres') {
    return knex().raw(`floor((extract(epoch from ??) - ${AR_OFFSET_S}) / ${DAY_S})`, [column]);
  }
  return knex().raw(
    `((CASE WHEN typeof(??) IN ('integer', 'real') THEN ?? / 1000 ELSE CAST(strftime('%s', ??) AS INTEGER) END) - ${AR_OFFSET_S}) / ${DAY_S}`,
    [column, column, column],
  );
}

const dayOfNumber = (n: number) => new Date(n * DAY_S * 1000).toISOString().slice(0, 10);

async function storedThreshold(): Promise<number> {
  const value: unknown = await strapi.store.get(THRESHOLD_KEY);
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_LOW_STOCK_THRESHOLD
    ? value
    : DEFAULT_LOW_STOCK_THRESHOLD;
}

export default () => ({
  /**
   * Orders placed and revenue paid per Argentine day over the last `period` days, today included, with zero days.
   * Two GROUP BYs over the period's rows (orders by created_at; paid orders by paid_at, or created_at when it was
   * never stamped), each reading the period through an index.
   */
  async dailySales(period: SalesPeriod, now: Date = new Date()): Promise<DailySalesAnswer> {
    const days = lastShopDays(period, now);
    const start = shopDayRange(days[0]!)!.start;
    const end = shopDayRange(days[days.length - 1]!)!.end;
    const k = knex();
    const placed: Record<string, unknown>[] = await k(ORDERS)
      .select(shopDayNumber('created_at').wrap('(', ') as day'), 'channel')
      .count({ n: '*' })
      .where('created_at', '>=', start)
      .andWhere('created_at', '<', end)
      .groupBy('day', 'channel');
    // Paid orders count on the day they were paid; the few paid before paid_at existed, on the day they were placed.
    const paidOn = (column: 'paid_at' | 'created_at'): Promise<Record<string, unknown>[]> =>
      k(ORDERS)
        .select(shopDayNumber(column).wrap('(', ') as day'), 'channel')
        .sum({ total: 'total' })
        .where('order_status', 'paid')
        .modify((q) => {
          if (column === 'paid_at') void q.whereNotNull('paid_at');
          else void q.whereNull('paid_at');
        })
        .andWhere(column, '>=', start)
        .andWhere(column, '<', end)
        .groupBy('day', 'channel');
    const paid = [...(await paidOn('paid_at')), ...(await paidOn('created_at'))];
    const placedRows = placed.map((r) => ({ day: dayOfNumber(num(r.day)), channel: r.channel, count: num(r.n) }));
    const paidRows = paid.map((r) => ({ day: dayOfNumber(num(r.day)), channel: r.channel, total: num(r.total) }));
    const split = splitSalesByChannel(fillSalesDays(days, placedRows, paidRows), placedRows, paidRows);
    // Net sales: what returns gave back comes off the day the money went back.
    const returned = new Map<string, number>();
    for (const row of await refundedByDay(start, end, shopDayNumber)) {
      const day = dayOfNumber(row.day);
      returned.set(day, (returned.get(day) ?? 0) + row.total);
    }
    const filled = split.days.map((d) => ({ ...d, returns: returned.get(d.day) ?? 0, netRevenue: d.revenue - (returned.get(d.day) ?? 0) }));
    const totalRevenue = filled.reduce((s, d) => s + d.revenue, 0);
    const totalReturns = filled.reduce((s, d) => s + d.returns, 0);
    return {
      days: filled,
      byChannel: split.byChannel,
      totalOrders: filled.reduce((s, d) => s + d.orders, 0),
      totalRevenue,
      totalReturns,
      netRevenue: totalRevenue - totalReturns,
    };
  },

  /**
   * What the shop gave away over the last `days` days (orders placed then, not cancelled nor refunded): the
   * discount lines stored with each order, added up per kind and per promotion, coupon or payment method.
   */
  async discounts(days: number, now: Date = new Date()): Promise<DiscountInsightAnswer> {
    const since = new Date(now.getTime() - days * DAY_S * 1000);
    const rows: Record<string, unknown>[] = await knex()(ORDERS)
      .select('discounts')
      .where('created_at', '>=', since)
      .andWhere('discount_total', '>', 0)
      .whereNotIn('order_status', ['cancelled', 'refunded']);
    const totals = { promotion: 0, coupon: 0, payment_method: 0 };
    const lines = new Map<string, DiscountInsightAnswer['lines'][number]>();
    for (const row of rows) {
      const stored = jsonColumn(row.discounts);
      if (!Array.isArray(stored)) continue;
      const counted = new Set<string>();
      for (const parsed of stored.map((d) => discountLineSchema.safeParse(d))) {
        // Manual discounts (sales taken by staff) are the staff's, not promotions: not counted here.
        if (!parsed.success || parsed.data.kind === 'product' || parsed.data.kind === 'manual') continue;
        const { kind, amount } = parsed.data;
        const code = parsed.data.code ?? '';
        // A free-shipping coupon's line is labelled "Envío gratis": the code names it in the list.
        const label = kind === 'coupon' ? `Cupón ${code}` : parsed.data.label;
        const key = JSON.stringify([kind, code]);
        totals[kind] += amount;
        const line = lines.get(key) ?? { kind, code, label, orders: 0, amount: 0 };
        line.amount += amount;
        if (!counted.has(key)) line.orders += 1;
        counted.add(key);
        lines.set(key, line);
      }
    }
    return { days, totals, lines: [...lines.values()].sort((a, b) => b.amount - a.amount) };
  },

  lowStockThreshold: storedThreshold,

  async setLowStockThreshold(threshold: number): Promise<number> {
    await strapi.store.set({ ...THRESHOLD_KEY, value: threshold });
    return threshold;
  },

  /**
   * 'Más vistos con poco stock': the LIMITS.lowStockViewedPool most viewed products (one GROUP BY over the covering
   * index of product views), then those of them still in the catalogue whose total stock, or one size's, is at or
   * below the owner's threshold, most viewed first.
   */
  async lowStock(): Promise<LowStockAnswer> {
    const threshold = await storedThreshold();
    const k = knex();
    const viewed: Record<string, unknown>[] = await k(INTERACTIONS)
      .select('product_id')
      .count({ views: '*' })
      .where('type', 'product_view')
      .whereNotNull('product_id')
      .groupBy('product_id')
      .orderBy([
        { column: 'views', order: 'desc' },
        { column: 'product_id', order: 'asc' },
      ])
      .limit(LIMITS.lowStockViewedPool);
    const views = new Map(viewed.map((r) => [String(r.product_id), num(r.views)]));
    if (views.size === 0) return { threshold, products: [] };
    const rows: ProductRow[] = await strapi.db.query(PRODUCT_UID).findMany({ where: { documentId: { $in: [...views.keys()] } } });
    const products = rows
      .map(toProduct)
      .flatMap((p) => {
        const low = lowStockOf({ stock: p.stock, stockBySize: p.stockBySize ?? {}, variants: p.variants }, threshold);
        return low ? [{ productId: p._id, title: p.title, category: p.category, views: views.get(p._id) ?? 0, ...low }] : [];
      })
      .sort((a, b) => b.views - a.views || a.productId.localeCompare(b.productId));
    return { threshold, products };
  },
});
