import { z } from 'zod';
import { STOCK_REPORT_VIEWS } from '../rules/stock-report';

/** The owner's stock report (docs/api.md "Reports: stock"): GET /reports/stock and its CSV, with reports.view. */

export const STOCK_REPORT_DEFAULT_WINDOW = { valuation: 30, days: 30, dead: 90, reorder: 30 } as const;
export const STOCK_REPORT_DEFAULT_LEAD_DAYS = 21;
export const STOCK_REPORT_PAGE_SIZE = 50;

export const STOCK_REPORT_MSG = {
  view: 'Elegí el reporte: valuation, days, dead o reorder',
  days: 'Los días de ventas deben ser un número entero entre 1 y 365',
  leadDays: 'Los días de entrega del proveedor deben ser un número entero entre 1 y 180',
  page: 'La página debe ser un número entero mayor o igual a 1',
  category: 'La categoría no puede superar 60 caracteres',
} as const;

const wholeIn = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{1,6}$/, message)
    .transform(Number)
    .refine((n) => n >= min && n <= max, message);

/** The query as it arrives (strings): the view, the sales window, the supplier's lead time, a category, the page. */
export const stockReportQuerySchema = z.object({
  view: z.enum(STOCK_REPORT_VIEWS, { error: STOCK_REPORT_MSG.view }),
  days: wholeIn(1, 365, STOCK_REPORT_MSG.days).optional(),
  leadDays: wholeIn(1, 180, STOCK_REPORT_MSG.leadDays).optional(),
  category: z.string({ error: STOCK_REPORT_MSG.category }).trim().max(60, STOCK_REPORT_MSG.category).optional(),
  page: wholeIn(1, 100_000, STOCK_REPORT_MSG.page).optional(),
});
export type StockReportQuery = z.infer<typeof stockReportQuerySchema>;

export const stockReportRowSchema = z.object({
  productId: z.string(),
  title: z.string(),
  category: z.string(),
  sku: z.string(),
  color: z.string().nullable(),
  size: z.string().nullable(),
  /** Units on hand. */
  stock: z.number().int(),
  /** Units sold in the window (orders neither cancelled nor refunded). */
  sold: z.number().int(),
  perDay: z.number(),
  daysOfStock: z.number().nullable(),
  /** Units to order (view reorder); null otherwise. */
  suggested: z.number().int().nullable(),
  /** The variant's cost per unit (purchases.manage and reports.view only); null when unknown. */
  unitCost: z.number().int().nullable(),
  /** Units on hand × unitCost; null when the cost is unknown. */
  value: z.number().int().nullable(),
});
export type StockReportRow = z.infer<typeof stockReportRowSchema>;

export const stockReportAnswerSchema = z.object({
  view: z.enum(STOCK_REPORT_VIEWS),
  /** The sales window, in days up to today. */
  days: z.number().int(),
  leadDays: z.number().int(),
  rows: z.array(stockReportRowSchema),
  /** Every row of the view (not only the page's): units on hand, those with a known cost, and their value at cost. */
  valuation: z.object({ units: z.number().int(), valuedUnits: z.number().int(), value: z.number().int() }),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  pageCount: z.number().int(),
});
export type StockReportAnswer = z.infer<typeof stockReportAnswerSchema>;

export const STOCK_REPORT_CSV_HEADER = [
  'Producto',
  'Categoría',
  'SKU',
  'Color',
  'Talle',
  'Stock',
  'Vendidas',
  'Por día',
  'Días de stock',
  'Sugerido',
  'Costo unitario',
  'Valor al costo',
] as const;
