import { z } from 'zod';
import { text } from './fields.js';
import { RETURN_KINDS, RETURN_MESSAGES, RETURN_REASONS, returnStatusSchema } from '../rules/returns.js';

/** POST /returns (public): the order number and its contact, as tracking asks, and what the shopper wants back. */
/** The pair that identifies a purchase without an account (tracking's): the returns and the withdrawals ask it. */
export const purchaseIdentityFields = {
  orderNumber: text(40).min(1, 'Indicá el número de pedido'),
  contact: text(254).min(1, 'Indicá el e-mail o teléfono de la compra'),
};

/** Which units of which line of that purchase: the returns and the withdrawals ask it for each line. */
export const purchaseLineFields = {
  /** The line's position in the order's items (0-based). */
  lineIndex: z.number().int().min(0).max(200),
  quantity: z.number().int().min(1, 'Indicá cuántas unidades').max(100),
};

export const returnRequestInputSchema = z.object({
  ...purchaseIdentityFields,
  lines: z
    .array(
      z.object({
        ...purchaseLineFields,
        kind: z.enum(RETURN_KINDS),
        /** For an exchange: the variant (same product) she wants instead. */
        variantId: text(80).optional().nullable(),
        reason: z.enum(RETURN_REASONS),
        reasonText: text(1000).optional().nullable(),
      }),
    )
    .min(1, 'Elegí al menos una prenda')
    .max(50),
  /** A photo sent first to POST /upload/proof (the transfer proof's checks): only the shop's own upload paths. */
  photoUrl: z
    .union([z.string().regex(/^\/uploads\/[A-Za-z0-9._-]{1,200}$/, 'La foto debe subirse desde el formulario'), z.literal('')])
    .optional()
    .nullable(),
});
export type ReturnRequestInput = z.infer<typeof returnRequestInputSchema>;

/** The register whose open session gives a refund's cash back (returns and withdrawals refunded in cash). */
export const cashRegisterIdSchema = z
  .number({ error: RETURN_MESSAGES.cashRegister })
  .int(RETURN_MESSAGES.cashRegister)
  .min(1, RETURN_MESSAGES.cashRegister)
  .max(999_999_999, RETURN_MESSAGES.cashRegister)
  .optional();

/** A register is named with a cash refund, and only then. */
export function checkCashRegister(u: { refundMethod?: string | null; registerId?: number }, ctx: z.RefinementCtx): void {
  if (u.refundMethod === 'cash' && u.registerId === undefined)
    ctx.addIssue({ code: 'custom', path: ['registerId'], message: RETURN_MESSAGES.cashRegister });
  if (u.refundMethod !== 'cash' && u.registerId !== undefined)
    ctx.addIssue({ code: 'custom', path: ['registerId'], message: RETURN_MESSAGES.registerOnlyCash });
}

export const returnStatusUpdateSchema = z
  .object({
    status: z.enum(['approved', 'rejected', 'received', 'closed']),
    message: text(2000).optional().nullable(),
    /** With `received`: lines (their index in the request) not fit for sale, whose units do not go back to stock. */
    unsellable: z.array(z.number().int().min(0).max(200)).max(50).optional(),
    /**
     * With `received`, when money goes back: a partial refund on the order's Mercado Pago payment (the default when it
     * was paid there), store credit (a one-use coupon, the default otherwise), a transfer staff made, or cash out of
     * the open session of the register `registerId` (a refund movement in its Caja).
     */
    refundMethod: z.enum(['mercadopago', 'coupon', 'transfer', 'cash']).optional(),
    /** With `refundMethod: 'cash'`: the register whose drawer gives the cash back. */
    registerId: cashRegisterIdSchema,
  })
  .superRefine(checkCashRegister);
export type ReturnStatusUpdate = z.infer<typeof returnStatusUpdateSchema>;

export const returnLineSchema = z.object({
  lineIndex: z.number(),
  productId: z.string(),
  title: z.string(),
  quantity: z.number(),
  kind: z.enum(RETURN_KINDS),
  reason: z.enum(RETURN_REASONS),
  reasonText: z.string().nullable(),
  /** What she bought (colour, size, variant) and, for an exchange, what she gets instead. */
  from: z.object({
    variantId: z.string().nullable(),
    color: z.string().nullable(),
    size: z.string().nullable(),
    sku: z.string().nullable(),
  }),
  to: z.object({ variantId: z.string(), color: z.string().nullable(), size: z.string().nullable(), sku: z.string().nullable() }).nullable(),
  price: z.number(),
  unsellable: z.boolean(),
});
export type ReturnLine = z.infer<typeof returnLineSchema>;

export const returnStepSchema = z.object({
  status: returnStatusSchema,
  at: z.string(),
  by: z.string().nullable(),
  message: z.string().nullable(),
});

export const returnRefundSchema = z.object({
  method: z.enum(['mercadopago', 'transfer', 'coupon', 'cash', 'none']),
  amount: z.number(),
  couponCode: z.string().nullable(),
  reference: z.string().nullable(),
  at: z.string(),
});

export const returnRequestSchema = z.object({
  _id: z.string(),
  number: z.string(),
  status: returnStatusSchema,
  orderId: z.string(),
  orderNumber: z.string(),
  lines: z.array(returnLineSchema),
  photoUrl: z.string().nullable(),
  /** Money between shop and shopper: > 0 the shop gives back, 0 even (exchanges of the same product are even). */
  refundDue: z.number(),
  /**
   * Money the shopper pays the shop: the exchange's delivery when the policy has her pay it (shippingPaidBy
   * 'shopper', an order delivered home). Her exchange order carries it and is paid like any order.
   */
  chargeDue: z.number().default(0),
  refund: returnRefundSchema.nullable(),
  exchangeOrderNumber: z.string().nullable(),
  exchangeOrderId: z.string().nullable(),
  steps: z.array(returnStepSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ReturnRequest = z.infer<typeof returnRequestSchema>;

/** Staff see the shopper's contact (WhatsApp link) besides the request. */
export const staffReturnRequestSchema = returnRequestSchema.extend({
  customer: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  /**
   * While approved with money to give back: 'available' when it can go back on the order's Mercado Pago payment (the
   * default way), 'started' when that refund was already asked of Mercado Pago (only that way then), else null.
   */
  mercadoPagoRefund: z.enum(['available', 'started']).nullable().optional(),
});
export type StaffReturnRequest = z.infer<typeof staffReturnRequestSchema>;

export const returnAnswerSchema = z.object({ return: returnRequestSchema });
export const staffReturnAnswerSchema = z.object({ return: staffReturnRequestSchema });
export const returnListAnswerSchema = z.object({ returns: z.array(staffReturnRequestSchema) });

/** Per line of a delivered order, what the tracking page may offer (with the contact only). */
export const returnOptionSchema = z.object({
  lineIndex: z.number(),
  /** Units she may still ask about (bought minus already asked); 0 when the category is not returnable. */
  available: z.number(),
  nonReturnable: z.boolean(),
  /** Other variants of the same product in stock now (an exchange is offered only for these). */
  exchangeVariants: z.array(z.object({ variantId: z.string(), label: z.string(), stock: z.number() })),
});
export type ReturnOption = z.infer<typeof returnOptionSchema>;

/** What tracking adds with the contact: her requests and, while the window is open, what she may ask. */
export const trackedReturnsSchema = z.object({
  requests: z.array(returnRequestSchema),
  /** Until when she may ask (null: not delivered, or the shop takes no requests). */
  openUntil: z.string().nullable(),
  options: z.array(returnOptionSchema),
});
export type TrackedReturns = z.infer<typeof trackedReturnsSchema>;
