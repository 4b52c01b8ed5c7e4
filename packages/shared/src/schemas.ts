import { z } from 'zod';
import { MSG, MIN_PASSWORD_LENGTH } from './messages.js';
import { ORDER_STATUSES } from './statuses.js';
import { normalizeSizes } from './size-guides.js';
import { MAX_STOCK, STOCK_MSG, stockBySizeSchema, unknownStockSizes } from './stock.js';

// Every text of an input has a maximum that fits its database column (Strapi `string` = varchar(255) on PostgreSQL).
const tooLong = (max: number) => `El texto no puede superar ${max} caracteres`;
const text = (max: number) => z.string().trim().max(max, tooLong(max));
const requiredText = (max: number, message: string) => z.string({ error: message }).trim().min(1, message).max(max, tooLong(max));
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** An image reference: an absolute http(s) URL or a path served by this shop (/uploads/..., /images/...). */
export const imageUrlSchema = z
  .string()
  .trim()
  .max(2000, tooLong(2000))
  .refine((v) => /^https?:\/\/[^\s]+$/i.test(v) || /^\/[^\s]*$/.test(v), MSG.productForm.imageUrlInvalid);

// ---------- Products ----------

export const colorSchema = z.object({ name: text(40).min(1), value: text(40) });
export const DEFAULT_COLORS = [
  { name: 'Negro', value: '#000000' },
  { name: 'Blanco', value: '#FFFFFF' },
];

export const productInputSchema = z.object({
  title: requiredText(200, MSG.productForm.titleRequired),
  description: requiredText(5000, MSG.productForm.descriptionRequired),
  price: z
    .number({ error: MSG.productForm.pricePositive })
    .int(MSG.productForm.pricePositive)
    .positive(MSG.productForm.pricePositive)
    .max(1_000_000_000, MSG.productForm.pricePositive),
  category: requiredText(60, MSG.productForm.categoryRequired),
  stock: z
    .number({ error: 'El stock debe ser un número entero' })
    .int('El stock debe ser un número entero')
    .min(0, 'El stock no puede ser negativo')
    .max(MAX_STOCK, 'El stock no puede superar 1.000.000 unidades')
    .default(0),
  /** Units per size; keys must be among `size` (checked by productCreateSchema, and by the server on updates). */
  stockBySize: stockBySizeSchema.optional(),
  size: z.preprocess(
    (v) => (typeof v === 'string' || Array.isArray(v) ? normalizeSizes(v) : v),
    z
      .array(z.string().max(20, 'Cada talla puede tener hasta 20 caracteres'), { error: MSG.productForm.sizeRequired })
      .min(1, MSG.productForm.sizeRequired)
      .max(30, 'Máximo 30 tallas por producto')
      // The server keeps the sizes joined as ",S,M,L," in a varchar(255) column to search them.
      .refine((sizes) => sizes.join(',').length <= 250, 'Las tallas no pueden superar 250 caracteres en total'),
  ),
  status: z.boolean({ error: 'El estado debe ser verdadero o falso' }).default(true),
  thumbnails: z
    .array(imageUrlSchema, { error: MSG.productForm.imageRequired })
    .min(1, MSG.productForm.imageRequired)
    .max(12, 'Máximo 12 imágenes por producto'),
  discount: z
    .number({ error: 'El descuento debe ser un número' })
    .int('El descuento debe ser un número entero')
    .min(0, 'El descuento debe estar entre 0 y 100')
    .max(100, 'El descuento debe estar entre 0 y 100')
    .default(0),
  colors: z.array(colorSchema).max(20, 'Máximo 20 colores por producto').optional(),
});
export type ProductInput = z.infer<typeof productInputSchema>;

/** POST /products: per-size stock only for the product's own sizes. */
export const productCreateSchema = productInputSchema.superRefine((product, ctx) => {
  const [firstUnknown] = product.stockBySize ? unknownStockSizes(product.stockBySize, product.size) : [];
  if (firstUnknown !== undefined) ctx.addIssue({ code: 'custom', path: ['stockBySize'], message: STOCK_MSG.unknownSize(firstUnknown) });
});

/**
 * PUT /products/{id}: the same body, or only some fields (e.g. only status). `expectedStockBySize` carries the
 * per-size figures the editor loaded: a size whose figure the editor left alone keeps the server's current
 * figure, and a size changed in the editor while orders moved its units is refused (409) instead of undoing a sale.
 */
export const productUpdateSchema = productInputSchema
  .extend({ expectedStockBySize: stockBySizeSchema.optional() })
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'No hay datos para actualizar');
export type ProductUpdate = z.infer<typeof productUpdateSchema>;

// ---------- Orders ----------

export const deliveryTypeSchema = z.enum(['pickup', 'delivery'], { error: 'El tipo de entrega debe ser retiro o envío a domicilio' });
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
  .extend({ deliveryType: deliveryTypeSchema, paymentMethod: paymentMethodSchema })
  .superRefine((details, ctx) => requireDeliveryAddress(details.deliveryType, details, ctx, []));
export type CheckoutDetails = z.infer<typeof checkoutDetailsSchema>;

