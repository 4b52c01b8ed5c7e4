import { z } from 'zod';
import { MANUAL_ORDER_CHANNELS } from '../rules/channels.js';
import { EMAIL_RE, requiredText, text } from './fields.js';
import { buyerDocumentSchema, orderItemInputSchema, orderDeliveryTypeSchema, paymentMethodSchema } from './order-inputs.js';
import { orderSchema } from './orders.js';
import { COUNTER_MESSAGES, counterPaymentInputSchema } from './counter.js';
import { counterPaymentSchema } from './counter-payments.js';

/** POST /orders/manual (staff, `orders.create`): a sale taken on WhatsApp, Instagram, at the counter or by phone. */

export const MANUAL_ORDER_MESSAGES = {
  contact: 'Indicá un teléfono o un e-mail del cliente',
  email: 'El e-mail del cliente no es válido',
  address: 'Para un envío a domicilio indicá la dirección y la ciudad',
  channel: 'El canal debe ser WhatsApp, Instagram, local, teléfono u otro',
  discountOne: 'Indicá el descuento en porcentaje o en pesos, no ambos',
  discountPercent: 'El porcentaje de descuento debe ser un número entre 0 y 100',
  discountAmount: 'El descuento en pesos debe ser un número entero mayor que 0',
  reason: 'Indicá el motivo del descuento',
  paidNowMercadoPago: 'Una venta con Mercado Pago se cobra con el link de pago: no se puede marcar como pagada',
  overLimit: (limit: number) => `Tu descuento máximo es ${limit} % del subtotal: pedile a la dueña uno mayor`,
  overTotal: 'El descuento no puede superar el subtotal',
  linkPaid: 'La orden ya está pagada: no necesita link de pago',
  linkCancelled: 'La orden está cancelada: creá una venta nueva',
  linkMethod: 'Solo una orden con Mercado Pago tiene link de pago',
} as const;

export const manualDiscountSchema = z
  .object({
    percent: z
      .number({ error: MANUAL_ORDER_MESSAGES.discountPercent })
      .min(0.01, MANUAL_ORDER_MESSAGES.discountPercent)
      .max(100, MANUAL_ORDER_MESSAGES.discountPercent)
      .optional(),
    amount: z
      .number({ error: MANUAL_ORDER_MESSAGES.discountAmount })
      .int(MANUAL_ORDER_MESSAGES.discountAmount)
      .min(1, MANUAL_ORDER_MESSAGES.discountAmount)
      .max(100_000_000, MANUAL_ORDER_MESSAGES.discountAmount)
      .optional(),
    reason: requiredText(200, MANUAL_ORDER_MESSAGES.reason),
  })
  .strict()
  .refine((d) => (d.percent === undefined) !== (d.amount === undefined), MANUAL_ORDER_MESSAGES.discountOne);
export type ManualDiscount = z.infer<typeof manualDiscountSchema>;

