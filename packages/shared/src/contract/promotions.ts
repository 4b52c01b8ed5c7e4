import { z } from 'zod';
import { COUPON_TYPES, PROMOTION_TYPES } from '../rules/promotions/index.js';

/** Answers of /coupons and /promotions (docs/api.md "Promotions and coupons"). */

/** When a coupon or promotion applies (ISO; null: no bound). */
const dateFields = { startsAt: z.string().nullable(), endsAt: z.string().nullable() };

export const couponSchema = z.object({
  id: z.string(),
  code: z.string(),
  type: z.enum(COUPON_TYPES),
  value: z.number(),
  minSubtotal: z.number(),
  ...dateFields,
  maxUses: z.number().nullable(),
  onePerCustomer: z.boolean(),
  categories: z.array(z.string()),
  active: z.boolean(),
  /** Orders holding a use now (a cancelled or expired order gives its use back). */
  uses: z.number(),
  /** What those orders total, and what the coupon took off them (pesos). */
  revenue: z.number(),
  discountGiven: z.number(),
  createdAt: z.string(),
});
export type CouponAnswerCoupon = z.infer<typeof couponSchema>;
export const couponAnswerSchema = z.object({ coupon: couponSchema });
export const couponListAnswerSchema = z.object({ coupons: z.array(couponSchema) });

export const promotionSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(PROMOTION_TYPES),
  category: z.string(),
  buy: z.number().nullable(),
  pay: z.number().nullable(),
  percent: z.number().nullable(),
  ...dateFields,
  active: z.boolean(),
  /** Whether it applies right now (active and within its dates). */
  live: z.boolean(),
  createdAt: z.string(),
});
export type PromotionAnswerPromotion = z.infer<typeof promotionSchema>;
export const promotionAnswerSchema = z.object({ promotion: promotionSchema });
export const promotionListAnswerSchema = z.object({ promotions: z.array(promotionSchema) });

/** GET /promotions/live (public): what the storefront needs for badges and the cart's local pricing. */
export const livePromotionSchema = promotionSchema.omit({ active: true, live: true, createdAt: true, startsAt: true }).extend({
  active: z.literal(true),
  startsAt: z.string().nullable(),
  badge: z.string(),
});
export const livePromotionsAnswerSchema = z.object({ promotions: z.array(livePromotionSchema) });
export type LivePromotion = z.infer<typeof livePromotionSchema>;

export const deletedAnswerSchema = z.object({ message: z.string() });

/**
 * GET /insight/discounts (staff, dashboard): what the shop gave away in the last `days` days (orders not cancelled
 * nor refunded), per kind and per promotion or coupon, largest first.
 */
export const discountInsightAnswerSchema = z.object({
  days: z.number(),
  totals: z.object({ promotion: z.number(), coupon: z.number(), payment_method: z.number() }),
  lines: z.array(
    z.object({
      kind: z.enum(['promotion', 'coupon', 'payment_method']),
      code: z.string(),
      label: z.string(),
      orders: z.number(),
      amount: z.number(),
    }),
  ),
});
export type DiscountInsightAnswer = z.infer<typeof discountInsightAnswerSchema>;
