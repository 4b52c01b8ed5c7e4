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
import { catalogueVariants, soldUnitsByVariant, type CatalogueVariant } from '../catalogue';
import { GenerationMemo } from './generation-memo';

const DAY_MS = 86_400_000;

interface Counted {
  variants: CatalogueVariant[];
  sold: Map<string, number>;
}

/** The catalogue's variants and their units sold over the window (the last `days` days up to now). */
const memo = new GenerationMemo<Counted>(6);
const counted = (days: number) =>
  memo.get(String(days), async () => {
    const [variants, sold] = await Promise.all([catalogueVariants(), soldUnitsByVariant(new Date(Date.now() - days * DAY_MS))]);
    return { variants, sold };
  });

/** Every row of a view, in its order: the least days of stock first (days, reorder), the most units first (dead). */
export async function stockReportRows(query: StockReportQuery): Promise<{ days: number; leadDays: number; rows: StockReportRow[] }> {
  const days = query.days ?? STOCK_REPORT_DEFAULT_WINDOW[query.view];
  const leadDays = query.leadDays ?? STOCK_REPORT_DEFAULT_LEAD_DAYS;
  const { variants, sold } = await counted(days);
  const rows: StockReportRow[] = [];
  for (const entry of variants) {
    if (query.category && !sameCategory(entry.category, query.category)) continue;
    const units = sold.get(`${entry.productId}\u0000${entry.variant.id}`) ?? 0;
    const sales = { stock: entry.variant.stock, sold: units };
    const figures = variantFigures(sales, days);
    const suggested = query.view === 'reorder' ? reorderUnits(sales, days, leadDays) : null;
    if (query.view === 'days' && sales.stock <= 0 && units === 0) continue;
    if (query.view === 'dead' && !isDeadStock(sales)) continue;
    if (query.view === 'reorder' && suggested === null) continue;
    // A variant or product taken off sale is not reordered, but its units still count as stock and as dead stock.
    if (query.view === 'reorder' && (!entry.productActive || !entry.variant.active)) continue;
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
    });
  }
  const byDays = (a: StockReportRow, b: StockReportRow) =>
    (a.daysOfStock ?? Infinity) - (b.daysOfStock ?? Infinity) || b.stock - a.stock || a.sku.localeCompare(b.sku);
  rows.sort(query.view === 'dead' ? (a, b) => b.stock - a.stock || a.sku.localeCompare(b.sku) : byDays);
  return { days, leadDays, rows };
}

/** GET /reports/stock (owner): one page of a view. */
export async function stockReport(query: StockReportQuery): Promise<StockReportAnswer> {
  const { days, leadDays, rows } = await stockReportRows(query);
  const page = query.page ?? 1;
  const pageSize = STOCK_REPORT_PAGE_SIZE;
  return {
    view: query.view,
    days,
    leadDays,
    rows: rows.slice((page - 1) * pageSize, page * pageSize),
    page,
    pageSize,
    total: rows.length,
    pageCount: Math.max(1, Math.ceil(rows.length / pageSize)),
  };
}
