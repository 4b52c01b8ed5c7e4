import { z } from 'zod';
import { ORDER_CHANNELS } from '../rules/channels.js';
import { EMAIL_RE, text } from './fields.js';

/**
 * The shopper's own corner (docs/api.md, "Her account"): optional, opened by a 6-digit code sent by e-mail, kept by
 * an HttpOnly cookie for 60 days. Every route answers only her own data, only with her cookie.
 */

export const ACCOUNT_LIMITS = {
  codeDigits: 6,
  codeMinutes: 10,
  /** Wrong codes accepted for one code before a new one is needed. */
  codeTries: 5,
  sessionDays: 60,
  addresses: 5,
  favorites: 200,
  measurements: 12,
  ordersPerPage: 10,
} as const;

/** The cookie that carries her sign-in (HttpOnly: the storefront never reads it). */
export const ACCOUNT_COOKIE = 'shop_account';

export const ACCOUNT_MSG = {
  codeSent: 'Si el e-mail es correcto, te enviamos un código de 6 dígitos. Revisá tu correo: vence en 10 minutos.',
  email: 'Ingresá un email válido',
  code: 'El código tiene 6 dígitos',
  badCode: 'El código no es correcto o venció: revisalo o pedí uno nuevo',
  codeRateLimited: 'Pediste muchos códigos: esperá 15 minutos y volvé a intentar',
  signInRateLimited: 'Probaste muchos códigos: esperá 15 minutos y volvé a intentar',
  signedIn: '¡Listo! Ya entraste a tu cuenta.',
  signedOut: 'Cerraste la sesión.',
  signedOutEverywhere: 'Cerraste la sesión en todos tus dispositivos.',
  noSession: 'Entrá a tu cuenta para ver esto: te enviamos un código a tu e-mail.',
  crossSite: 'Pedido rechazado: abrí tu cuenta desde la tienda.',
  addresses: `Podés guardar hasta ${ACCOUNT_LIMITS.addresses} direcciones`,
  favorites: `Podés guardar hasta ${ACCOUNT_LIMITS.favorites} favoritos`,
  measurement: 'Cada medida va en centímetros, de 30 a 200',
  saved: 'Guardado',
  deleted: 'Eliminamos tu cuenta: tus direcciones, medidas, favoritos, avisos y preferencias.',
} as const;

const email = z
  .string({ error: ACCOUNT_MSG.email })
  .trim()
  .toLowerCase()
  .max(200, ACCOUNT_MSG.email)
  .refine((v) => EMAIL_RE.test(v), ACCOUNT_MSG.email);

/** POST /account/code: answered 202 with the same body for any address. */
export const accountCodeInputSchema = z.object({ email });
export type AccountCodeInput = z.infer<typeof accountCodeInputSchema>;

/** POST /account/session: the e-mail and the code it received. */
export const accountSessionInputSchema = z.object({
  email,
  code: z
    .string({ error: ACCOUNT_MSG.code })
    .trim()
    .regex(/^\d{6}$/, ACCOUNT_MSG.code),
});
export type AccountSessionInput = z.infer<typeof accountSessionInputSchema>;

/** Which of the shop's optional mails she accepts (an order's own mails always go). */
export const accountPreferencesSchema = z.object({
  /** The reminder of a checkout she left unfinished. */
  cartRecovery: z.boolean(),
  /** 'Avisame' mails: a size she asked for is back. */
  stockAlerts: z.boolean(),
  /** News and invitations to review what she bought. */
  news: z.boolean(),
});
export type AccountPreferences = z.infer<typeof accountPreferencesSchema>;

export const DEFAULT_ACCOUNT_PREFERENCES: AccountPreferences = { cartRecovery: true, stockAlerts: true, news: true };

export const ACCOUNT_PREFERENCE_LABELS: Record<keyof AccountPreferences, string> = {
  cartRecovery: 'Recordatorio de un carrito sin terminar',
  stockAlerts: "Avisos de 'Avisame' cuando vuelve un talle",
  news: 'Novedades e invitaciones a opinar sobre lo que compraste',
};

/** A national address's parts (as the checkout's carrier form asks them). */
export const accountNationalAddressSchema = z.object({
  province: text(40).optional(),
  locality: text(80).optional(),
  street: text(120).optional(),
  number: text(20).optional(),
  floor: text(20).optional(),
  apartment: text(20).optional(),
  postalCode: text(20).optional(),
});

/** One saved address: the checkout's fields (Neuquén's zones), and a national address's parts when it has them. */
export const accountAddressSchema = z.object({
  id: z.string().trim().min(1).max(40),
  label: text(40).optional().default(''),
  fullName: text(120).optional().default(''),
  phone: text(40).optional().default(''),
  address: text(300).optional().default(''),
  city: text(120).optional().default(''),
  postalCode: text(20).optional().default(''),
  notes: text(500).optional().default(''),
  national: accountNationalAddressSchema.nullable().optional(),
});
export type AccountAddress = z.infer<typeof accountAddressSchema>;

/** PUT /account/addresses: the whole list (at most 5). */
export const accountAddressesInputSchema = z.object({
  addresses: z.array(accountAddressSchema).max(ACCOUNT_LIMITS.addresses, ACCOUNT_MSG.addresses),
});

