import { z } from 'zod';

/** Answers of the product endpoints (docs/api.md "GET/POST/PUT/DELETE /products"). */

export const productColorSchema = z.object({ name: z.string(), value: z.string() });

/** One colour × size the product sells: its own units, SKU and barcode; `available` = active with units. */
export const productVariantSchema = z.object({
  id: z.string(),
  sku: z.string(),
  color: z.string().nullable(),
  size: z.string().nullable(),
  stock: z.number(),
  barcode: z.string().nullable(),
  active: z.boolean(),
  available: z.boolean(),
});
export type ProductVariantAnswer = z.infer<typeof productVariantSchema>;

/** A product as every answer carries it: `_id` is the documentId. */
export const productSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  price: z.number(),
  discount: z.number(),
  category: z.string(),
  thumbnails: z.array(z.string()),
  /** Sum of `stockBySize` for a product with sizes; its single stock otherwise. */
  stock: z.number(),
  size: z.array(z.string()),
  /** Units per offered size (`{}` without sizes). */
  stockBySize: z.record(z.string(), z.number()),
  status: z.boolean(),
  colors: z.array(productColorSchema),
  /** Every colour × size (answers from before variants have none: see variantsOf). */
  variants: z.array(productVariantSchema).optional(),
  /** Photo URL → the colour it shows. */
  photoColors: z.record(z.string(), z.string()).optional(),
  /** Staff: migrated from one stock per size with several colours; "Revisá el stock por color" until the grid is saved. */
  colorReview: z.boolean().optional(),
  /** The packed parcel for national shipping: grams and cm, null where the category's default applies. */
  parcel: z
    .object({ weight: z.number().nullable(), length: z.number().nullable(), width: z.number().nullable(), height: z.number().nullable() })
    .optional(),
  /**
   * GET /products/{id}: how the model fits, from the shop's exchanges, size returns and approved reviews' fit answers
   * (rules/product-fit.ts); only once they reach the owner's minimum (`returns.fitMinimum`).
   */
  fit: z
    .object({
      direction: z.enum(['small', 'true', 'large']),
      basedOn: z.number().int().min(1),
      /** Each source's count: units exchanged or returned for size up and down, approved reviews' fit answers. */
      sources: z
        .object({
          exchanges: z.object({ up: z.number().int(), down: z.number().int() }),
          reviews: z.object({ small: z.number().int(), true: z.number().int(), large: z.number().int() }),
        })
        .optional(),
    })
    .optional(),
  /** Public answers: the approved reviews' average stars and count, when there is at least one. */
  rating: z.object({ average: z.number(), count: z.number().int().min(1) }).optional(),
  /**
   * Public answers: the price as shown (after the product's discount) and the transfer price (when the shop gives a
   * discount for paying by transfer) without national taxes, to the peso (rules/national-taxes.ts).
   */
  netPrice: z.number().int().optional(),
  netTransferPrice: z.number().int().optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});
export type Product = z.infer<typeof productSchema>;

/** GET /products: one page of the catalogue (`limit` is null for `limit=all`). */
export const productListAnswerSchema = z.object({
  status: z.literal('success'),
  payload: z.array(productSchema),
  totalPages: z.number(),
  totalDocs: z.number(),
  totalProducts: z.number(),
  page: z.number(),
  limit: z.number().nullable(),
});
export type ProductListAnswer = z.infer<typeof productListAnswerSchema>;

/** GET /products/{id}, POST /products, PUT /products/{id}. */
export const productAnswerSchema = z.object({ product: productSchema });
export type ProductAnswer = z.infer<typeof productAnswerSchema>;

/** GET /products/count. */
export const productCountAnswerSchema = z.object({ count: z.number() });
export type ProductCountAnswer = z.infer<typeof productCountAnswerSchema>;

/** DELETE /products/{id}. */
export const productDeletedAnswerSchema = z.object({ message: z.string() });
export type ProductDeletedAnswer = z.infer<typeof productDeletedAnswerSchema>;
