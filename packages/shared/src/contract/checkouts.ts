import { z } from 'zod';
import { normalizeArgentinePhone } from '../rules/phone.js';
import { EMAIL_RE, text } from './fields.js';
import { deliveryTypeSchema, lineProductIdSchema, lineQuantitySchema } from './order-inputs.js';

/**
 * Abandoned checkouts (docs/api.md "Abandoned checkouts"): the draft a shopper's checkout keeps once she typed a
 * valid e-mail or phone, its recovery link, and the staff's list. A draft's contact is staff-only data: no public
 * answer carries it.
 */

export const CHECKOUT_MSG = {
  badToken: 'El enlace del carrito no es válido o está incompleto',
  notFound: 'No encontramos ese carrito: puede haber vencido o ya se convirtió en un pedido',
  converted: 'Este carrito ya se convirtió en un pedido',
  contactRequired: 'Escribí un email o un teléfono válido para guardar el carrito',
  badEmail: 'Ingresá un email válido',
  badPhone: 'Ingresá un teléfono válido (con código de área)',
  tooManyLines: (max: number) => `El carrito no puede tener más de ${max} líneas`,
  tooManyUnits: (max: number) => `Podés guardar hasta ${max} unidades por línea`,
  linesRequired: 'El carrito está vacío',
  /** A saved line names a product the shop does not have (never stored). */
  unknownProduct: 'El carrito tiene un producto que no existe en la tienda',
  saved: 'Carrito guardado',
  unsubscribed: 'Listo: borramos tu carrito y no te vamos a escribir más por carritos sin terminar.',
  soldOut: 'Sin stock',
  /** The line the checkout shows next to the contact fields. */
  privacyNotice: 'Guardamos tu email o teléfono solo para ayudarte a terminar la compra si se corta; podés darte de baja desde el correo.',
} as const;

/** Most lines a draft keeps, and most units per line (a cart far bigger than a shop sells is refused). */
export const CHECKOUT_DRAFT_LIMITS = { lines: 30, unitsPerLine: 20 } as const;
/** Drafts are deleted this long after their last change. */
export const CHECKOUT_DRAFT_KEEP_DAYS = 30;

/** A draft's token: random, made by the shopper's browser (base64url or hex, 22 to 64 characters). */
export const CHECKOUT_TOKEN_RE = /^[A-Za-z0-9_-]{22,64}$/;
export const checkoutTokenSchema = z.string({ error: CHECKOUT_MSG.badToken }).regex(CHECKOUT_TOKEN_RE, CHECKOUT_MSG.badToken);

export const checkoutDraftLineSchema = z.object({
  productId: lineProductIdSchema,
  quantity: lineQuantitySchema(CHECKOUT_DRAFT_LIMITS.unitsPerLine, CHECKOUT_MSG.tooManyUnits(CHECKOUT_DRAFT_LIMITS.unitsPerLine)),
  size: text(20).optional().nullable(),
  color: text(40).optional().nullable(),
  sku: text(40).optional().nullable(),
});
export type CheckoutDraftLine = z.infer<typeof checkoutDraftLineSchema>;

const optionalText = (max: number) =>
  text(max)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

/** PUT /checkouts/{token} (public): lines, contact and delivery choice; never payment data. Unknown keys are dropped. */
export const checkoutDraftInputSchema = z
  .object({
    items: z
      .array(checkoutDraftLineSchema, { error: CHECKOUT_MSG.linesRequired })
      .min(1, CHECKOUT_MSG.linesRequired)
      .max(CHECKOUT_DRAFT_LIMITS.lines, CHECKOUT_MSG.tooManyLines(CHECKOUT_DRAFT_LIMITS.lines)),
    email: optionalText(254).refine((v) => v === null || EMAIL_RE.test(v), CHECKOUT_MSG.badEmail),
    phone: optionalText(40).refine((v) => v === null || normalizeArgentinePhone(v) !== null, CHECKOUT_MSG.badPhone),
    fullName: optionalText(120),
    deliveryType: deliveryTypeSchema.optional().nullable(),
    zoneId: optionalText(40),
    meetingPointId: optionalText(40),
    postalCode: optionalText(20),
    barrio: optionalText(80),
    city: optionalText(120),
    /** "Si no termino la compra, recordámelo por WhatsApp" (off unless ticked). */
    whatsappOptIn: z.boolean({ error: 'whatsappOptIn debe ser verdadero o falso' }).optional(),
  })
  .refine((d) => d.email !== null || d.phone !== null, { message: CHECKOUT_MSG.contactRequired, path: ['email'] });