/** PUT /account/measurements: the size finder's measurements in centimetres, by measure key ("cintura": 70). */
export const accountMeasurementsInputSchema = z.object({
  measurements: z
    .record(
      z.string().trim().min(1).max(40),
      z.number({ error: ACCOUNT_MSG.measurement }).min(30, ACCOUNT_MSG.measurement).max(200, ACCOUNT_MSG.measurement),
    )
    .refine((m) => Object.keys(m).length <= ACCOUNT_LIMITS.measurements, ACCOUNT_MSG.measurement),
});
export type AccountMeasurements = Record<string, number>;

/** PUT /account/favorites: the product ids she marked "Me gusta" (unknown ids are dropped). */
export const accountFavoritesInputSchema = z.object({
  productIds: z.array(z.string().trim().min(1).max(64)).max(ACCOUNT_LIMITS.favorites, ACCOUNT_MSG.favorites),
});

/** A size she kept: bought and not sent back, or received in an exchange. */
export const accountSizeSchema = z.object({
  productTitle: z.string(),
  category: z.string().nullable(),
  size: z.string(),
  /** 'exchange' when she got it in an exchange (her size after trying). */
  source: z.enum(['purchase', 'exchange']),
  at: z.string(),
});
export type AccountSize = z.infer<typeof accountSizeSchema>;

/** GET /account: who she is, since when, her preferences and what the shop knows of her sizes. */
export const accountAnswerSchema = z.object({
  account: z.object({
    email: z.string(),
    createdAt: z.string(),
    preferences: accountPreferencesSchema,
    sizes: z.array(accountSizeSchema),
    sessions: z.number(),
  }),
});
export type AccountAnswer = z.infer<typeof accountAnswerSchema>;

/** One line of one of her orders: enough to show it and to buy it again. */
export const accountOrderLineSchema = z.object({
  productId: z.string().nullable(),
  slug: z.string().nullable(),
  title: z.string(),
  size: z.string(),
  color: z.string(),
  quantity: z.number(),
  unitPrice: z.number(),
  /** Whether that variant has units now ("Volver a comprar" adds only those). */
  available: z.boolean(),
});

/** One of her orders, whatever the channel it was bought in. */
export const accountOrderSchema = z.object({
  orderNumber: z.string(),
  createdAt: z.string(),
  channel: z.enum(ORDER_CHANNELS),
  status: z.string(),
  fulfillment: z.string().nullable(),
  total: z.number(),
  paymentMethod: z.string(),
  items: z.array(accountOrderLineSchema),
  /** A Mercado Pago order still unpaid: where to pay. */
  checkoutUrl: z.string().nullable(),
  /** The carrier's tracking number and link, once shipped with one. */
  tracking: z.object({ carrier: z.string(), number: z.string(), url: z.string().nullable() }).nullable(),
  /** Whether an invoice exists (its PDF through POST /orders/tracking/invoice.pdf with the order number and her e-mail). */
  invoiced: z.boolean(),
  /** A delivered order: its page to review the lines ("Opiná"), as the invitation e-mail links it. */
  reviewPath: z.string().nullable().optional(),
});
export type AccountOrder = z.infer<typeof accountOrderSchema>;

export const accountOrdersAnswerSchema = z.object({
  orders: z.array(accountOrderSchema),
  total: z.number(),
  totalPages: z.number(),
  page: z.number(),
});
export type AccountOrdersAnswer = z.infer<typeof accountOrdersAnswerSchema>;

export const accountAddressesAnswerSchema = z.object({ addresses: z.array(accountAddressSchema) });
export const accountMeasurementsAnswerSchema = z.object({ measurements: z.record(z.string(), z.number()) });

/** A favourite as the account lists it (a product since deleted is dropped). */
export const accountFavoriteSchema = z.object({
  productId: z.string(),
  slug: z.string(),
  title: z.string(),
  price: z.number(),
  image: z.string().nullable(),
});
export const accountFavoritesAnswerSchema = z.object({ favorites: z.array(accountFavoriteSchema) });
export type AccountFavorite = z.infer<typeof accountFavoriteSchema>;

/** One of her 'Avisame' requests still waiting. */
export const accountAlertSchema = z.object({
  id: z.number(),
  productId: z.string(),
  productTitle: z.string(),
  slug: z.string().nullable(),
  size: z.string(),
  color: z.string(),
  createdAt: z.string(),
});
export const accountAlertsAnswerSchema = z.object({ alerts: z.array(accountAlertSchema) });
export type AccountAlert = z.infer<typeof accountAlertSchema>;

/** GET /account/export: everything the shop keeps about her, and a summary in words. */
export const accountExportSchema = z.object({
  exportedAt: z.string(),
  summary: z.array(z.string()),
  account: z.record(z.string(), z.unknown()),
  orders: z.array(z.record(z.string(), z.unknown())),
  alerts: z.array(z.record(z.string(), z.unknown())),
  reviews: z.array(z.record(z.string(), z.unknown())),
  returns: z.array(z.record(z.string(), z.unknown())),
  withdrawals: z.array(z.record(z.string(), z.unknown())),
  /** Checkouts she left unfinished (the cart recovery's drafts). */
  checkouts: z.array(z.record(z.string(), z.unknown())),
  customer: z.record(z.string(), z.unknown()).nullable(),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

/** DELETE /account: what was deleted and what the law makes the shop keep. */
export const accountDeletedAnswerSchema = z.object({ message: z.string(), deleted: z.array(z.string()), kept: z.array(z.string()) });
export type AccountDeletedAnswer = z.infer<typeof accountDeletedAnswerSchema>;
