import { z } from 'zod';
import { orderDeliveryTypeSchema, paymentMethodSchema } from './order-inputs.js';
import { orderAddressFields, pageFields, timestampFields } from './fields.js';
import { discountLineSchema } from './quote.js';
import { orderLineSchema } from './order-line.js';
import { fulfillmentEventSchema, fulfillmentStepSchema } from '../rules/fulfillment.js';
import { ORDER_CHANNELS } from '../rules/channels.js';
import { orderNationalShippingSchema } from './national-shipping.js';

/** Answers of the order endpoints (docs/api.md "/orders"). */

/** An order's line: the one order line (order-line.ts) plus `price`, the unit price as the specification names it. */
export const orderItemSchema = orderLineSchema.partial({ variantId: true, sku: true, unitPrice: true, lineTotal: true }).extend({
  price: z.number(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

/** The zone a home delivery was priced with, as it was when the order was placed. */
export const orderZoneSchema = z.object({ id: z.string(), name: z.string(), cost: z.number() });
export type OrderZone = z.infer<typeof orderZoneSchema>;
/** The pickup place chosen, as it was when the order was placed. */
export const orderMeetingPointSchema = z.object({ id: z.string(), title: z.string(), address: z.string(), schedule: z.string() });
export type OrderMeetingPoint = z.infer<typeof orderMeetingPointSchema>;

/**
 * A Mercado Pago order's payment: the checkout link the shopper pays at (while unpaid) and, once Mercado Pago
 * reported a payment, its id, status and installments. Staff answers add the link to the payment in Mercado Pago.
 */
export const orderPaymentSchema = z.object({
  provider: z.literal('mercadopago'),
  checkoutUrl: z.string().nullable(),
  paymentId: z.string().nullable(),
  /** Mercado Pago's status of the last payment it reported (approved, rejected, refunded…). */
  paymentStatus: z.string().nullable(),
  installments: z.number().nullable(),
  /** Staff only: the payment in Mercado Pago's activity. */
  paymentUrl: z.string().nullable().optional(),
});
export type OrderPayment = z.infer<typeof orderPaymentSchema>;

/** The full order: the shopper's own (by documentId) and every staff answer. */
export const orderSchema = z.object({
  _id: z.string(),
  orderNumber: z.string(),
  items: z.array(orderItemSchema),
  shippingInfo: z.object({
    fullName: z.string(),
    email: z.string(),
    phone: z.string(),
    ...orderAddressFields,
  }),
  paymentMethod: paymentMethodSchema,
  deliveryType: orderDeliveryTypeSchema,
  /** Snapshots taken when the order was placed (null: pickup / delivery, or orders older than zones). */
  zone: orderZoneSchema.nullable(),
  meetingPoint: orderMeetingPointSchema.nullable(),
  /** deliveryType 'carrier': the quoted carrier, service, price, branch and address (null for the other deliveries). */
  nationalShipping: orderNationalShippingSchema.nullable().optional(),
  status: z.string(),
  subtotal: z.number(),
  shippingCost: z.number(),
  cashFee: z.number(),
  /** The discounts as applied when the order was placed (total = subtotal − discountTotal + shippingCost + cashFee). */
  discounts: z.array(discountLineSchema).optional(),
  discountTotal: z.number().optional(),
  /** The coupon the order used (upper case), or null. */
  couponCode: z.string().nullable().optional(),
  total: z.number(),
  /**
   * "Precio sin impuestos nacionales" of the total (Ley 27.743): worked out when the order was placed, at each line's
   * VAT rate; null for an order placed before it was kept, or through Mercado Libre.
   */
  netTotal: z.number().nullable().optional(),
  notes: z.string().nullable(),
  /** Only staff answers carry the notes: the shopper's answer has no such field. */
  adminNotes: z.string().nullable().optional(),
  transferProofUrl: z.string().nullable(),
  paidAt: z.string().nullable(),
  /** Until when the unpaid order keeps its units (then it is cancelled); null when it is not held. */
  reservedUntil: z.string().nullable(),
  /** Mercado Pago orders only (null for cash and transfer). */
  payment: orderPaymentSchema.nullable().optional(),
  /** Where the goods are, apart from the payment (see `fulfillmentPath`), and each step marked, oldest first. */
  fulfillment: fulfillmentStepSchema.optional(),
  fulfillmentSteps: z.array(fulfillmentEventSchema).optional(),
  /** The buyer's DNI or CUIT (digits) for her invoice, when she gave one. */
  buyerDocument: z.string().nullable().optional(),
  /** She asked for her order's news on WhatsApp ("Quiero recibir novedades de mi pedido por WhatsApp"). */
  whatsappOptIn: z.boolean().optional(),
  /** Where the sale was made (orders older than channels: web). */
  channel: z.enum(ORDER_CHANNELS).optional(),
  /** A sale made on another channel (Mercado Libre): its ids there (docs/api.md "Sales channels"). */
  external: z
    .object({
      orderId: z.string(),
      packId: z.string().nullable().optional(),
      shipmentId: z.string().nullable().optional(),
      /** The channel's own figures: its payment's status, its fees (whole pesos) and the buyer's nickname there. */
      paymentStatus: z.string().nullable().optional(),
      saleFee: z.number().nullable().optional(),
      buyerNickname: z.string().nullable().optional(),
      /** The channel's own totals (whole pesos): its items after its discounts, and what the buyer paid. */
      totalAmount: z.number().nullable().optional(),
      paidAmount: z.number().nullable().optional(),
    })
    .nullable()
    .optional(),
  /** A channel's sale that found fewer units than it sold ("Vendido sin stock"): the stock never went below 0. */
  oversold: z.boolean().optional(),
  /** Staff answers only: who took a sale by hand (null for web orders). */
  createdBy: z.object({ id: z.number().nullable(), name: z.string() }).nullable().optional(),
  ...timestampFields,
});
export type Order = z.infer<typeof orderSchema>;

/**
 * POST /orders/fulfillment (staff): each order on its own (one refused does not stop the others). `orders` are those
 * at the step now (marked now or already there), `refused` the others with the Spanish reason.
 */
export const bulkFulfillmentAnswerSchema = z.object({
  orders: z.array(orderSchema),
  refused: z.array(z.object({ id: z.string(), orderNumber: z.string().nullable(), message: z.string() })),
});
export type BulkFulfillmentAnswer = z.infer<typeof bulkFulfillmentAnswerSchema>;

/** GET /orders/{id}, PUT /orders/{id}/status. */
export const orderAnswerSchema = z.object({ order: orderSchema });
export type OrderAnswer = z.infer<typeof orderAnswerSchema>;

/**
 * POST /orders (201; a replay with the same Idempotency-Key answers the same). A Mercado Pago order adds where the
 * shopper pays.
 */
export const orderCreatedAnswerSchema = z.object({
  order: orderSchema,
  orderNumber: z.string(),
  payment: z.object({ provider: z.literal('mercadopago'), checkoutUrl: z.string() }).optional(),
});
export type OrderCreatedAnswer = z.infer<typeof orderCreatedAnswerSchema>;

/** GET /orders (staff): newest first. */
export const orderListAnswerSchema = z.object({
  orders: z.array(orderSchema),
  ...pageFields('totalOrders'),
});
export type OrderListAnswer = z.infer<typeof orderListAnswerSchema>;

/** PATCH /orders/{id}/confirm: a refusal is an error answer `{success:false, error, message}`. */
export const orderConfirmedAnswerSchema = z.object({ success: z.literal(true), order: orderSchema });
export type OrderConfirmedAnswer = z.infer<typeof orderConfirmedAnswerSchema>;

/** One status change in an order's history (staff only). */
export const orderEventSchema = z.object({
  at: z.string(),
  from: z.string().nullable(),
  to: z.string(),
  by: z.object({ kind: z.enum(['staff', 'system']), id: z.number().nullable(), name: z.string() }),
  note: z.string().nullable(),
  /** A fulfilment step (packed, shipped, ready_for_pickup, delivered) rather than a change of status. */
  step: fulfillmentStepSchema.nullable().optional(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

/** GET /orders/{id}/history (staff): oldest first. */
export const orderHistoryAnswerSchema = z.object({ history: z.array(orderEventSchema) });
export type OrderHistoryAnswer = z.infer<typeof orderHistoryAnswerSchema>;

export const orderSummarySchema = z.object({
  totalOrders: z.number(),
  /** Net sales: the paid orders' totals less the money given back for returned garments. */
  totalRevenue: z.number(),
  /** The money given back for returns received (store credit or transfer), already subtracted from totalRevenue. */
  returnsTotal: z.number().optional(),
  /** "Por entregar": paid orders not delivered yet (cancelled and refunded ones aside). */
  toDeliver: z.number().optional(),
  summaryByStatusAndPaymentMethod: z.record(
    z.string(),
    z.object({ cash: z.number(), transfer: z.number(), mercadopago: z.number().default(0) }),
  ),
  /** Orders and paid revenue per channel (every channel, web including the orders older than channels). */
  byChannel: z.record(z.string(), z.object({ orders: z.number(), revenue: z.number() })).optional(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

/** GET /orders/summary (staff). */
export const orderSummaryAnswerSchema = z.object({ summary: orderSummarySchema });
export type OrderSummaryAnswer = z.infer<typeof orderSummaryAnswerSchema>;

/** DELETE /orders/{id} (staff). */
export const orderDeletedAnswerSchema = z.object({ message: z.string() });
export type OrderDeletedAnswer = z.infer<typeof orderDeletedAnswerSchema>;
