import { z } from 'zod';

/** Answers of the admin dashboard endpoints (docs/api.md "interactions" and "health"). */
export const interactionSummarySchema = z.object({
  totalInteractions: z.number().default(0),
  recentInteractions: z.number().default(0),
});
export type InteractionSummary = z.infer<typeof interactionSummarySchema>;

export const mostViewedProductSchema = z.object({
  _id: z.union([z.string(), z.number()]).optional().nullable(),
  productId: z.string().optional().nullable(),
  productTitle: z.string().optional().nullable(),
  title: z.string().optional().nullable(),
  name: z.string().optional().nullable(),
  productCategory: z.string().optional().nullable(),
  category: z.string().optional().nullable(),
  count: z.number().default(0),
});
export type MostViewedProduct = z.infer<typeof mostViewedProductSchema>;

export const mostViewedCategorySchema = z.object({
  category: z.string().nullable().transform((v) => v ?? ''),
  count: z.number().default(0),
});
export type MostViewedCategory = z.infer<typeof mostViewedCategorySchema>;

/** One part the server depends on (database, Redis): up or down, and how long its check took. */
export const healthPartSchema = z.object({
  status: z.enum(['up', 'down']),
  latencyMs: z.number(),
});
export type HealthPart = z.infer<typeof healthPartSchema>;

/** GET /health: `status` is ok, degraded (Redis down) or error (database down, HTTP 503). */
export const healthSchema = z.object({
  status: z.string(),
  database: z.string().optional(),
  checks: z.object({ database: healthPartSchema.optional(), redis: healthPartSchema.optional() }).optional(),
  message: z.string().optional(),
  uptime: z.number().optional(),
  timestamp: z.string().optional(),
});
export type Health = z.infer<typeof healthSchema>;

/** Spec §3: the title is productTitle, else title, else name. */
export function mostViewedTitle(p: MostViewedProduct): string {
  return p.productTitle || p.title || p.name || 'Producto sin nombre';
}

/** Spec §3: the category is productCategory, else category. */
export function mostViewedCategoryName(p: MostViewedProduct): string {
  return p.productCategory || p.category || '';
}
