import { z } from 'zod';
import { MSG } from '../constants/messages.js';
import { normalizeSizes } from '../rules/size-guides.js';
import { MAX_STOCK, STOCK_MSG, stockBySizeSchema, unknownStockSizes } from '../rules/stock.js';
import { requiredText, text, tooLong } from './fields.js';
import { variantsInputSchema } from '../rules/variant-grid.js';
import { productParcelSchema } from './shipping.js';

/** The bodies of POST /products and PUT /products/{id}. */

/** An image reference: an absolute http(s) URL or a path served by this shop (/uploads/..., /images/...). */
export const imageUrlSchema = z
  .string()
  .trim()
  .max(2000, tooLong(2000))
  .refine((v) => /^https?:\/\/[^\s]+$/i.test(v) || /^\/[^\s]*$/.test(v), MSG.productForm.imageUrlInvalid);

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
  /**
   * The colour × size grid: one cell per variant (missing cells start at 0, blank SKUs are generated). When sent, it
   * is the stock: `stockBySize` and `stock` are derived from it.
   */
  variants: variantsInputSchema.optional(),
  /** Which colour each photo shows (photo URL → colour name); photos left out show every colour. */
  photoColors: z
    .record(z.string().max(2000), z.string().trim().max(40))
    .refine((map) => Object.keys(map).length <= 12, 'Máximo 12 fotos con color')
    .optional(),
  /** The packed parcel for national shipping (grams, cm); a measure left out or null: the category's default. */
  parcel: productParcelSchema.optional(),
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
  .extend({
    expectedStockBySize: stockBySizeSchema.optional(),
    /** Units per variant id as the editor loaded them: the same 409 rule as `expectedStockBySize`, per cell. */
    expectedVariants: z
      .record(z.string().max(80), z.number().int().min(0).max(MAX_STOCK))
      .refine((map) => Object.keys(map).length <= 600, 'Demasiadas variantes (máximo 600)')
      .optional(),
  })
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'No hay datos para actualizar');
export type ProductUpdate = z.infer<typeof productUpdateSchema>;
