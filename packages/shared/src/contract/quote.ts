import { z } from 'zod';

/** POST /checkout/quote (docs/api.md "Checkout quote"): what the cart costs, priced by the server. */
export const quoteLineSchema = z.object({
  productId: z.string(),
  title: z.string(),
  size: z.string().nullable(),
  color: z.string().nullable(),
  quantity: z.number(),
  unitPrice: z.number(),
  lineTotal: z.number(),
});

export const quoteSchema = z.object({
  items: z.array(quoteLineSchema),
  subtotal: z.number(),
  shippingCost: z.number(),
  cashFee: z.number(),
  discounts: z.array(z.object({ kind: z.string(), label: z.string(), amount: z.number() })),
  discountTotal: z.number(),
  total: z.number(),
  zone: z.object({ id: z.string(), name: z.string(), estimatedDays: z.string() }).optional(),
  meetingPoint: z.object({ id: z.string(), title: z.string(), address: z.string(), schedule: z.string() }).optional(),
  freeShippingFrom: z.number().optional(),
});
export type QuoteAnswerQuote = z.infer<typeof quoteSchema>;

export const quoteAnswerSchema = z.object({ quote: quoteSchema });
export type QuoteAnswer = z.infer<typeof quoteAnswerSchema>;
