import { formatPrice } from '../money.js';
import type { CouponType } from './input.js';
import { categoryMatches, type DiscountableLine } from './promotions.js';

/** Coupons as the pricing reads them: the code, who used it, whether it applies, and what it takes off. */

/** Why a coupon does not apply, as the quote tells the shopper. */
export const COUPON_REFUSALS = {
  unknown: 'El cupón no existe o ya no está disponible',
  notYet: 'El cupón todavía no está vigente',
  expired: 'El cupón venció',
  used: 'Este cupón ya fue usado',
  products: 'El cupón no aplica a estos productos',
  pickup: 'El cupón de envío gratis es para envíos a domicilio',
  freeAlready: 'Tu envío ya es gratis',
  tooShort: (missing: number) => `Te faltan ${formatPrice(missing)} para usar este cupón`,
} as const;

/** Codes are compared in upper case without spaces around them. */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * Who used a coupon, for "one per customer": the e-mail in lower case; for Gmail the dots and a "+tag" of the
 * local part do not make another person (ana.perez+promo@gmail.com is anaperez@gmail.com).
 */
export function customerKeyOf(email: string): string {
  const at = email.trim().toLowerCase().lastIndexOf('@');
  const clean = email.trim().toLowerCase();
  if (at < 0) return clean;
  let local = clean.slice(0, at);
  let domain = clean.slice(at + 1);
  if (domain === 'googlemail.com') domain = 'gmail.com';
  if (domain === 'gmail.com') local = local.split('+')[0]!.replace(/\./g, '');
  return `${local}@${domain}`;
}

/** A coupon as the pricing reads it. */
export interface Coupon {
  code: string;
  type: CouponType;
  value: number;
  minSubtotal: number;
  startsAt: string | null;
  endsAt: string | null;
  maxUses: number | null;
  onePerCustomer: boolean;
  categories: readonly string[];
  active: boolean;
}

/** What the pricing knows of the coupon the shopper typed. */
export interface CouponCheck {
  /** The code as typed (normalised). */
  code: string;
  /** The coupon, or null when no coupon has that code. */
  coupon: Coupon | null;
  /** Its uses reached maxUses (not counting an order already holding one). */
  usedUp?: boolean;
  /** A "one per customer" coupon this e-mail already used. */
  usedByCustomer?: boolean;
}

/** Why the coupon cannot apply before looking at the cart (dates, uses), or null. */
export function couponStateRefusal(check: CouponCheck, now: Date): string | null {
  const { coupon } = check;
  if (!coupon || !coupon.active) return COUPON_REFUSALS.unknown;
  if (coupon.startsAt && now.getTime() < Date.parse(coupon.startsAt)) return COUPON_REFUSALS.notYet;
  if (coupon.endsAt && now.getTime() >= Date.parse(coupon.endsAt)) return COUPON_REFUSALS.expired;
  if (check.usedUp || check.usedByCustomer) return COUPON_REFUSALS.used;
  return null;
}

/** The lines a coupon covers: all, or those of its categories. */
export function couponCovers(coupon: Coupon, category: string | null): boolean {
  return coupon.categories.length === 0 || coupon.categories.some((c) => categoryMatches(c, category));
}

/**
 * What a percent or fixed coupon takes off each line (whole pesos per line). A fixed amount is spread over the
 * covered lines in proportion to what they still cost (the last covered line takes the rounding), never more than
 * they cost.
 */
export function couponAmounts(coupon: Coupon, lines: readonly DiscountableLine[]): number[] {
  const amounts = lines.map(() => 0);
  const covered = lines.map((line, i) => ({ line, i })).filter(({ line }) => couponCovers(coupon, line.category) && line.remaining > 0);
  if (coupon.type === 'percent') {
    const percent = Math.min(100, Math.max(0, coupon.value));
    for (const { line, i } of covered) amounts[i] = Math.min(line.remaining, Math.round((line.remaining * percent) / 100));
  } else if (coupon.type === 'fixed') {
    const base = covered.reduce((sum, { line }) => sum + line.remaining, 0);
    const total = Math.min(base, Math.max(0, Math.round(coupon.value)));
    let given = 0;
    covered.forEach(({ line, i }, k) => {
      const share = k === covered.length - 1 ? total - given : Math.min(line.remaining, Math.round((total * line.remaining) / base));
      amounts[i] = Math.min(line.remaining, share);
      given += amounts[i]!;
    });
  }
  return amounts;
}
