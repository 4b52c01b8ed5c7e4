import { z } from 'zod';

/**
 * GET /reports/fit?productId= (owner, reports.view): a product's exchanges up and down by size and its sales, with each
 * source of the fit figure (exchanges and size returns, approved reviews) and its count.
 */
export const fitReportQuerySchema = z.object({
  productId: z
    .string({ error: 'Indicá el producto (productId)' })
    .trim()
    .min(1, 'Indicá el producto (productId)')
    .max(64, 'Producto no encontrado'),
});

const sizeFitSchema = z.object({
  size: z.string(),
  /** Units sold in this size (orders not cancelled or refunded). */
  sold: z.number().int(),
  /** Units of this size exchanged for a larger one or returned as "Me quedó chico". */
  up: z.number().int(),
  /** Units of this size exchanged for a smaller one or returned as "Me quedó grande". */
  down: z.number().int(),
  /** Units of this size exchanged (any reason). */
  exchanged: z.number().int(),
});

export const fitReportAnswerSchema = z.object({
  productId: z.string(),
  title: z.string(),
  /** The owner's minimum (`returns.fitMinimum`): below it the shop shows no note. */
  minimum: z.number().int(),
  up: z.number().int(),
  down: z.number().int(),
  /** What the figure rests on, per source: units exchanged or returned for size, approved reviews' fit answers. */
  sources: z.object({
    exchanges: z.object({ up: z.number().int(), down: z.number().int() }),
    reviews: z.object({ small: z.number().int(), true: z.number().int(), large: z.number().int() }),
  }),
  /** The figure from every unit and answer (even below the minimum), as the product page counts it; null with none. */
  figure: z.object({ direction: z.enum(['small', 'true', 'large']), basedOn: z.number().int() }).nullable(),
  /** Whether the product page shows it (the figure reaches the minimum). */
  shown: z.boolean(),
  sold: z.number().int(),
  exchanged: z.number().int(),
  /** exchanged / sold, 0 to 1 (0 with no sales). */
  exchangedShare: z.number(),
  sizes: z.array(sizeFitSchema),
});
export type FitReportAnswer = z.infer<typeof fitReportAnswerSchema>;
