import { z } from 'zod';
import { MSG } from '../constants/messages.js';
import { ORDER_STATUSES } from '../rules/statuses.js';
import { EMAIL_RE, requiredText, text } from './fields.js';
import { imageUrlSchema } from './product-inputs.js';
import { BUYER_DOCUMENT_MESSAGES, parseBuyerDocument } from '../rules/cuit.js';
import { orderNationalAddressSchema, quoteAddressSchema } from './shipping.js';
import { CHECKOUT_SHIPPING_MSG } from './national-shipping.js';

/** The bodies of the checkout quote, the order, and staff's changes to an order (with the checkout form's schema). */

/** 'carrier': national shipping by Correo Argentino or Andreani (docs/api.md "Envíos nacionales"). */
export const deliveryTypeSchema = z.enum(['pickup', 'delivery', 'carrier'], {
  error: 'El tipo de entrega debe ser retiro, envío a domicilio o envío a todo el país',
});
/** An order's delivery as stored and answered: 'store' is a hand-over at the counter (sales taken by staff only). */
export const orderDeliveryTypeSchema = z.enum(['pickup', 'delivery', 'store', 'carrier'], {
  error: 'El tipo de entrega debe ser retiro, envío a domicilio, envío a todo el país o entrega en el local',
});
export const paymentMethodSchema = z.enum(['cash', 'transfer', 'mercadopago'], {
  error: 'El método de pago debe ser efectivo, transferencia o Mercado Pago',
});
export const orderStatusSchema = z.enum(ORDER_STATUSES, { error: 'Estado de orden inválido' });

export const shippingInfoSchema = z.object({
  fullName: requiredText(120, MSG.checkout.fullNameRequired),
  email: requiredText(200, MSG.checkout.emailRequired).refine((v) => EMAIL_RE.test(v), MSG.checkout.emailInvalid),
  phone: requiredText(40, MSG.checkout.phoneRequired),
  address: text(300).optional().default(''),
  city: text(120).optional().default(''),
  postalCode: text(20).optional(),
  notes: text(1000).optional(),
});
export type ShippingInfo = z.infer<typeof shippingInfoSchema>;

/** An optional DNI (7–8 digits) or CUIT (11, check digit verified); blank is none. Stored as its digits. */
export const buyerDocumentSchema = z
  .string({ error: BUYER_DOCUMENT_MESSAGES.invalid })
  .max(20, BUYER_DOCUMENT_MESSAGES.invalid)
  .optional()
  .nullable()
  .transform((value, ctx) => {
    if (value === undefined || value === null || value.trim() === '') return null;
    const parsed = parseBuyerDocument(value);
    if ('error' in parsed) {
      ctx.addIssue({ code: 'custom', message: parsed.error });
      return z.NEVER;
    }
    return parsed.number;
  });

/** Home delivery needs a street and a city; pickup uses the meeting point. */
function requireDeliveryAddress(
  deliveryType: DeliveryTypeValue | undefined,
  info: { address?: string; city?: string },
  ctx: z.RefinementCtx,
  path: readonly string[],
): void {
  if ((deliveryType ?? 'pickup') !== 'delivery') return;
  if (!info.address) ctx.addIssue({ code: 'custom', path: [...path, 'address'], message: MSG.checkout.addressRequired });
  if (!info.city) ctx.addIssue({ code: 'custom', path: [...path, 'city'], message: MSG.checkout.cityRequired });
}
type DeliveryTypeValue = z.infer<typeof deliveryTypeSchema>;

/** The checkout form: the shopper's details with the chosen delivery and payment (the storefront's form values). */
export const checkoutDetailsSchema = shippingInfoSchema
  .extend({ deliveryType: deliveryTypeSchema, paymentMethod: paymentMethodSchema, buyerDocument: buyerDocumentSchema })
  .superRefine((details, ctx) => requireDeliveryAddress(details.deliveryType, details, ctx, []));
export type CheckoutDetails = z.infer<typeof checkoutDetailsSchema>;

/** A line's product, as every line input names it (orders, saved checkouts). */
export const lineProductIdSchema = z
  .string({ error: 'Cada producto debe indicar productId' })
  .trim()
  .min(1, 'Cada producto debe indicar productId')
  .max(64, 'El productId no puede superar 64 caracteres');

/** A line's units: a whole number from 1 to `max`, with `tooMany` past it. */
export const lineQuantitySchema = (max: number, tooMany: string) =>
  z
    .number({ error: 'La cantidad debe ser un número entero mayor o igual a 1' })
    .int('La cantidad debe ser un número entero mayor o igual a 1')
    .min(1, 'La cantidad debe ser un número entero mayor o igual a 1')
    .max(max, tooMany);

export const orderItemInputSchema = z.object({
  productId: lineProductIdSchema,
  quantity: lineQuantitySchema(999, 'La cantidad máxima por producto es 999'),
  size: text(20).optional(),
  color: text(40).optional(),
  /** Names the variant instead of colour and size (a SKU of another product is refused). */
  sku: text(40).optional(),
  // Sent by the client for convenience; the server ignores them and uses its own data.
  title: z.unknown().optional(),
  price: z.unknown().optional(),
  image: z.unknown().optional(),
});

