import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { productReviewsAnswerSchema, type ReviewFit } from '@shop/shared';
import { api } from '@/lib/api-client';

/** The list's filters: how it fitted and the size bought (none: every published review). */
export interface ReviewFilters {
  fit?: ReviewFit;
  size?: string;
}

/** GET /products/{id}/reviews: the summary, one page of published reviews (newest first) and the sizes reviewed. */
export function fetchProductReviews(productId: string, filters: ReviewFilters, page: number, signal?: AbortSignal) {
  return api.request({
    url: `/products/${encodeURIComponent(productId)}/reviews`,
    params: { ...(filters.fit ? { fit: filters.fit } : {}), ...(filters.size ? { size: filters.size } : {}), page },
    schema: productReviewsAnswerSchema,
    errorMessage: 'No pudimos cargar las opiniones',
    signal,
  });
}

export const reviewQueries = {
  all: () => ['reviews'] as const,
  /** Pages of 10, appended by "Ver más opiniones". */
  product: (productId: string, filters: ReviewFilters) =>
    infiniteQueryOptions({
      queryKey: [...reviewQueries.all(), 'product', productId, filters] as const,
      queryFn: ({ pageParam, signal }) => fetchProductReviews(productId, filters, pageParam, signal),
      initialPageParam: 1,
      getNextPageParam: (last, all) => {
        const shown = all.reduce((sum, page) => sum + page.reviews.length, 0);
        return shown < last.total && last.reviews.length > 0 ? last.page + 1 : undefined;
      },
    }),
};

/** The product's reviews; while other filters load, the previous list stays on screen. */
export function useProductReviews(productId: string, filters: ReviewFilters) {
  return useInfiniteQuery({ ...reviewQueries.product(productId, filters), placeholderData: keepPreviousData });
}
