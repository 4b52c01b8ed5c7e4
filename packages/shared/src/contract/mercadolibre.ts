import { z } from 'zod';

/**
 * Mercado Libre as a sales channel (docs/api.md "Sales channels"): the connection of the shop's account there
 * (OAuth 2.0 authorization code) and the channel's settings. Money in whole pesos.
 */

/**
 * Mercado Libre Argentina's listing types a seller chooses from (GET /sites/MLA/listing_types): Premium
 * (`gold_pro`, installments without interest), Clásica (`gold_special`) and Gratuita (`free`, limited).
 */
export const MERCADOLIBRE_LISTING_TYPES = ['gold_special', 'gold_pro', 'free'] as const;
export type MercadoLibreListingType = (typeof MERCADOLIBRE_LISTING_TYPES)[number];

export const MERCADOLIBRE_LISTING_TYPE_LABELS: Record<MercadoLibreListingType, string> = {
  gold_special: 'Clásica',
  gold_pro: 'Premium',
  free: 'Gratuita',
};

export const MERCADOLIBRE_MAX_PERCENT = 200;
export const MERCADOLIBRE_MAX_SAFETY_BUFFER = 1000;

export const MERCADOLIBRE_MESSAGES = {
  priceRule: 'Elegí cómo se calcula el precio en Mercado Libre: un porcentaje sobre el precio web o un precio por producto',
  percent: `El porcentaje sobre el precio web debe ser un número entre 0 y ${MERCADOLIBRE_MAX_PERCENT}`,
  listingType: 'Elegí un tipo de publicación: Clásica, Premium o Gratuita',
  safetyBuffer: `Las unidades reservadas deben ser un número entero entre 0 y ${MERCADOLIBRE_MAX_SAFETY_BUFFER}`,
  notConfigured:
    'Mercado Libre no está configurado en el servidor: faltan MERCADOLIBRE_CLIENT_ID y MERCADOLIBRE_CLIENT_SECRET (ver README)',
  notConnected: 'La cuenta de Mercado Libre no está conectada',
  needsReconnect: 'Mercado Libre rechazó la renovación del acceso: volvé a conectar la cuenta',
  unavailable: 'Mercado Libre no responde en este momento: probá de nuevo en unos minutos',
  disconnected: 'La cuenta de Mercado Libre quedó desconectada',
  saved: 'Ajustes de Mercado Libre guardados',
} as const;

export const mercadoLibrePriceRuleSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('percent'),
      percent: z
        .number({ error: MERCADOLIBRE_MESSAGES.percent })
        .min(0, MERCADOLIBRE_MESSAGES.percent)
        .max(MERCADOLIBRE_MAX_PERCENT, MERCADOLIBRE_MESSAGES.percent),
    }),
    z.object({ kind: z.literal('perProduct') }),
  ],
  { error: MERCADOLIBRE_MESSAGES.priceRule },
);
export type MercadoLibrePriceRule = z.infer<typeof mercadoLibrePriceRuleSchema>;

export const mercadoLibreSettingsSchema = z.object({
  priceRule: mercadoLibrePriceRuleSchema,
  listingType: z.enum(MERCADOLIBRE_LISTING_TYPES, { error: MERCADOLIBRE_MESSAGES.listingType }),
  safetyBuffer: z
    .number({ error: MERCADOLIBRE_MESSAGES.safetyBuffer })
    .int(MERCADOLIBRE_MESSAGES.safetyBuffer)
    .min(0, MERCADOLIBRE_MESSAGES.safetyBuffer)
    .max(MERCADOLIBRE_MAX_SAFETY_BUFFER, MERCADOLIBRE_MESSAGES.safetyBuffer),
});
export type MercadoLibreSettings = z.infer<typeof mercadoLibreSettingsSchema>;

/** PUT /channels/mercadolibre/settings: the whole settings; safetyBuffer defaults to 0. */
export const mercadoLibreSettingsInputSchema = mercadoLibreSettingsSchema
  .extend({ safetyBuffer: mercadoLibreSettingsSchema.shape.safetyBuffer.default(0) })
  .strict();

export const DEFAULT_MERCADOLIBRE_SETTINGS: MercadoLibreSettings = {
  priceRule: { kind: 'percent', percent: 0 },
  listingType: 'gold_special',
  safetyBuffer: 0,
};

/** GET /channels/mercadolibre: never a token. */
export const mercadoLibreChannelAnswerSchema = z.object({
  connected: z.boolean(),
  nickname: z.string().nullable(),
  userId: z.number().int().nullable(),
  /** The refresh was refused (the seller removed the app, or the token was lost): connect again. */
  needsReconnect: z.boolean(),
  /** Why the channel cannot be used now, in Spanish; null when it can. */
  problem: z.string().nullable(),
  connectedAt: z.string().nullable(),
  settings: mercadoLibreSettingsSchema,
});
export type MercadoLibreChannelAnswer = z.infer<typeof mercadoLibreChannelAnswerSchema>;

export const mercadoLibreConnectAnswerSchema = z.object({ authorizationUrl: z.string() });
export const mercadoLibreMessageAnswerSchema = z.object({ message: z.string() });

/** The callback's way back to the back office: `?connected=1`, or `?error=<one of these>`. */
export const MERCADOLIBRE_CALLBACK_ERRORS = {
  state: 'El enlace de autorización venció o ya se usó: tocá «Conectar» de nuevo',
  denied: 'La autorización fue cancelada en Mercado Libre',
  exchange: 'Mercado Libre no aceptó la autorización: tocá «Conectar» de nuevo',
  unavailable: 'Mercado Libre no responde en este momento: probá de nuevo en unos minutos',
  forbidden: 'Tu cuenta ya no puede conectar Mercado Libre: pedíselo a quien administra la tienda',
} as const;
export type MercadoLibreCallbackError = keyof typeof MERCADOLIBRE_CALLBACK_ERRORS;
