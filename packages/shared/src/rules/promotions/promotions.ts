import type { PromotionType } from './input.js';

/**
 * Promotions, coupons and payment-method discounts: the rules and the amounts they take off a cart. The order in
 * which they apply, and where each amount is rounded, is written in priceQuote's doc comment (rules/quote/price-quote.ts).
 */

/** A promotion as the pricing reads it. */
export interface Promotion {
  id: string;
  name: string;
  type: PromotionType;
  category: string;
  buy: number | null;
  pay: number | null;
  percent: number | null;
  startsAt: string | null;
  endsAt: string | null;
  active: boolean;
}

/** Whether a coupon or promotion is in its dates at `now` (start included, end excluded). */
export function withinDates(item: { startsAt: string | null; endsAt: string | null }, now: Date): boolean {
  const t = now.getTime();
  if (item.startsAt && t < Date.parse(item.startsAt)) return false;
  if (item.endsAt && t >= Date.parse(item.endsAt)) return false;
  return true;
}

export function promotionLive(promotion: Promotion, now: Date): boolean {
  return promotion.active && withinDates(promotion, now);
}

/** Categories are compared without case, accents or spaces around them ("Corpiños" = "corpiños "). */
export function categoryMatches(a: string | null | undefined, b: string | null | undefined): boolean {
  const norm = (s: string | null | undefined) =>
    (s ?? '')
      .trim()
      .toLowerCase()
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '');
  return norm(a) !== '' && norm(a) === norm(b);
}

/** The badge a product wears while a promotion covers it ("3x2", "20% OFF"). */
export function promotionBadge(promotion: Pick<Promotion, 'type' | 'buy' | 'pay' | 'percent'>): string {
  return promotion.type === 'buy_x_pay_y' ? `${promotion.buy}x${promotion.pay}` : `${promotion.percent}% OFF`;
}

/** The live promotions covering a product of this category. */
export function promotionsFor<T extends Promotion>(promotions: readonly T[], category: string | null | undefined, now: Date): T[] {
  return promotions.filter((p) => promotionLive(p, now) && categoryMatches(p.category, category));
}

/** What the pricing works on: one line's value still to pay, its units, and its category. */
export interface DiscountableLine {
  quantity: number;
  category: string | null;
  /** What the line still costs after the discounts applied before (whole pesos). */
  remaining: number;
}

/**
 * What a promotion takes off each line (whole pesos per line), given what the lines still cost.
 * - `category_percent`: each line of the category loses `percent` of what it still costs, rounded.
 * - `buy_x_pay_y`: the category's units, dearest first, in groups of `buy`; in each full group the `buy − pay`
 *   cheapest units are free (so N identical units free ⌊N/buy⌋·(buy − pay)).
 */
export function promotionAmounts(promotion: Promotion, lines: readonly DiscountableLine[]): number[] {
  const amounts = lines.map(() => 0);
  const covered = lines.map((line, i) => ({ line, i })).filter(({ line }) => categoryMatches(promotion.category, line.category));
  if (promotion.type === 'category_percent') {
    const percent = Math.min(100, Math.max(0, promotion.percent ?? 0));
    for (const { line, i } of covered) amounts[i] = Math.min(line.remaining, Math.round((line.remaining * percent) / 100));
    return amounts;
  }
  const buy = promotion.buy ?? 0;
  const free = buy - (promotion.pay ?? buy);
  if (buy < 2 || free < 1) return amounts;
  // Every unit with the value it still has; equal values keep the cart's order, so any order of lines frees the same.
  const units = covered.flatMap(({ line, i }) =>
    line.quantity > 0 ? Array.from({ length: line.quantity }, () => ({ i, value: line.remaining / line.quantity })) : [],
  );
  units.sort((a, b) => b.value - a.value);
  const freed = lines.map(() => 0);
  for (let start = 0; start + buy <= units.length; start += buy) {
    for (const unit of units.slice(start + buy - free, start + buy)) freed[unit.i]! += 1;
  }
  for (const { line, i } of covered) {
    if (freed[i]! > 0) amounts[i] = Math.min(line.remaining, Math.round((line.remaining * freed[i]!) / line.quantity));
  }
  return amounts;
}
