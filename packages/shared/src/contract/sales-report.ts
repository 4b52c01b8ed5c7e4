import { z } from 'zod';
import { SALES_GROUPS } from '../rules/sales-report';

/** The owner's sales report (docs/api.md "Reports: sales"): GET /reports/sales and its CSV, with reports.view. */

export const SALES_REPORT_DEFAULT_DAYS = 30;

export const SALES_REPORT_MSG = {
  groupBy: 'Elegí cómo agrupar: product, variant, color, size, category, channel, day o month',
  tooManyDays: 'Para más de 367 días, agrupá las ventas por mes',
  badDate: 'La fecha debe tener el formato AAAA-MM-DD',
  badRange: 'La fecha "desde" no puede ser posterior a la fecha "hasta"',
} as const;

const day = z
  .string({ error: SALES_REPORT_MSG.badDate })
  .regex(/^\d{4}-\d{2}-\d{2}$/, SALES_REPORT_MSG.badDate)
  .optional();

export const salesReportQuerySchema = z.object({
  groupBy: z.enum(SALES_GROUPS, { error: SALES_REPORT_MSG.groupBy }).optional(),
  from: day,
  to: day,
});
export type SalesReportQuery = z.infer<typeof salesReportQuerySchema>;

export const salesRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  units: z.number().int(),
  gross: z.number().int(),
  discounts: z.number().int(),
  refunds: z.number().int(),
  net: z.number().int(),
  fees: z.number().int(),
  cost: z.number().int().nullable(),
  unitsWithoutCost: z.number().int(),
  margin: z.number().int().nullable(),
});

export const salesReportAnswerSchema = z.object({
  groupBy: z.enum(SALES_GROUPS),
  /** The period, as Argentine days (both included). */
  from: z.string(),
  to: z.string(),
  rows: z.array(salesRowSchema),
  totals: salesRowSchema,
  /** Mercado Pago's fee rate the report used (percent, the owner's setting; 0 = none). */
  feePercent: z.number(),
});
export type SalesReportAnswer = z.infer<typeof salesReportAnswerSchema>;

export const SALES_REPORT_CSV_HEADER = [
  'Grupo',
  'Unidades',
  'Vendido',
  'Descuentos',
  'Devoluciones',
  'Neto',
  'Comisiones',
  'Costo',
  'Unidades sin costo',
  'Margen',
] as const;
