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
  shopIsoDay,
  shopDayRange,
  sizeCurve,
  sizeKey,
  splitPurchase,
  type SizeCurveAnswer,
  type SizeCurveQuery,
  type StockReason,
} from '@shop/shared';
import { currentGeneration, ensureFreshCatalogue, productIdsWhere, soldUnitsBySize, variantMovements } from '../catalogue';
import { badRequest } from '../../utils/http';

const DAY_MS = 86_400_000;
/** The reasons that are sales: a variant they leave at 0 sold out. */
const SALE_REASONS: readonly StockReason[] = ['web_order', 'staff_sale', 'counter'];

/** The period asked for, as Argentine days (both included): the last SIZE_CURVE_DEFAULT_DAYS by default. */
function periodOf(query: SizeCurveQuery, now = new Date()): { from: string; to: string; start: Date; end: Date } {
  const to = query.to ?? shopIsoDay(now);
  const toRange = shopDayRange(to);
  if (!toRange) throw badRequest(SIZE_CURVE_MSG.badDate);
  const from = query.from ?? shopIsoDay(new Date(toRange.start.getTime() - (SIZE_CURVE_DEFAULT_DAYS - 1) * DAY_MS));
  const fromRange = shopDayRange(from);
  if (!fromRange) throw badRequest(SIZE_CURVE_MSG.badDate);
  if (fromRange.start > toRange.start) throw badRequest(SIZE_CURVE_MSG.badRange);
  return { from, to, start: fromRange.start, end: toRange.end };
}

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

/**
 * The counts of the last few periods asked for, kept while the catalogue's generation stays the same: every stock
 * move (an order, a cancel, a return, an import) and every change of products or content starts a new generation,
 * so an answer is never older than the orders and movements it counts (other processes' writes within about a
 * second, as the catalogue's own cached answers). The owner reading one curve after another, or changing only the
 * units of the purchase, does not count a year of orders again.
 */
const MEMO_SIZE = 20;
let memoGeneration = -1;
const memo = new Map<string, Promise<CurveCounts>>();

async function curveCounts(category: string, start: Date, end: Date): Promise<CurveCounts> {
  await ensureFreshCatalogue();
  const generation = currentGeneration();
  if (generation !== memoGeneration) {
    memo.clear();
    memoGeneration = generation;
  }
  const key = `${category.trim().toLowerCase()}\u0000${start.getTime()}\u0000${end.getTime()}`;
  const hit = memo.get(key);
  if (hit) return hit;
  const counting = (async () => {
    const { ids, name, order } = await categoryProducts(category);
    const [sold, sellOuts] = await Promise.all([soldUnitsBySize(ids, start, end), sellOutsBySize(ids, start, end)]);
    return { name, order, sold, sellOuts };
  })();
  if (memo.size >= MEMO_SIZE) memo.delete(memo.keys().next().value!);
  memo.set(key, counting);
  // A failed count is not kept; a count overtaken by a write is dropped with its generation.
  counting.catch(() => memo.delete(key));
  return counting;
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
