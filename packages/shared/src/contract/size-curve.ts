import { z } from 'zod';

/** The owner's size curve (docs/api.md "Reports"): GET /reports/size-curve and its CSV, with reports.view. */

export const SIZE_CURVE_DEFAULT_DAYS = 365;
export const SIZE_CURVE_DEFAULT_UNITS = 10;
export const SIZE_CURVE_MAX_UNITS = 10_000;

export const SIZE_CURVE_MSG = {
  category: 'Indicá la categoría (category)',
  badDate: 'La fecha debe tener el formato AAAA-MM-DD',
  badRange: 'La fecha "desde" no puede ser posterior a la fecha "hasta"',
  units: `Las unidades a comprar deben ser un número entero entre 1 y ${SIZE_CURVE_MAX_UNITS.toLocaleString('es-AR')}`,
} as const;

const day = z
  .string({ error: SIZE_CURVE_MSG.badDate })
  .regex(/^\d{4}-\d{2}-\d{2}$/, SIZE_CURVE_MSG.badDate)
  .optional();

/** The query as it arrives (strings): the category, the period (Argentine days, both included) and a purchase's units. */
export const sizeCurveQuerySchema = z.object({
  category: z.string({ error: SIZE_CURVE_MSG.category }).trim().min(1, SIZE_CURVE_MSG.category).max(60, SIZE_CURVE_MSG.category),
  from: day,
  to: day,
  units: z
    .string({ error: SIZE_CURVE_MSG.units })
    .regex(/^\d{1,5}$/, SIZE_CURVE_MSG.units)
    .transform(Number)
    .refine((n) => n >= 1 && n <= SIZE_CURVE_MAX_UNITS, SIZE_CURVE_MSG.units)
    .optional(),
});
export type SizeCurveQuery = z.infer<typeof sizeCurveQuerySchema>;

export const sizeCurveRowSchema = z.object({
  size: z.string(),
  /** Units sold in this size over the period (orders neither cancelled nor refunded). */
  units: z.number().int(),
  /** units / all the units of the category, 0 to 1. */
  share: z.number(),
  /** Times a variant of this size (a model in a colour) sold out within the period. */
  soldOut: z.number().int(),
  /** The median days those sell-outs took; null with none. */
  daysToSellOut: z.number().nullable(),
  /** Of a purchase of `units`, how many of this size (the figures add up to `units`). */
  suggested: z.number().int(),
});
export type SizeCurveRow = z.infer<typeof sizeCurveRowSchema>;

export const sizeCurveAnswerSchema = z.object({
  category: z.string(),
  /** The period, as Argentine days (YYYY-MM-DD), both included. */
  from: z.string(),
  to: z.string(),
  /** Units sold in the category over the period. */
  total: z.number().int(),
  /** The purchase the suggestions split. */
  units: z.number().int(),
  /** "De cada 10 corpiños, 3 son 90B."; null with no sales. */
  sentence: z.string().nullable(),
  sizes: z.array(sizeCurveRowSchema),
});
export type SizeCurveAnswer = z.infer<typeof sizeCurveAnswerSchema>;

/** The CSV's columns (GET /reports/size-curve.csv), one row per size. */
export const SIZE_CURVE_CSV_HEADER = [
  'Talle',
  'Unidades vendidas',
  '% de las unidades',
  'Veces agotado',
  'Días hasta agotarse (mediana)',
  'Sugerido para la compra',
] as const;
