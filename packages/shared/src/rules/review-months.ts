// The approved reviews' stars over time, for the owner's per-product view: the average and count of each of the last
// months in Argentina (UTC-3 all year), oldest first, months without reviews included. Pure: the server reads the
// reviews' dates and stars, the tests give known ones.
import { SHOP_UTC_OFFSET_MS } from './order-number.js';

export interface ReviewMonth {
  /** YYYY-MM in Argentina. */
  month: string;
  count: number;
  /** Rounded to one decimal; null in a month without reviews. */
  average: number | null;
}

/** How many months the owner's view shows (the current one included). */
export const REVIEW_MONTHS = 12;

/** The month of a moment in Argentina, as YYYY-MM. */
export function shopMonth(date: Date): string {
  return new Date(date.getTime() - SHOP_UTC_OFFSET_MS).toISOString().slice(0, 7);
}

/** The last `months` months up to `now`'s (in Argentina), oldest first. */
export function lastMonths(now: Date, months = REVIEW_MONTHS): string[] {
  const [year, month] = shopMonth(now).split('-').map(Number) as [number, number];
  return Array.from({ length: months }, (_, i) => {
    const at = new Date(Date.UTC(year, month - 1 - (months - 1 - i), 1));
    return at.toISOString().slice(0, 7);
  });
}

/** Each month's count and average stars; reviews outside the months (or with a date that does not read) are left out. */
export function reviewMonths(reviews: readonly { createdAt: string; stars: number }[], now: Date, months = REVIEW_MONTHS): ReviewMonth[] {
  const totals = new Map(lastMonths(now, months).map((m) => [m, { count: 0, sum: 0 }]));
  for (const review of reviews) {
    const at = new Date(review.createdAt);
    if (Number.isNaN(at.getTime())) continue;
    const bucket = totals.get(shopMonth(at));
    if (!bucket) continue;
    bucket.count += 1;
    bucket.sum += Math.min(5, Math.max(1, review.stars));
  }
  return [...totals].map(([month, { count, sum }]) => ({
    month,
    count,
    average: count > 0 ? Math.round((sum / count) * 10) / 10 : null,
  }));
}
