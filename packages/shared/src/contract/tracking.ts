import { z } from 'zod';
import { orderDeliveryTypeSchema, paymentMethodSchema } from './order-inputs.js';
import { orderMeetingPointSchema } from './orders.js';
import { orderLineSchema } from './order-line.js';
import { timestampFields } from './fields.js';
import { trackedReturnsSchema } from './returns.js';
import { trackedWithdrawalsSchema } from './withdrawals.js';
import { discountLineSchema } from './quote.js';
import { trackedNationalShippingSchema } from './national-shipping.js';
import { trackedShipmentSchema } from './shipments.js';
import { fulfillmentStepSchema, trackedFulfillmentEventSchema } from '../rules/fulfillment.js';

/**
 * GET /orders/by-number/{orderNumber}. Without the checkout contact only what identifies nobody (`detail:
 * 'summary'`); with it the tracking card (`detail: 'full'`): first name, items, delivery without the street.
 */
const trackedOrderCommon = {
  orderNumber: z.string(),
  status: z.string(),
  deliveryType: orderDeliveryTypeSchema,
  units: z.number(),
  subtotal: z.number(),
  shippingCost: z.number(),
  cashFee: z.number(),
  /** What the discounts took off (their lines only with the contact: a coupon's code is the shopper's business). */
  discountTotal: z.number().optional(),
  total: z.number(),
  paidAt: z.string().nullable(),
  /** While the order waits unpaid: until when its units are held (then the sweep cancels it). */
  reservedUntil: z.string().nullable(),
  /** Where the goods are (apart from the payment) and when each step was marked (no staff names). */
  fulfillment: fulfillmentStepSchema.optional(),
  fulfillmentSteps: z.array(trackedFulfillmentEventSchema).optional(),
  /** An order sent with a carrier, once its shipment exists: the carrier, the number with its link, the events. */
  shipment: trackedShipmentSchema.optional(),
  ...timestampFields,
};

export const trackedOrderSummarySchema = z.object({ detail: z.literal('summary'), ...trackedOrderCommon });
export type TrackedOrderSummary = z.infer<typeof trackedOrderSummarySchema>;

/**
 * An order line as tracking shows it: the one order line (order-line.ts) without what only staff read (the product
 * and variant ids, the SKU), with `unitPrice` and `lineTotal` like the quote and the order, and `price` (= unitPrice)
 * that the specification's client reads.
 */
export const trackedOrderItemSchema = orderLineSchema.omit({ productId: true, variantId: true, sku: true }).extend({ price: z.number() });
export type TrackedOrderItem = z.infer<typeof trackedOrderItemSchema>;

export const trackedOrderDetailSchema = z.object({
  detail: z.literal('full'),
  ...trackedOrderCommon,
  firstName: z.string(),
  paymentMethod: paymentMethodSchema,
  items: z.array(trackedOrderItemSchema),
  discounts: z.array(discountLineSchema).optional(),
  delivery: z.object({
    city: z.string().nullable(),
    postalCode: z.string().nullable(),
    /** The delivery zone's name (home delivery priced by zone). */
    zoneName: z.string().nullable(),
  }),
  /** Where a pickup order is collected. */
  meetingPoint: orderMeetingPointSchema.nullable(),
  /** deliveryType 'carrier': the carrier's choice, its branch, the address without the street. */
  nationalShipping: trackedNationalShippingSchema.nullable().optional(),
  /** A Mercado Pago order still unpaid: where to pay (or retry after a rejected card). */
  checkoutUrl: z.string().nullable().optional(),
  /** Her exchange and return requests of this order and what she may still ask (rules/returns.ts). */
  returns: trackedReturnsSchema.optional(),
  /** Her botón de arrepentimiento requests of this order (code, status), newest first. */
  withdrawals: trackedWithdrawalsSchema.optional(),
});
export type TrackedOrderDetail = z.infer<typeof trackedOrderDetailSchema>;

export const trackedOrderSchema = z.discriminatedUnion('detail', [trackedOrderSummarySchema, trackedOrderDetailSchema]);
export type TrackedOrder = z.infer<typeof trackedOrderSchema>;

export const trackedOrderAnswerSchema = z.object({
  order: trackedOrderSchema,
  /** Present only when a contact was sent: whether it was the order's e-mail or phone. */
  contactMatched: z.boolean().optional(),
});
export type TrackedOrderAnswer = z.infer<typeof trackedOrderAnswerSchema>;
