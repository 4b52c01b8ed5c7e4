import { z } from 'zod';
import { normalizeCouponCode } from './coupons.js';

/** Coupons and automatic promotions as staff write them (POST/PUT /coupons and /promotions): kinds, bounds, messages. */

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

const couponFields = z
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
  .strict();

/** The fields of a coupon as staff write it: a PUT may send any part of them, the rest stays as stored. */
export const COUPON_INPUT_KEYS = couponFields.keyof().options;

/** A coupon as staff write it (POST/PUT /coupons). */
export const couponInputSchema = couponFields
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

const promotionFields = z
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
  .strict();

/** The fields of an automatic promotion as staff write it: a PUT may send any part of them, the rest stays as stored. */
export const PROMOTION_INPUT_KEYS = promotionFields.keyof().options;

/** An automatic promotion as staff write it (POST/PUT /promotions). */
export const promotionInputSchema = promotionFields
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
