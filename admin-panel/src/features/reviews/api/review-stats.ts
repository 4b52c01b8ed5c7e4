import { queryOptions } from '@tanstack/react-query';
import { reviewStatsAnswerSchema } from '@shop/shared';
import { api } from '@/lib/api-client';

/** GET /reviews/products/{id}/stats (reviews.view): one product's approved reviews by month and by size bought. */
export const getReviewStats = (productId: string) =>
  api.request({
    url: `/reviews/products/${encodeURIComponent(productId)}/stats`,
    schema: reviewStatsAnswerSchema,
    errorMessage: 'Error al obtener las opiniones del producto',
  });

export const reviewStatsQueries = {
  forProduct: (productId: string) =>
    queryOptions({ queryKey: ['reviews', 'stats', productId] as const, queryFn: () => getReviewStats(productId) }),
};
