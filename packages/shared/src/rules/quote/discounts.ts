import {
  normalizeCouponCode,
  promotionAmounts,
  promotionLive,
  type CouponCheck,
  type DiscountableLine,
  type Promotion,
} from '../promotions/index.js';
import type { QuoteDiscount, QuoteLine } from './types.js';

/** Steps 2–4 of the pricing: the lines as the discounts see them, and the promotions taken off them. */

/** What is discounted of each line: its total so far, its units and category. */
type LineToDiscount = Pick<QuoteLine, 'productId' | 'size' | 'color' | 'category' | 'quantity' | 'lineTotal'>;

/**
 * The lines as the discounts work on them, in a fixed order (not the cart's): the cheapest-unit choices and the
 * per-line rounding then give the same amounts however the cart lists its lines.
 */
export function discountableLines(items: readonly LineToDiscount[]): DiscountableLine[] {
  return [...items]
    .sort((a, b) => compareLines(a, b))
    .map((line) => ({ quantity: line.quantity, category: line.category ?? null, remaining: line.lineTotal }));
}

/** Takes the amounts off what the lines still cost (never below 0); answers how much was taken. */
export function takeFrom(lines: DiscountableLine[], amounts: readonly number[]): number {
  let amount = 0;
  amounts.forEach((value, i) => {
    const line = lines[i];
    if (!line) return;
    const taken = Math.max(0, Math.min(line.remaining, value));
    line.remaining -= taken;
    amount += taken;
  });
  return amount;
}

/**
 * Step 2 of the pricing: every live promotion, in its order, off what the lines still cost (the lines are left with
 * what remains). Also what the cart shows as its promotions' saving before checkout.
 */
export function applyPromotions(lines: DiscountableLine[], promotions: readonly Promotion[], now: Date): QuoteDiscount[] {
  const discounts: QuoteDiscount[] = [];
  for (const promotion of livePromotions(promotions, now)) {
    const amount = takeFrom(lines, promotionAmounts(promotion, lines));
    if (amount > 0) discounts.push({ kind: 'promotion', code: promotion.id, label: promotion.name, amount });
  }
  return discounts;
}

function compareLines(a: LineToDiscount, b: LineToDiscount): number {
  const key = (l: LineToDiscount) => JSON.stringify([l.productId, l.size ?? '', l.color ?? '', l.category ?? '']);
  const ka = key(a);
  const kb = key(b);
  return ka < kb ? -1 : ka > kb ? 1 : a.quantity - b.quantity || a.lineTotal - b.lineTotal;
}

/** The live promotions in the order they apply: percent-off categories first, then "llevá X, pagá Y", each by id. */
function livePromotions(promotions: readonly Promotion[], now: Date): Promotion[] {
  const rank = (p: Promotion) => (p.type === 'category_percent' ? 0 : 1);
  return promotions.filter((p) => promotionLive(p, now)).sort((a, b) => rank(a) - rank(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The coupon check for the typed code (a check made for another code counts as no coupon). */
export function couponOf(code: string, check: CouponCheck | null | undefined): CouponCheck {
  if (check && check.coupon && normalizeCouponCode(check.coupon.code) === code) return check;
  return { code, coupon: null };
}
