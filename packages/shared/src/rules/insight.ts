import { ORDER_CHANNELS, channelOf } from './channels.js';
import { arDay } from './csv.js';

/** The chart's periods: the last 30 or 90 Argentine days, today included. */
export const SALES_PERIODS = [30, 90] as const;
export type SalesPeriod = (typeof SALES_PERIODS)[number];

export function isSalesPeriod(value: unknown): value is SalesPeriod {
  return SALES_PERIODS.includes(value as SalesPeriod);
}

export interface DailySales {
  /** The Argentine calendar day, YYYY-MM-DD. */
  day: string;
  orders: number;
  /** Total of the orders paid that day, whole pesos. */
  revenue: number;
  /** Money given back that day by returns, and the day's net sales (revenue minus it); absent from older servers. */
  returns?: number;
  netRevenue?: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The `days` Argentine days ending with today's, oldest first, as YYYY-MM-DD. */
export function lastShopDays(days: number, now: Date = new Date()): string[] {
  return Array.from({ length: days }, (_, i) => arDay(now.getTime() - (days - 1 - i) * DAY_MS));
}

/**
 * One entry per day of `days` (oldest first): the figures the database grouped, and zero for the days it has no
 * row for (no orders that day). Rows for days outside the list are ignored.
 */
export function fillSalesDays(
  days: readonly string[],
  orders: readonly { day: string; count: number }[],
  revenue: readonly { day: string; total: number }[],
): DailySales[] {
  const byDay = new Map(days.map((day) => [day, { day, orders: 0, revenue: 0 }]));
  for (const row of orders) {
    const entry = byDay.get(row.day);
    if (entry) entry.orders += row.count;
  }
  for (const row of revenue) {
    const entry = byDay.get(row.day);
    if (entry) entry.revenue += row.total;
  }
  return [...byDay.values()];
}

/** The threshold of 'Más vistos con poco stock' until the owner sets one. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 3;
export const MAX_LOW_STOCK_THRESHOLD = 999;

export interface LowStock {
  totalStock: number;
  /** Sizes at or below the threshold, in the product's order (empty for a product without sizes). */
  lowSizes: { size: string; stock: number }[];
}

/**
 * Whether a product is running out: its total stock, or the stock of one of its sizes, at or below `threshold`.
 * `stockBySize` is the resolved per-size map (empty for a product without sizes, which counts `stock`).
 */
export function lowStockOf(
  product: {
    stock: number;
    stockBySize: Record<string, number>;
    variants?: readonly { color: string | null; size: string | null; stock: number; active: boolean }[];
  },
  threshold: number,
): LowStock | null {
  // A product that sells several colours runs out per colour and size ("Nude 85B"): its active variants are counted.
  const active = (product.variants ?? []).filter((variant) => variant.active);
  if (new Set(active.map((variant) => (variant.color ?? '').toLowerCase())).size > 1) {
    const totalStock = active.reduce((sum, variant) => sum + variant.stock, 0);
    const lowSizes = active
      .filter((variant) => variant.stock <= threshold)
      .map((variant) => ({ size: [variant.color, variant.size].filter(Boolean).join(' '), stock: variant.stock }));
    if (totalStock > threshold && lowSizes.length === 0) return null;
    return { totalStock, lowSizes };
  }
  const sizes = Object.entries(product.stockBySize);
  const totalStock = sizes.length > 0 ? sizes.reduce((sum, [, n]) => sum + n, 0) : product.stock;
  const lowSizes = sizes.filter(([, n]) => n <= threshold).map(([size, stock]) => ({ size, stock }));
  if (totalStock > threshold && lowSizes.length === 0) return null;
  return { totalStock, lowSizes };
}

/** Sales of one channel over a day or a period. */
export interface ChannelSales {
  orders: number;
  revenue: number;
}

/**
 * The days of fillSalesDays with each day's sales per channel, and the period's per channel (every channel, zero
 * included). Rows name their channel as stored: none (orders older than channels) is web.
 */
export function splitSalesByChannel(
  days: readonly DailySales[],
  orders: readonly { day: string; channel: unknown; count: number }[],
  revenue: readonly { day: string; channel: unknown; total: number }[],
): { days: (DailySales & { byChannel: Record<string, ChannelSales> })[]; byChannel: Record<string, ChannelSales> } {
  const perDay = new Map(days.map((d) => [d.day, { ...d, byChannel: {} as Record<string, ChannelSales> }]));
  const period: Record<string, ChannelSales> = Object.fromEntries(ORDER_CHANNELS.map((c) => [c, { orders: 0, revenue: 0 }]));
  const add = (day: string, channel: unknown, figures: ChannelSales) => {
    const entry = perDay.get(day);
    if (!entry) return;
    const key = channelOf(channel);
    const slot = (entry.byChannel[key] ??= { orders: 0, revenue: 0 });
    slot.orders += figures.orders;
    slot.revenue += figures.revenue;
    period[key]!.orders += figures.orders;
    period[key]!.revenue += figures.revenue;
  };
  for (const row of orders) add(row.day, row.channel, { orders: row.count, revenue: 0 });
  for (const row of revenue) add(row.day, row.channel, { orders: 0, revenue: row.total });
  return { days: [...perDay.values()], byChannel: period };
}
