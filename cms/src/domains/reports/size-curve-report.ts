import {
  SIZE_CURVE_DEFAULT_DAYS,
  SIZE_CURVE_DEFAULT_UNITS,
  SIZE_CURVE_MSG,
  curveSentence,
  median,
  orderSizes,
  offeredSizes,
  sameCategory,
  sellOutDays,
  sizeCurve,
  sizeKey,
  splitPurchase,
  type SizeCurveAnswer,
  type SizeCurveQuery,
  type StockReason,
} from '@shop/shared';
import { MovedProductsMemo, productsWhere, soldLinesOfProducts, stockCrossings, type SoldAt, type VariantMovements } from '../catalogue';
import { reportPeriod } from './report-period';

/** The reasons that are sales: a variant they leave at 0 sold out. */
const SALE_REASONS: readonly StockReason[] = ['web_order', 'staff_sale', 'counter', 'channel_sale'];

const periodOf = (query: { from?: string; to?: string }) => reportPeriod(query, SIZE_CURVE_DEFAULT_DAYS, SIZE_CURVE_MSG);

/** The category's products (matched as the size guides match it: 'corpiño' is 'Corpiños'), its shown name and sizes. */
async function categoryProducts(category: string): Promise<{ products: Map<string, string>; name: string; order: string[] }> {
  // The cached content (fresh within a second): the categories and size guides only.
  const content = await strapi.service('api::site-content.site-content').cachedContent();
  const known = content.productCatalog.categories.find((c) => sameCategory(c.name, category) || sameCategory(c.display_name, category));
  const products = await productsWhere((value) => sameCategory(value, known?.name ?? category));
  return {
    products,
    name: known?.display_name || known?.name || category,
    order: offeredSizes(known?.name ?? category, content.sizeGuides),
  };
}

/** What a curve counts of one product over one period: its units sold per size and, per size, each sell-out's days. */
interface PeriodCounts {
  sold: { size: string; units: number }[];
  sellOuts: [size: string, days: number[]][];
}

/**
 * What a curve is computed from, for one product and any period: its sold lines and its variants' crossings of 0,
 * with the counts of the last periods asked of it (a product counted again starts without them).
 */
interface ProductHistory {
  sold: SoldAt[];
  crossings: VariantMovements[];
  periods: Map<string, PeriodCounts>;
}

/** Periods kept per product: a few questions asked in turn (a year, a season, a month) are each counted once. */
const PERIODS_KEPT = 8;

/** The histories of these products: every sold line, and every movement that sold a variant out or brought it back. */
async function productHistories(ids: string[]): Promise<Map<string, ProductHistory>> {
  const [sold, crossings] = await Promise.all([soldLinesOfProducts(ids), stockCrossings(ids)]);
  const histories = new Map<string, ProductHistory>(ids.map((id) => [id, { sold: sold.get(id) ?? [], crossings: [], periods: new Map() }]));
  for (const variant of crossings) histories.get(variant.productId)?.crossings.push(variant);
  return histories;
}

/** One product's counts over [from, to), kept with its history. */
function periodCounts(history: ProductHistory, from: number, to: number): PeriodCounts {
  const key = `${from}:${to}`;
  const kept = history.periods.get(key);
  if (kept) return kept;
  const units = new Map<string, number>();
  for (const line of history.sold) if (line.at >= from && line.at < to) units.set(line.size, (units.get(line.size) ?? 0) + line.units);
  const sellOuts: [string, number[]][] = [];
  for (const { size, moves } of history.crossings) {
    const sizeName = sizeKey(size ?? '');
    if (sizeName === '') continue;
    const within = moves.filter((move) => move.at >= from && move.at < to);
    const days = sellOutDays(
      within.map((move) => ({ ...move, sale: SALE_REASONS.includes(move.reason) })),
      from,
    );
    if (days.length > 0) sellOuts.push([sizeName, days]);
  }
  const counts = { sold: [...units].map(([size, n]) => ({ size, units: n })), sellOuts };
  if (history.periods.size >= PERIODS_KEPT) history.periods.delete(history.periods.keys().next().value!);
  history.periods.set(key, counts);
  return counts;
}

/** What a curve is computed from: the category's products, the units per size and the sell-outs of a period. */
interface CurveCounts {
  name: string;
  order: string[];
  sold: { size: string; units: number }[];
  sellOuts: Map<string, number[]>;
}

/**
 * Each category's product histories, kept: after a sale the next read counts again the products that changed, not
 * the category's orders and movements (MovedProductsMemo), and any period is answered from them, so a period never
 * asked before costs no count either (issue 60 §4). A category's first read in a process (and one every ten minutes)
 * reads its whole history.
 */
const memo = new MovedProductsMemo<ProductHistory>(20);

async function curveCounts(category: string, start: Date, end: Date): Promise<CurveCounts> {
  const { products, name, order } = await categoryProducts(category);
  const histories = await memo.get(category.trim().toLowerCase(), products, productHistories);
  const sold: { size: string; units: number }[] = [];
  const sellOuts = new Map<string, number[]>();
  for (const history of histories) {
    const counts = periodCounts(history, start.getTime(), end.getTime());
    sold.push(...counts.sold);
    for (const [size, days] of counts.sellOuts) sellOuts.set(size, [...(sellOuts.get(size) ?? []), ...days]);
  }
  return { name, order, sold, sellOuts };
}

/**
 * GET /reports/size-curve (owner): a category's units sold per size over a period, each size's share, how often and
 * how fast its variants sold out, and a purchase of `units` split by the curve (whole units adding up to `units`).
 */
export async function sizeCurveReport(query: SizeCurveQuery): Promise<SizeCurveAnswer> {
  const period = periodOf(query);
  const units = query.units ?? SIZE_CURVE_DEFAULT_UNITS;
  const { name, order, sold, sellOuts } = await curveCounts(query.category, period.start, period.end);
  const curve = sizeCurve(sold, order);
  // A size that sold out but sold nothing in the period (it entered with a few units) still gets its row.
  const bySize = new Map(curve.sizes.map((s) => [s.size, s]));
  const sizes = orderSizes([...bySize.keys(), ...sellOuts.keys()], order).map((size) => bySize.get(size) ?? { size, units: 0, share: 0 });
  const suggested = splitPurchase(sizes, units);
  return {
    category: name,
    from: period.from,
    to: period.to,
    total: curve.total,
    units,
    sentence: curveSentence(name, sizes),
    sizes: sizes.map((size, i) => {
      const days = sellOuts.get(size.size) ?? [];
      const middle = median(days);
      return {
        size: size.size,
        units: size.units,
        share: size.share,
        soldOut: days.length,
        daysToSellOut: middle === null ? null : Math.round(middle * 10) / 10,
        suggested: suggested[i] ?? 0,
      };
    }),
  };
}
