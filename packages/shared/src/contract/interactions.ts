import { z } from 'zod';
import { text } from './fields.js';

/** Bodies and answers of /interactions (docs/api.md): the shopper's events and the dashboard's figures. */

export const INTERACTION_TYPES = ['product_view', 'category_view', 'add_to_cart', 'search', 'whatsapp_click'] as const;
export const interactionInputSchema = z.object({
  type: z.enum(INTERACTION_TYPES, { error: 'Tipo de interacción no válido' }),
  data: z
    .object({
      productId: text(64).optional(),
      productTitle: text(200).optional(),
      productPrice: z.number().optional(),
      productCategory: text(60).optional(),
      category: text(60).optional(),
      searchTerm: text(200).optional(),
    })
    .default({}),
});

/** POST /interactions (201). */
export const interactionRecordedAnswerSchema = z.object({
  interaction: z.object({
    _id: z.string(),
    type: z.enum(INTERACTION_TYPES),
    data: z.record(z.string(), z.unknown()),
    createdAt: z.string(),
  }),
});
export type InteractionRecordedAnswer = z.infer<typeof interactionRecordedAnswerSchema>;

export const interactionSummarySchema = z.object({
  totalInteractions: z.number(),
  recentInteractions: z.number(),
});
export type InteractionSummary = z.infer<typeof interactionSummarySchema>;

/** GET /interactions/summary (staff): recent = last 24 h. */
export const interactionSummaryAnswerSchema = z.object({ summary: interactionSummarySchema });
export type InteractionSummaryAnswer = z.infer<typeof interactionSummaryAnswerSchema>;

export const mostViewedProductSchema = z.object({
  _id: z.string().nullable(),
  productId: z.string().nullable(),
  productTitle: z.string().nullable(),
  title: z.string().nullable(),
  productCategory: z.string().nullable(),
  category: z.string().nullable(),
  count: z.number(),
});
export type MostViewedProduct = z.infer<typeof mostViewedProductSchema>;

/** GET /interactions/most-viewed-products (staff). */
export const mostViewedProductsAnswerSchema = z.object({ products: z.array(mostViewedProductSchema) });
export type MostViewedProductsAnswer = z.infer<typeof mostViewedProductsAnswerSchema>;

export const mostViewedCategorySchema = z.object({ category: z.string(), count: z.number() });
export type MostViewedCategory = z.infer<typeof mostViewedCategorySchema>;

/** GET /interactions/most-viewed-categories (staff). */
export const mostViewedCategoriesAnswerSchema = z.object({ categories: z.array(mostViewedCategorySchema) });
export type MostViewedCategoriesAnswer = z.infer<typeof mostViewedCategoriesAnswerSchema>;

/** DELETE /interactions/reset (staff). */
export const interactionsResetAnswerSchema = z.object({ success: z.literal(true), deleted: z.number(), message: z.string() });
export type InteractionsResetAnswer = z.infer<typeof interactionsResetAnswerSchema>;

/** The title is productTitle, else title. */
export function mostViewedTitle(p: MostViewedProduct): string {
  return p.productTitle || p.title || 'Producto sin nombre';
}

/** The category is productCategory, else category. */
export function mostViewedCategoryName(p: MostViewedProduct): string {
  return p.productCategory || p.category || '';
}
