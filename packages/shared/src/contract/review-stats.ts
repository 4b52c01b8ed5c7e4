import { z } from 'zod';
import { fitReportAnswerSchema } from './product-fit.js';

/**
 * GET /reviews/products/{id}/stats (staff, reviews.view): one product's approved reviews for the owner: the stars of
 * each of the last 12 months (oldest first), the fit answers by the size bought, and what the fit report counts of
 * its exchanges (only for a role with reports.view; null otherwise).
 */
export const reviewStatsAnswerSchema = z.object({
  productId: z.string(),
  title: z.string(),
  months: z.array(z.object({ month: z.string(), count: z.number().int(), average: z.number().nullable() })),
  bySize: z.array(z.object({ size: z.string(), small: z.number().int(), true: z.number().int(), large: z.number().int() })),
  exchanges: fitReportAnswerSchema
    .pick({ up: true, down: true, sold: true, exchanged: true, exchangedShare: true, sizes: true })
    .nullable(),
});
export type ReviewStatsAnswer = z.infer<typeof reviewStatsAnswerSchema>;