/** `of`: 'de la zona', 'del punto de encuentro'. */
const placeId = (of: string) =>
  z
    .string({ error: `El id ${of} debe ser un texto` })
    .trim()
    .max(40, `El id ${of} no puede superar 40 caracteres`)
    .optional()
    .nullable();

/**
 * What prices a cart, shared by the quote and the order: lines, delivery (zone by id, barrio or postal code; pickup
 * place by id), payment method, and the coupon the shopper typed. Unknown keys are ignored.
 */
const pricingFields = {
  items: z
    .array(orderItemInputSchema, { error: 'La orden debe incluir productos' })
    .min(1, 'La orden debe incluir al menos un producto')
    .max(50, 'La orden no puede tener más de 50 líneas'),
  paymentMethod: paymentMethodSchema,
  deliveryType: deliveryTypeSchema.optional(),
  zoneId: placeId('de la zona'),
  meetingPointId: placeId('del punto de encuentro'),
  postalCode: text(20).optional().nullable(),
  barrio: text(80).optional().nullable(),
  couponCode: text(40).optional().nullable(),
  /** deliveryType 'carrier': the option chosen among the quoted ones (its signed id) and, for a branch option, the branch. */
  shippingOptionId: z.string({ error: CHECKOUT_SHIPPING_MSG.option }).max(2000, CHECKOUT_SHIPPING_MSG.option).optional().nullable(),
  branchId: z.string({ error: CHECKOUT_SHIPPING_MSG.branch }).trim().max(64, CHECKOUT_SHIPPING_MSG.branch).optional().nullable(),
};

/** deliveryType 'carrier' needs the national address. */
function requireNationalAddress(order: { deliveryType?: string; address?: unknown }, ctx: z.RefinementCtx): void {
  if (order.deliveryType === 'carrier' && !order.address)
    ctx.addIssue({ code: 'custom', path: ['address'], message: CHECKOUT_SHIPPING_MSG.address });
}

/** POST /checkout/quote: the order's body without the personal data. */
export const quoteInputSchema = z
  .object({
    ...pricingFields,
    /** 'store' prices a staff sale handed over at the counter (the order itself is then POST /orders/manual). */
    deliveryType: orderDeliveryTypeSchema.optional(),
    /** deliveryType 'carrier': where to (the postal code and province are enough to quote). */
    address: quoteAddressSchema.optional(),
    /** The shopper's e-mail, when known: a "one per customer" coupon already used by it is told before ordering. */
    email: text(254).optional().nullable(),
  })
  .superRefine(requireNationalAddress);
export type QuoteRequestInput = z.infer<typeof quoteInputSchema>;

export const orderInputSchema = z
  .object({
    ...pricingFields,
    /** deliveryType 'carrier': the whole national address (the phone is shippingInfo's). */
    address: orderNationalAddressSchema.optional(),
    shippingInfo: shippingInfoSchema,
    notes: text(1000).optional(),
    transferProofUrl: z
      .union([imageUrlSchema, z.literal('')])
      .optional()
      .nullable(),
    /** The abandoned-checkout draft this order finishes (its token), and whether it came from a recovery link. */
    checkoutToken: z
      .string()
      .regex(/^[A-Za-z0-9_-]{22,64}$/, 'El identificador del carrito no es válido')
      .optional()
      .nullable(),
    fromRecovery: z.boolean().optional(),
    /** The buyer's DNI or CUIT for her invoice (optional; asked above the content's identification threshold). */
    buyerDocument: buyerDocumentSchema,
    /** "Quiero recibir novedades de mi pedido por WhatsApp" (off unless ticked; the phone must then be a mobile). */
    whatsappOptIn: z.boolean({ error: 'whatsappOptIn debe ser verdadero o falso' }).optional(),
    // Client-side figures are ignored: the server recomputes every amount.
    subtotal: z.unknown().optional(),
    shippingCost: z.unknown().optional(),
    total: z.unknown().optional(),
  })
  .superRefine((order, ctx) => {
    requireDeliveryAddress(order.deliveryType, order.shippingInfo, ctx, ['shippingInfo']);
    requireNationalAddress(order, ctx);
  });
export type OrderInput = z.infer<typeof orderInputSchema>;

export const orderStatusUpdateSchema = z.object({
  status: orderStatusSchema,
  adminNotes: text(2000).optional().nullable(),
  /** Why the status changed, told to the shopper (a cancellation, a rejected transfer proof); kept in the history. */
  reason: text(300).optional(),
});

/** The reject dialog of a transfer proof: the reason is told to the shopper and kept in the order's history. */
export const PROOF_REJECTION_REASON_MAX = 300;
export const proofRejectionSchema = z.object({
  reason: z
    .string({ error: MSG.proofs.reasonRequired })
    .trim()
    .min(1, MSG.proofs.reasonRequired)
    .max(PROOF_REJECTION_REASON_MAX, MSG.proofs.reasonTooLong),
});
export type ProofRejection = z.infer<typeof proofRejectionSchema>;

/** `sort` of the staff order list: newest first (default) or oldest first (the proofs queue). */
export const ORDER_LIST_SORTS = ['createdAt:desc', 'createdAt:asc'] as const;
export type OrderListSort = (typeof ORDER_LIST_SORTS)[number];