export type CheckoutDraftInput = z.infer<typeof checkoutDraftInputSchema>;

export const checkoutUnsubscribeInputSchema = z.object({ token: checkoutTokenSchema });

export const checkoutSavedAnswerSchema = z.object({ message: z.string() });

/** One line of a draft priced today: `available: false` (sold out, gone) keeps the line with its reason. */
export const checkoutDraftLineAnswerSchema = z.object({
  productId: z.string(),
  title: z.string(),
  image: z.string().nullable(),
  size: z.string().nullable(),
  color: z.string().nullable(),
  sku: z.string().nullable(),
  quantity: z.number(),
  available: z.boolean(),
  /** Why the line cannot be bought now (Spanish), when it cannot. */
  problem: z.string().nullable(),
  unitPrice: z.number().nullable(),
  lineTotal: z.number().nullable(),
});
export type CheckoutDraftLineAnswer = z.infer<typeof checkoutDraftLineAnswerSchema>;

/** GET /checkouts/{token} (public): the draft's lines priced anew, its delivery choice; never its contact. */
export const checkoutDraftAnswerSchema = z.object({
  draft: z.object({
    lines: z.array(checkoutDraftLineAnswerSchema),
    /** The available lines' total at today's prices (the quote's total, without shipping choices that fail). */
    total: z.number(),
    deliveryType: deliveryTypeSchema.nullable(),
    zoneId: z.string().nullable(),
    meetingPointId: z.string().nullable(),
    updatedAt: z.string(),
  }),
});
export type CheckoutDraftAnswer = z.infer<typeof checkoutDraftAnswerSchema>;

export const abandonedCheckoutSchema = z.object({
  token: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  fullName: z.string().nullable(),
  lines: z.array(checkoutDraftLineAnswerSchema),
  total: z.number(),
  updatedAt: z.string(),
  /** Minutes since the last change. */
  ageMinutes: z.number(),
  emailSentAt: z.string().nullable(),
});
export type AbandonedCheckout = z.infer<typeof abandonedCheckoutSchema>;

/** GET /checkouts/abandoned (orders.view), newest first, paged. */
export const abandonedCheckoutListAnswerSchema = z.object({
  data: z.array(abandonedCheckoutSchema),
  meta: z.object({ page: z.number(), pageSize: z.number(), total: z.number(), afterMinutes: z.number() }),
});
export type AbandonedCheckoutListAnswer = z.infer<typeof abandonedCheckoutListAnswerSchema>;

/** GET /checkouts/stats?days= (orders.view): the dashboard's card. */
export const checkoutStatsAnswerSchema = z.object({
  days: z.number(),
  abandoned: z.number(),
  converted: z.number(),
  recovered: z.number(),
  recoveredRevenue: z.number(),
});
export type CheckoutStatsAnswer = z.infer<typeof checkoutStatsAnswerSchema>;

/** The recovery link's path in the storefront. */
export const recoveryPath = (token: string): string => `/checkout/recuperar/${encodeURIComponent(token)}`;

/** The WhatsApp message staff send with the recovery link (Spanish). */
export function abandonedCheckoutWhatsappText(fullName: string | null, recoveryUrl: string): string {
  const first = fullName?.trim().split(/\s+/)[0] ?? '';
  const hello = first ? `¡Hola ${first}!` : '¡Hola!';
  return `${hello} Vimos que dejaste tu compra sin terminar. Te guardamos el carrito: podés retomarla acá ${recoveryUrl}. Cualquier duda, escribinos por acá.`;
}
