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
import { GenerationMemo, productIdsWhere, soldUnitsBySize, variantMovements } from '../catalogue';
import { reportPeriod } from './report-period';

/** The reasons that are sales: a variant they leave at 0 sold out. */
const SALE_REASONS: readonly StockReason[] = ['web_order', 'staff_sale', 'counter', 'channel_sale'];

const periodOf = (query: { from?: string; to?: string }) => reportPeriod(query, SIZE_CURVE_DEFAULT_DAYS, SIZE_CURVE_MSG);

/** The category's products (matched as the size guides match it: 'corpiño' is 'Corpiños'), its shown name and sizes. */
async function categoryProducts(category: string): Promise<{ ids: string[]; name: string; order: string[] }> {
  const content = await strapi.service('api::site-content.site-content').getContent();
  const known = content.productCatalog.categories.find((c) => sameCategory(c.name, category) || sameCategory(c.display_name, category));
  const ids = await productIdsWhere((value) => sameCategory(value, known?.name ?? category));
  return { ids, name: known?.display_name || known?.name || category, order: offeredSizes(known?.name ?? category, content.sizeGuides) };
}

/** Per size: the days each sell-out of a variant of these products took within the period (from the stock ledger). */
async function sellOutsBySize(ids: readonly string[], start: Date, end: Date): Promise<Map<string, number[]>> {
  const bySize = new Map<string, number[]>();
  for (const { size, moves } of await variantMovements(ids, start, end)) {
    const key = sizeKey(size ?? '');
    if (key === '') continue;
    const days = sellOutDays(
      moves.map((move) => ({ ...move, sale: SALE_REASONS.includes(move.reason) })),
      start.getTime(),
    );
    if (days.length > 0) bySize.set(key, [...(bySize.get(key) ?? []), ...days]);
  }
  return bySize;
}

/** What a curve is computed from: the category's products, the units per size and the sell-outs of a period. */
interface CurveCounts {
  name: string;
  order: string[];
  sold: { size: string; units: number }[];
  sellOuts: Map<string, number[]>;
}

const memo = new GenerationMemo<CurveCounts>(20);

/** The counts of a category over a period, kept until the next stock move (GenerationMemo). */
function curveCounts(category: string, start: Date, end: Date): Promise<CurveCounts> {
  return memo.get(`${category.trim().toLowerCase()}\u0000${start.getTime()}\u0000${end.getTime()}`, async () => {
    const { ids, name, order } = await categoryProducts(category);
    const [sold, sellOuts] = await Promise.all([soldUnitsBySize(ids, start, end), sellOutsBySize(ids, start, end)]);
    return { name, order, sold, sellOuts };
  });
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