export const orderItemInputSchema = z.object({
  productId: z
    .string({ error: 'Cada producto debe indicar productId' })
    .trim()
    .min(1, 'Cada producto debe indicar productId')
    .max(64, 'El productId no puede superar 64 caracteres'),
  quantity: z
    .number({ error: 'La cantidad debe ser un número entero mayor o igual a 1' })
    .int('La cantidad debe ser un número entero mayor o igual a 1')
    .min(1, 'La cantidad debe ser un número entero mayor o igual a 1')
    .max(999, 'La cantidad máxima por producto es 999'),
  size: text(20).optional(),
  color: text(40).optional(),
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
};

/** POST /checkout/quote: the order's body without the personal data. */
export const quoteInputSchema = z.object({
  ...pricingFields,
  /** The shopper's e-mail, when known: a "one per customer" coupon already used by it is told before ordering. */
  email: text(254).optional().nullable(),
});
export type QuoteRequestInput = z.infer<typeof quoteInputSchema>;

export const orderInputSchema = z
  .object({
    ...pricingFields,
    shippingInfo: shippingInfoSchema,
    notes: text(1000).optional(),
    transferProofUrl: z
      .union([imageUrlSchema, z.literal('')])
      .optional()
      .nullable(),
    // Client-side figures are ignored: the server recomputes every amount.
    subtotal: z.unknown().optional(),
    shippingCost: z.unknown().optional(),
    total: z.unknown().optional(),
  })
  .superRefine((order, ctx) => requireDeliveryAddress(order.deliveryType, order.shippingInfo, ctx, ['shippingInfo']));
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

// ---------- Auth & users ----------

const PASSWORD_TOO_LONG = 'La contraseña no puede superar 200 caracteres';

export const loginInputSchema = z.object({
  email: requiredText(200, 'El email es requerido'),
  password: z.string({ error: 'La contraseña es requerida' }).min(1, 'La contraseña es requerida').max(200, PASSWORD_TOO_LONG),
});

export const profileInputSchema = z.object({
  username: requiredText(60, MSG.profile.usernameRequired),
  email: requiredText(200, MSG.checkout.emailRequired).refine((v) => EMAIL_RE.test(v), MSG.checkout.emailInvalid),
  /** Required by the server only when the e-mail changes (the e-mail is the sign-in name). */
  currentPassword: z.string().max(200).optional(),
});

export const passwordInputSchema = z.object({
  currentPassword: z.string({ error: MSG.password.currentRequired }).min(1, MSG.password.currentRequired).max(200, PASSWORD_TOO_LONG),
  newPassword: z
    .string({ error: MSG.password.newRequired })
    .min(1, MSG.password.newRequired)
    .min(MIN_PASSWORD_LENGTH, MSG.password.tooShort)
    .max(200, PASSWORD_TOO_LONG),
});

/** The e-mail is the sign-in name: a new one (case aside) needs the current password. */
export function isEmailChange(nextEmail: string, currentEmail: string): boolean {
  return nextEmail.trim().toLowerCase() !== currentEmail.trim().toLowerCase();
}

/** The profile form of the signed-in user whose e-mail is `currentEmail`. */
export function profileFormSchema(currentEmail: string) {
  return profileInputSchema.superRefine((profile, ctx) => {
    if (isEmailChange(profile.email, currentEmail) && !profile.currentPassword) {
      ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: MSG.password.neededForEmail });
    }
  });
}

/** The password-change form: the API body plus the repeated new password. */
export const passwordFormSchema = passwordInputSchema.extend({ confirmPassword: z.string() }).superRefine((form, ctx) => {
  if (form.confirmPassword !== form.newPassword)
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: MSG.password.mismatch });
});

// ---------- Contact & interactions ----------

export const contactInputSchema = z.object({
  name: requiredText(120, MSG.contact.required),
  email: requiredText(200, MSG.contact.required).refine((v) => EMAIL_RE.test(v), MSG.checkout.emailInvalid),
  phone: text(40).optional(),
  subject: requiredText(200, MSG.contact.required),
  message: requiredText(5000, MSG.contact.required),
});

export const INTERACTION_TYPES = ['product_view', 'category_view', 'add_to_cart', 'search', 'whatsapp_click'] as const;
export const interactionInputSchema = z.object({
  type: z.enum(INTERACTION_TYPES, { error: 'Tipo de interacción no válido' }),
  data: z
    .object({
      productId: text(64).optional(),
      productTitle: text(200).optional(),
      productPrice: z.number().optional(),
      productCategory: text(60).optional(),
      category: text(60).optional(),
      searchTerm: text(200).optional(),
    })
    .default({}),
});

/** Turns a zod error into the single Spanish message an API answer carries. */
export function firstIssueMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Datos inválidos';
}

// ---------- Insight ----------

/** PUT /insight/low-stock-threshold: the stock at or below which a most-viewed product is flagged. */
export const lowStockThresholdInputSchema = z.object({
  threshold: z
    .number({ error: 'El umbral debe ser un número entero entre 0 y 999' })
    .int('El umbral debe ser un número entero entre 0 y 999')
    .min(0, 'El umbral debe ser un número entero entre 0 y 999')
    .max(999, 'El umbral debe ser un número entero entre 0 y 999'),
});
