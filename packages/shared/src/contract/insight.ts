import { z } from 'zod';

/** Answers of the dashboard's insight endpoints (docs/api.md "/insight"). */

const channelSalesSchema = z.object({ orders: z.number(), revenue: z.number() });
export const dailySalesSchema = z.object({
  day: z.string(),
  orders: z.number(),
  revenue: z.number(),
  /** Money given back that day by returns (cambios y devoluciones received with a refund). */
  returns: z.number().optional(),
  /** Net sales of the day: revenue minus returns. */
  netRevenue: z.number().optional(),
  /** The day's orders and revenue per channel (web includes orders older than channels); channels with none left out. */
  byChannel: z.record(z.string(), channelSalesSchema).optional(),
});

/** GET /insight/daily-sales?days=30|90 (staff): one entry per Argentine day, oldest first, zero days included. */
export const dailySalesAnswerSchema = z.object({
  days: z.array(dailySalesSchema),
  totalOrders: z.number(),
  totalRevenue: z.number(),
  /** Money given back by returns over the period, and the net sales (totalRevenue minus it). */
  totalReturns: z.number().optional(),
  netRevenue: z.number().optional(),
  /** The period's orders and revenue per channel (every channel, zero included). */
  byChannel: z.record(z.string(), channelSalesSchema).optional(),
});
export type DailySalesAnswer = z.infer<typeof dailySalesAnswerSchema>;

export const lowStockProductSchema = z.object({
  productId: z.string(),
  title: z.string(),
  category: z.string(),
  views: z.number(),
  totalStock: z.number(),
  lowSizes: z.array(z.object({ size: z.string(), stock: z.number() })),
});
export type LowStockProduct = z.infer<typeof lowStockProductSchema>;

/** GET /insight/low-stock (staff): among the most viewed products, those at or below the threshold, most viewed first. */
export const lowStockAnswerSchema = z.object({ threshold: z.number(), products: z.array(lowStockProductSchema) });
export type LowStockAnswer = z.infer<typeof lowStockAnswerSchema>;

/** PUT /insight/low-stock-threshold (staff). */
export const lowStockThresholdAnswerSchema = z.object({ threshold: z.number() });
export type LowStockThresholdAnswer = z.infer<typeof lowStockThresholdAnswerSchema>;

/** PUT /insight/low-stock-threshold: the stock at or below which a most-viewed product is flagged. */
export const lowStockThresholdInputSchema = z.object({
  threshold: z
    .number({ error: 'El umbral debe ser un número entero entre 0 y 999' })
    .int('El umbral debe ser un número entero entre 0 y 999')
    .min(0, 'El umbral debe ser un número entero entre 0 y 999')
    .max(999, 'El umbral debe ser un número entero entre 0 y 999'),
});
