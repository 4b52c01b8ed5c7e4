/**
 * The owner's stock report (GET /reports/stock): the stock valued at cost, days of stock per variant at the current rate of sale, dead stock
 * (units on hand and no sale in the window) and what to reorder (variants that run out within the supplier's lead
 * time). Pure: the server counts units on hand and sold, this decides.
 */

export const STOCK_REPORT_VIEWS = ['valuation', 'days', 'dead', 'reorder'] as const;
export type StockReportView = (typeof STOCK_REPORT_VIEWS)[number];

/** After the purchase arrives, it should last this many days of sales (what a reorder suggestion covers). */
export const REORDER_COVER_DAYS = 30;

export interface VariantSales {
  stock: number;
  /** Units sold in the window. */
  sold: number;
}

export interface VariantFigures {
  /** Units sold per day over the window (sold ÷ window days), to two decimals. */
  perDay: number;
  /** Days the units on hand last at that rate, to one decimal; null when nothing sold in the window. */
  daysOfStock: number | null;
}

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

export function variantFigures(variant: VariantSales, windowDays: number): VariantFigures {
  const rate = windowDays > 0 ? variant.sold / windowDays : 0;
  return { perDay: round(rate, 2), daysOfStock: rate > 0 ? round(Math.max(0, variant.stock) / rate, 1) : null };
}

/** Dead stock: units on hand and not one sold in the window. */
export function isDeadStock(variant: VariantSales): boolean {
  return variant.stock > 0 && variant.sold === 0;
}

/**
 * Units to order of a variant that sells and runs out within the lead time (its days of stock below `leadDays`):
 * enough for the lead time and REORDER_COVER_DAYS more at the window's rate, less what is on hand, rounded up; null
 * when it needs none.
 */
export function reorderUnits(variant: VariantSales, windowDays: number, leadDays: number): number | null {
  const rate = windowDays > 0 ? variant.sold / windowDays : 0;
  if (rate <= 0) return null;
  const stock = Math.max(0, variant.stock);
  if (stock / rate >= leadDays) return null;
  return Math.max(1, Math.ceil(rate * (leadDays + REORDER_COVER_DAYS) - stock - 1e-9));
}
