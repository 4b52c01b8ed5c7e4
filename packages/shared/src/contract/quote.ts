import { z } from 'zod';
import { orderLineSchema } from './order-line.js';
import { shippingQuoteAnswerSchema } from './shipping.js';

/** One discount of a quote or an order (the same shape in both, and as the order stores it). */
export const discountLineSchema = z.object({
  kind: z.enum(['product', 'payment_method', 'coupon', 'promotion', 'manual']),
  code: z.string().optional(),
  label: z.string(),
  amount: z.number(),
});
export type DiscountLine = z.infer<typeof discountLineSchema>;

/**
 * POST /checkout/quote (docs/api.md "Checkout quote"): what the cart costs, priced by the server. Its lines are the one
 * order line (order-line.ts) without the picture.
 */
export const quoteLineSchema = orderLineSchema.omit({ image: true }).partial({ variantId: true, sku: true });

export const quoteSchema = z.object({
  items: z.array(quoteLineSchema),
  subtotal: z.number(),
  shippingCost: z.number(),
  cashFee: z.number(),
  discounts: z.array(discountLineSchema),
  discountTotal: z.number(),
  total: z.number(),
  coupon: z.object({ code: z.string(), applied: z.boolean(), message: z.string().nullable() }).optional(),
  zone: z.object({ id: z.string(), name: z.string(), estimatedDays: z.string() }).optional(),
  meetingPoint: z.object({ id: z.string(), title: z.string(), address: z.string(), schedule: z.string() }).optional(),
  freeShippingFrom: z.number().optional(),
});
export type QuoteAnswerQuote = z.infer<typeof quoteSchema>;

/**
 * A national quote's postal code inside the Neuquén zones: the local options come first (the storefront offers them
 * before the carriers'), the zone that delivers there (when the shop prices by zone) and whether pickup is on.
 */
export const localDeliverySchema = z.object({
  message: z.string(),
  zone: z.object({ id: z.string(), name: z.string(), cost: z.number(), estimatedDays: z.string() }).nullable(),
  pickup: z.boolean(),
});
export type LocalDelivery = z.infer<typeof localDeliverySchema>;

/**
 * The answer: the quote and, for deliveryType 'carrier', the carriers' options (signed ids, price through the shop's
 * pricing), the carriers that gave none, and the local options when the postal code is inside the zones. The quote's
 * shippingCost is the chosen option's (shippingOptionId) or 0 while none is chosen.
 */
export const quoteAnswerSchema = z.object({
  quote: quoteSchema,
  shippingOptions: shippingQuoteAnswerSchema.shape.shippingOptions.optional(),
  unavailable: shippingQuoteAnswerSchema.shape.unavailable.optional(),
  localDelivery: localDeliverySchema.nullable().optional(),
});
export type QuoteAnswer = z.infer<typeof quoteAnswerSchema>;
