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
import { MovedProductsMemo, productsWhere, soldUnitsByProductSize, stockCrossings } from '../catalogue';
import { reportPeriod } from './report-period';

/** The reasons that are sales: a variant they leave at 0 sold out. */
const SALE_REASONS: readonly StockReason[] = ['web_order', 'staff_sale', 'counter', 'channel_sale'];

const periodOf = (query: { from?: string; to?: string }) => reportPeriod(query, SIZE_CURVE_DEFAULT_DAYS, SIZE_CURVE_MSG);

/** The category's products (matched as the size guides match it: 'corpiño' is 'Corpiños'), its shown name and sizes. */
async function categoryProducts(category: string): Promise<{ products: Map<string, string>; name: string; order: string[] }> {
  const content = await strapi.service('api::site-content.site-content').getContent();
  const known = content.productCatalog.categories.find((c) => sameCategory(c.name, category) || sameCategory(c.display_name, category));
  const products = await productsWhere((value) => sameCategory(value, known?.name ?? category));
  return {
    products,
    name: known?.display_name || known?.name || category,
    order: offeredSizes(known?.name ?? category, content.sizeGuides),
  };
}

/** What a curve counts of one product over a period: its units sold per size and, per size, each sell-out's days. */
interface ProductCounts {
  sold: { size: string; units: number }[];
  sellOuts: [size: string, days: number[]][];
}

/** The counts of these products over [start, end): order lines for the units, the ledger's crossings for the sell-outs. */
async function productCounts(ids: string[], start: Date, end: Date): Promise<Map<string, ProductCounts>> {
  const [sold, movements] = await Promise.all([soldUnitsByProductSize(ids, start, end), stockCrossings(ids, start, end)]);
  const counts = new Map<string, ProductCounts>(ids.map((id) => [id, { sold: sold.get(id) ?? [], sellOuts: [] }]));
  for (const { productId, size, moves } of movements) {
    const key = sizeKey(size ?? '');
    if (key === '') continue;
    const days = sellOutDays(
      moves.map((move) => ({ ...move, sale: SALE_REASONS.includes(move.reason) })),
      start.getTime(),
    );
    if (days.length > 0) counts.get(productId)?.sellOuts.push([key, days]);
  }
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
 * The counts per product of each question (a category and a period), kept: after a sale the next read counts the
 * products that changed again, not a year of the category's orders and movements (MovedProductsMemo).
 */
const memo = new MovedProductsMemo<ProductCounts>(20);

async function curveCounts(category: string, start: Date, end: Date): Promise<CurveCounts> {
  const { products, name, order } = await categoryProducts(category);
  const key = `${category.trim().toLowerCase()}\u0000${start.getTime()}\u0000${end.getTime()}`;
  const parts = await memo.get(key, products, (some) => productCounts(some, start, end));
  const sold: { size: string; units: number }[] = [];
  const sellOuts = new Map<string, number[]>();
  for (const part of parts) {
    sold.push(...part.sold);
    for (const [size, days] of part.sellOuts) sellOuts.set(size, [...(sellOuts.get(size) ?? []), ...days]);
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
