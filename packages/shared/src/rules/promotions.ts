import { z } from 'zod';
import { formatPrice } from '../money.js';
import type { PaymentMethod } from '../pricing.js';
import { MAX_PAYMENT_DISCOUNT_PERCENT } from '../site-content.js';

/**
 * Promotions, coupons and payment-method discounts: the rules and the amounts they take off a cart. The order in
 * which they apply, and where each amount is rounded, is written in priceQuote's doc comment (rules/quote.ts).
 */

export const COUPON_TYPES = ['percent', 'fixed', 'free_shipping'] as const;
export type CouponType = (typeof COUPON_TYPES)[number];
export const PROMOTION_TYPES = ['buy_x_pay_y', 'category_percent'] as const;
export type PromotionType = (typeof PROMOTION_TYPES)[number];

export const MAX_COUPON_CODE_LENGTH = 40;
export const MAX_PROMOTION_NAME_LENGTH = 80;
export const MAX_COUPON_CATEGORIES = 30;
/** Largest amount a coupon may name (pesos), below the 32-bit columns amounts are stored in. */
export const MAX_COUPON_AMOUNT = 100_000_000;

export const PROMOTION_MSG = {
  codeFormat: 'El código solo puede tener letras, números, guiones y guiones bajos (hasta 40)',
  codeRequired: 'Escribe el código del cupón',
  percent: 'El porcentaje debe ser un número entero entre 1 y 100',
  fixed: 'El monto del descuento debe ser un número entero mayor que 0',
  amount: 'Escribe un monto entero en pesos, sin decimales',
  endBeforeStart: 'La fecha de fin debe ser posterior a la de inicio',
  maxUses: 'El máximo de usos debe ser un número entero mayor que 0 (o vacío para ilimitado)',
  date: 'Fecha inválida',
  category: 'Elige una categoría',
  name: 'Escribe el nombre de la promoción',
  buyPay: 'En "llevá X, pagá Y" X debe ser mayor que Y, Y al menos 1 y X hasta 20',
  promoPercent: 'El porcentaje debe ser un número entero entre 1 y 90',
  codeTaken: 'Ya existe un cupón con ese código',
  couponNotFound: 'El cupón no existe',
  promotionNotFound: 'La promoción no existe',
} as const;

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

const isoDate = z
  .union([z.string().trim().max(40), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === null || v === '') return null;
    const t = Date.parse(v);
    if (!Number.isFinite(t)) {
      ctx.addIssue({ code: 'custom', message: PROMOTION_MSG.date });
      return z.NEVER;
    }
    return new Date(t).toISOString();
  });

const whole = (message: string, min: number, max: number) =>
  z.number({ error: message }).int({ message }).min(min, { message }).max(max, { message });

function checkDates(value: { startsAt: string | null; endsAt: string | null }, ctx: z.RefinementCtx): void {
  if (value.startsAt && value.endsAt && Date.parse(value.endsAt) <= Date.parse(value.startsAt))
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: PROMOTION_MSG.endBeforeStart });
}

const categoryName = z.string().trim().min(1, PROMOTION_MSG.category).max(60, PROMOTION_MSG.category);

/** A coupon as staff write it (POST/PUT /coupons). */
export const couponInputSchema = z
  .object({
    code: z
      .string({ error: PROMOTION_MSG.codeRequired })
      .trim()
      .min(1, PROMOTION_MSG.codeRequired)
      .max(MAX_COUPON_CODE_LENGTH, PROMOTION_MSG.codeFormat)
      .regex(/^[A-Za-z0-9_-]+$/, PROMOTION_MSG.codeFormat)
      .transform(normalizeCouponCode),
    type: z.enum(COUPON_TYPES, { error: 'El tipo de cupón debe ser percent, fixed o free_shipping' }),
    value: z.number({ error: PROMOTION_MSG.amount }).int({ message: PROMOTION_MSG.amount }).min(0).max(MAX_COUPON_AMOUNT).default(0),
    minSubtotal: whole(PROMOTION_MSG.amount, 0, MAX_COUPON_AMOUNT).default(0),
    startsAt: isoDate,
    endsAt: isoDate,
    maxUses: z
      .union([whole(PROMOTION_MSG.maxUses, 1, 1_000_000), z.null()])
      .optional()
      .transform((v) => v ?? null),
    onePerCustomer: z.boolean().default(false),
    categories: z.array(categoryName).max(MAX_COUPON_CATEGORIES).default([]),
    active: z.boolean().default(true),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.type === 'percent' && (value.value < 1 || value.value > 100))
      ctx.addIssue({ code: 'custom', path: ['value'], message: PROMOTION_MSG.percent });
    if (value.type === 'fixed' && value.value < 1) ctx.addIssue({ code: 'custom', path: ['value'], message: PROMOTION_MSG.fixed });
    checkDates(value, ctx);
  })
  .transform((value) => ({
    ...value,
    value: value.type === 'free_shipping' ? 0 : value.value,
    categories: [...new Set(value.categories)],
  }));
export type CouponInput = z.output<typeof couponInputSchema>;

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

/** An automatic promotion as staff write it (POST/PUT /promotions). */
export const promotionInputSchema = z
  .object({
    name: z.string({ error: PROMOTION_MSG.name }).trim().min(1, PROMOTION_MSG.name).max(MAX_PROMOTION_NAME_LENGTH, PROMOTION_MSG.name),
    type: z.enum(PROMOTION_TYPES, { error: 'El tipo de promoción debe ser buy_x_pay_y o category_percent' }),
    category: categoryName,
    buy: z.union([z.number(), z.null()]).optional(),
    pay: z.union([z.number(), z.null()]).optional(),
    percent: z.union([z.number(), z.null()]).optional(),
    startsAt: isoDate,
    endsAt: isoDate,
    active: z.boolean().default(true),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.type === 'buy_x_pay_y') {
      const { buy, pay } = value;
      const ok = Number.isInteger(buy) && Number.isInteger(pay) && pay! >= 1 && buy! > pay! && buy! <= 20;
      if (!ok) ctx.addIssue({ code: 'custom', path: ['buy'], message: PROMOTION_MSG.buyPay });
    } else if (!Number.isInteger(value.percent) || value.percent! < 1 || value.percent! > 90) {
      ctx.addIssue({ code: 'custom', path: ['percent'], message: PROMOTION_MSG.promoPercent });
    }
    checkDates(value, ctx);
  })
  .transform((value) => ({
    ...value,
    buy: value.type === 'buy_x_pay_y' ? value.buy! : null,
    pay: value.type === 'buy_x_pay_y' ? value.pay! : null,
    percent: value.type === 'category_percent' ? value.percent! : null,
  }));
export type PromotionInput = z.output<typeof promotionInputSchema>;

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

/** The payment-method discounts in force (percent per method; Mercado Pago has none). */
export type PaymentDiscounts = Readonly<Record<PaymentMethod, number>>;

export const PAYMENT_DISCOUNT_LABELS: Record<PaymentMethod, (percent: number) => string> = {
  transfer: (p) => `${p}% OFF con transferencia`,
  cash: (p) => `${p}% OFF en efectivo`,
  mercadopago: (p) => `${p}% OFF con Mercado Pago`,
};

/** A price with a payment-method discount ("$X con transferencia"), whole pesos. */
export function priceWithPaymentDiscount(price: number, percent: number): number {
  const p = Math.min(MAX_PAYMENT_DISCOUNT_PERCENT, Math.max(0, Math.round(percent)));
  return price - Math.round((price * p) / 100);
}