export const manualOrderInputSchema = z
  .object({
    items: z
      .array(orderItemInputSchema, { error: 'La orden debe incluir productos' })
      .min(1, 'La orden debe incluir al menos un producto')
      .max(50, 'La orden no puede tener más de 50 líneas'),
    paymentMethod: paymentMethodSchema,
    deliveryType: orderDeliveryTypeSchema.optional(),
    zoneId: text(40).optional().nullable(),
    meetingPointId: text(40).optional().nullable(),
    postalCode: text(20).optional().nullable(),
    barrio: text(80).optional().nullable(),
    couponCode: text(40).optional().nullable(),
    channel: z.enum(MANUAL_ORDER_CHANNELS, { error: MANUAL_ORDER_MESSAGES.channel }),
    shippingInfo: z.object({
      fullName: requiredText(120, 'Indicá el nombre del cliente'),
      email: text(200).optional().default(''),
      phone: text(40).optional().default(''),
      address: text(300).optional().default(''),
      city: text(120).optional().default(''),
      postalCode: text(20).optional(),
      notes: text(1000).optional(),
    }),
    notes: text(1000).optional(),
    manualDiscount: manualDiscountSchema.optional().nullable(),
    paidNow: z.boolean({ error: 'paidNow debe ser verdadero o falso' }).optional(),
    /** The buyer's DNI or CUIT for her invoice (optional). */
    buyerDocument: buyerDocumentSchema,
    /** She asked for her order's news on WhatsApp (the sale's phone must then be a mobile). */
    whatsappOptIn: z.boolean({ error: 'whatsappOptIn debe ser verdadero o falso' }).optional(),
    /**
     * A counter sale (docs/api.md "Counter"): the register whose open session takes it, and how it is paid (adding up
     * to the total the server computes). Without registerId the sale is what it always was.
     */
    registerId: z
      .number({ error: COUNTER_MESSAGES.badId })
      .int(COUNTER_MESSAGES.badId)
      .min(1, COUNTER_MESSAGES.badId)
      .max(2_147_483_647, COUNTER_MESSAGES.badId)
      .optional(),
    payments: z
      .array(counterPaymentInputSchema, { error: COUNTER_MESSAGES.paymentsRequired })
      .min(1, COUNTER_MESSAGES.paymentsRequired)
      .max(10, 'Una venta admite hasta 10 pagos')
      .optional(),
  })
  .superRefine((order, ctx) => {
    const info = order.shippingInfo;
    // A counter sale (registerId) may be anonymous ("Consumidor final"): the shopper is there and pays at once.
    if (!info.email && !info.phone && order.registerId === undefined)
      ctx.addIssue({ code: 'custom', path: ['shippingInfo', 'phone'], message: MANUAL_ORDER_MESSAGES.contact });
    if (info.email && !EMAIL_RE.test(info.email))
      ctx.addIssue({ code: 'custom', path: ['shippingInfo', 'email'], message: MANUAL_ORDER_MESSAGES.email });
    if (order.deliveryType === 'delivery' && (!info.address || !info.city))
      ctx.addIssue({ code: 'custom', path: ['shippingInfo', 'address'], message: MANUAL_ORDER_MESSAGES.address });
    if (order.paidNow && order.paymentMethod === 'mercadopago')
      ctx.addIssue({ code: 'custom', path: ['paidNow'], message: MANUAL_ORDER_MESSAGES.paidNowMercadoPago });
    if (order.registerId === undefined) {
      if (order.payments !== undefined)
        ctx.addIssue({ code: 'custom', path: ['payments'], message: COUNTER_MESSAGES.paymentsWithoutRegister });
      return;
    }
    if ((order.deliveryType ?? 'store') !== 'store')
      ctx.addIssue({ code: 'custom', path: ['deliveryType'], message: COUNTER_MESSAGES.storeOnly });
    if (order.paymentMethod === 'mercadopago')
      ctx.addIssue({ code: 'custom', path: ['paymentMethod'], message: COUNTER_MESSAGES.noPaymentLink });
    if (order.payments === undefined) ctx.addIssue({ code: 'custom', path: ['payments'], message: COUNTER_MESSAGES.paymentsRequired });
  });
export type ManualOrderInput = z.infer<typeof manualOrderInputSchema>;

/** The answer of POST /orders/manual (201) and POST /orders/{id}/payment-link (the links only for Mercado Pago). */
export const manualOrderAnswerSchema = z.object({
  order: orderSchema,
  orderNumber: z.string(),
  /** Where the shopper pays (Mercado Pago), and the wa.me link that sends it to her phone (null without a phone). */
  paymentUrl: z.string().nullable(),
  whatsappUrl: z.string().nullable(),
  /** A counter sale (registerId): the change of its cash parts (0 without `tendered`). */
  change: z.number().int().optional(),
  /** A counter sale's card and QR parts, each pending at Mercado Pago (followed with GET /counter-payments/{id}). */
  counterPayments: z.array(counterPaymentSchema).optional(),
});
export type ManualOrderAnswer = z.infer<typeof manualOrderAnswerSchema>;
