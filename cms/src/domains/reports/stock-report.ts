import {
  STOCK_REPORT_DEFAULT_LEAD_DAYS,
  STOCK_REPORT_DEFAULT_WINDOW,
  STOCK_REPORT_PAGE_SIZE,
  isDeadStock,
  reorderUnits,
  sameCategory,
  variantFigures,
  type StockReportAnswer,
  type StockReportQuery,
  type StockReportRow,
} from '@shop/shared';
import { catalogueVariants, GenerationMemo, soldUnitsByVariant, variantCostsOf, type CatalogueVariant } from '../catalogue';

const DAY_MS = 86_400_000;

interface Counted {
  variants: CatalogueVariant[];
  sold: Map<string, number>;
  costs: Map<string, number>;
}

/** The catalogue's variants and their units sold over the window (the last `days` days up to now). */
const memo = new GenerationMemo<Counted>(6);
const counted = (days: number) =>
  memo.get(String(days), async () => {
    const [variants, sold, costs] = await Promise.all([
      catalogueVariants(),
      soldUnitsByVariant(new Date(Date.now() - days * DAY_MS)),
      variantCostsOf('all'),
    ]);
    return { variants, sold, costs };
  });

/**
 * Every row of a view, in its order: the highest value at cost first (valuation: every variant with units), the
 * fewest days of stock first (days, reorder), the most units first (dead).
 */
export function stockReportRows(query: StockReportQuery): Promise<StockView> {
  const days = query.days ?? STOCK_REPORT_DEFAULT_WINDOW[query.view];
  const leadDays = query.leadDays ?? STOCK_REPORT_DEFAULT_LEAD_DAYS;
  // The rows of a view are kept too (paging, the CSV and a second look read them again, not 40,000 variants).
  return viewMemo.get([query.view, days, leadDays, (query.category ?? '').toLowerCase()].join('\u0000'), () =>
    buildRows(query, days, leadDays),
  );
}

/** A view's rows in order, with the totals of its units and value (counted once, not at each page). */
interface StockView {
  days: number;
  leadDays: number;
  rows: StockReportRow[];
  valuation: StockReportAnswer['valuation'];
}

const viewMemo = new GenerationMemo<StockView>(12);

async function buildRows(query: StockReportQuery, days: number, leadDays: number): Promise<StockView> {
  const { variants, sold, costs } = await counted(days);
  const rows: StockReportRow[] = [];
  for (const entry of variants) {
    if (query.category && !sameCategory(entry.category, query.category)) continue;
    const units = sold.get(`${entry.productId}\u0000${entry.variant.id}`) ?? 0;
    const sales = { stock: entry.variant.stock, sold: units };
    const figures = variantFigures(sales, days);
    const suggested = query.view === 'reorder' ? reorderUnits(sales, days, leadDays) : null;
    if (query.view === 'days' && sales.stock <= 0 && units === 0) continue;
    if (query.view === 'valuation' && sales.stock <= 0) continue;
    if (query.view === 'dead' && !isDeadStock(sales)) continue;
    if (query.view === 'reorder' && suggested === null) continue;
    // A variant or product taken off sale is not reordered, but its units still count as stock and as dead stock.
    if (query.view === 'reorder' && (!entry.productActive || !entry.variant.active)) continue;
    const unitCost = costs.get(`${entry.productId}\u0000${entry.variant.id}`) ?? null;
    rows.push({
      productId: entry.productId,
      title: entry.title,
      category: entry.category,
      sku: entry.variant.sku,
      color: entry.variant.color,
      size: entry.variant.size,
      stock: sales.stock,
      sold: units,
      ...figures,
      suggested,
      unitCost,
      value: unitCost === null ? null : Math.max(0, sales.stock) * unitCost,
    });
  }
  // SKUs by their characters: a locale's collation cost a 40,000-variant sort most of a second (issue 60 §4).
  const bySku = (a: StockReportRow, b: StockReportRow) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0);
  const byDays = (a: StockReportRow, b: StockReportRow) =>
    (a.daysOfStock ?? Infinity) - (b.daysOfStock ?? Infinity) || b.stock - a.stock || bySku(a, b);
  const byValue = (a: StockReportRow, b: StockReportRow) => (b.value ?? -1) - (a.value ?? -1) || b.stock - a.stock || bySku(a, b);
  const byUnits = (a: StockReportRow, b: StockReportRow) => b.stock - a.stock || bySku(a, b);
  rows.sort(query.view === 'valuation' ? byValue : query.view === 'dead' ? byUnits : byDays);
  const valuation = {
    units: rows.reduce((sum, r) => sum + Math.max(0, r.stock), 0),
    valuedUnits: rows.reduce((sum, r) => sum + (r.value === null ? 0 : Math.max(0, r.stock)), 0),
    value: rows.reduce((sum, r) => sum + (r.value ?? 0), 0),
  };
  return { days, leadDays, rows, valuation };
}

/** GET /reports/stock (owner): one page of a view. */
export async function stockReport(query: StockReportQuery): Promise<StockReportAnswer> {
  const { days, leadDays, rows, valuation } = await stockReportRows(query);
  const page = query.page ?? 1;
  const pageSize = STOCK_REPORT_PAGE_SIZE;
  return {
    view: query.view,
    days,
    leadDays,
    rows: rows.slice((page - 1) * pageSize, page * pageSize),
    valuation,
    page,
    pageSize,
    total: rows.length,
    pageCount: Math.max(1, Math.ceil(rows.length / pageSize)),
  };
}
