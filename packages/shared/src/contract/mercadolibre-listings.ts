import { z } from 'zod';

/**
 * Mercado Libre listings (docs/api.md "Sales channels"): one listing (a Mercado Libre item) per product, one variation
 * per active colour × size with SELLER_SKU = the variant's SKU. Money in whole pesos.
 */
export const MERCADOLIBRE_LISTING_STATUSES = ['active', 'paused', 'closed', 'under_review', 'inactive'] as const;
export type MercadoLibreListingStatus = (typeof MERCADOLIBRE_LISTING_STATUSES)[number];

export const MERCADOLIBRE_LISTING_STATUS_LABELS: Record<MercadoLibreListingStatus, string> = {
  active: 'Activa',
  paused: 'Pausada',
  closed: 'Finalizada',
  under_review: 'En revisión',
  inactive: 'Inactiva',
};

export const LISTING_MESSAGES = {
  productId: 'Indicá el producto a publicar',
  categoryId: 'La categoría de Mercado Libre no es válida (por ejemplo MLA109283)',
  attributes: 'Los atributos deben ser pares de id (por ejemplo BRAND) y valor de hasta 255 caracteres',
  price: 'El precio en Mercado Libre debe ser un número entero de pesos entre 1 y 100.000.000',
  status: 'Elegí un estado: activa, pausada o finalizada',
  itemId: 'El número de publicación no es válido (por ejemplo MLA1234567890)',
  statusOrItem: 'Indicá el nuevo estado, el número de publicación a vincular o el precio, y no estado y número a la vez',
  productNotFound: 'No existe ese producto',
  noVariants: 'El producto no tiene variantes activas para publicar',
  alreadyListed: 'El producto ya está publicado en Mercado Libre',
  notListed: 'El producto no está publicado en Mercado Libre',
  noCategory: 'Mercado Libre no sugirió una categoría para este título: elegí una',
  missingAttributes: 'Faltan datos que Mercado Libre pide para esta categoría',
  rejected: 'Mercado Libre rechazó la publicación',
  perProductPrice: 'Con precio por producto, indicá el precio en Mercado Libre',
  closedForever: 'La publicación está finalizada: Mercado Libre no permite reactivarla',
  itemNotFound: 'Mercado Libre no tiene una publicación con ese número en esta cuenta',
  itemTaken: 'Esa publicación ya está vinculada a otro producto',
  noSkuMatch: 'Ninguna variación de esa publicación tiene un SELLER_SKU igual al SKU de una variante del producto',
  busy: 'Mercado Libre está recibiendo cambios de esta publicación: probá de nuevo en unos segundos',
} as const;

export const mercadoLibreItemIdSchema = z.string({ error: LISTING_MESSAGES.itemId }).regex(/^ML[A-Z]\d{4,15}$/, LISTING_MESSAGES.itemId);
export const mercadoLibreCategoryIdSchema = z
  .string({ error: LISTING_MESSAGES.categoryId })
  .regex(/^ML[A-Z]\d{1,12}$/, LISTING_MESSAGES.categoryId);

/** POST /channels/mercadolibre/listings. */
export const publishListingInputSchema = z
  .object({
    productId: z.string({ error: LISTING_MESSAGES.productId }).min(1, LISTING_MESSAGES.productId).max(64, LISTING_MESSAGES.productId),
    categoryId: mercadoLibreCategoryIdSchema.optional(),
    /** Attribute id → value, e.g. {BRAND: 'Marca propia', GENDER: 'Mujer'}. */
    attributes: z
      .record(
        z.string().regex(/^[A-Z0-9_]{1,60}$/, LISTING_MESSAGES.attributes),
        z.string({ error: LISTING_MESSAGES.attributes }).trim().min(1, LISTING_MESSAGES.attributes).max(255, LISTING_MESSAGES.attributes),
        { error: LISTING_MESSAGES.attributes },
      )
      .refine((value) => Object.keys(value).length <= 60, LISTING_MESSAGES.attributes)
      .optional(),
    /** The price on Mercado Libre when the channel's price rule is per product. */
    price: z
      .number({ error: LISTING_MESSAGES.price })
      .int(LISTING_MESSAGES.price)
      .min(1, LISTING_MESSAGES.price)
      .max(100_000_000, LISTING_MESSAGES.price)
      .optional(),
  })
  .strict();
export type PublishListingInput = z.infer<typeof publishListingInputSchema>;

/** PUT /channels/mercadolibre/listings/{productId}: a new status, or link an existing item; and/or the per-product price. */
export const updateListingInputSchema = z
  .object({
    status: z.enum(['active', 'paused', 'closed'], { error: LISTING_MESSAGES.status }).optional(),
    itemId: mercadoLibreItemIdSchema.optional(),
    price: publishListingInputSchema.shape.price,
  })
  .strict()
  .refine(
    (value) =>
      !(value.status !== undefined && value.itemId !== undefined) &&
      (value.status !== undefined || value.itemId !== undefined || value.price !== undefined),
    LISTING_MESSAGES.statusOrItem,
  );
export type UpdateListingInput = z.infer<typeof updateListingInputSchema>;

export const listingVariationSchema = z.object({
  variantId: z.string(),
  sku: z.string(),
  variationId: z.number().nullable(),
  availableQuantity: z.number().int(),
});

export const mercadoLibreListingSchema = z.object({
  productId: z.string(),
  productTitle: z.string(),
  itemId: z.string(),
  status: z.string(),
  categoryId: z.string().nullable(),
  permalink: z.string().nullable(),
  price: z.number().nullable(),
  variations: z.array(listingVariationSchema),
  lastError: z.string().nullable(),
  syncedAt: z.string().nullable(),
  /** A stock or product change is waiting to be sent. */
  pending: z.boolean(),
});
export type MercadoLibreListing = z.infer<typeof mercadoLibreListingSchema>;

export const mercadoLibreListingAnswerSchema = z.object({ listing: mercadoLibreListingSchema });
export const mercadoLibreListingsAnswerSchema = z.object({ listings: z.array(mercadoLibreListingSchema) });

/** One missing required attribute (400 of POST …/listings): what to ask the seller, in Spanish. */
export const missingAttributeSchema = z.object({
  id: z.string(),
  name: z.string(),
  message: z.string(),
  values: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type MissingAttribute = z.infer<typeof missingAttributeSchema>;

/** GET /channels/mercadolibre/categories?title= (prediction) and /categories/{id}/attributes (what to ask). */
export const categoryPredictionAnswerSchema = z.object({
  categories: z.array(z.object({ categoryId: z.string(), categoryName: z.string(), domainName: z.string() })),
});
export const categoryAttributesAnswerSchema = z.object({ required: z.array(missingAttributeSchema) });

/** The price on Mercado Libre under the percentage rule: the web price plus the percentage, rounded to the peso. */
export function channelPrice(webPrice: number, percent: number): number {
  return Math.round(webPrice * (1 + percent / 100));
}

/** Units offered on Mercado Libre: the variant's units minus the safety buffer, never below 0 (0 when inactive). */
export function channelQuantity(units: number, buffer: number, active = true): number {
  return active ? Math.max(0, Math.floor(units) - buffer) : 0;
}
