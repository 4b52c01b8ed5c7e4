import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  reviewSettingsSchema,
  staffReviewListAnswerSchema,
  staffReviewSchema,
  type ReviewModeration,
  type ReviewSettings,
  type ReviewStatus,
} from '@shop/shared';
import { useWriteMutation } from '@shop/client-kit';
import { z } from 'zod';
import { api } from '@/lib/api-client';

/** What the list asks for: one status, optionally one number of stars, one page (20 a page). */
export interface ReviewFilters {
  status: ReviewStatus;
  /** '' for every number of stars. */
  stars: '' | '1' | '2' | '3' | '4' | '5';
  page: number;
}

/** The list as the page opens it (and as the sidebar's badge reads it): the ones waiting, first page. */
export const WAITING_FILTERS: ReviewFilters = { status: 'pending', stars: '', page: 1 };

/** GET /reviews (reviews.view): the page of one status, newest first, with how many wait for approval. */
export function getReviews({ status, stars, page }: ReviewFilters) {
  return api.request({
    url: '/reviews',
    params: { status, page, ...(stars ? { stars } : {}) },
    schema: staffReviewListAnswerSchema,
    errorMessage: 'Error al obtener las opiniones',
  });
}

/** PUT /reviews/{id} (reviews.moderate): approve, reject with the reason, or reply as the shop. */
export async function moderateReview({ id, change }: { id: number; change: ReviewModeration }) {
  const answer = await api.request({
    method: 'PUT',
    url: `/reviews/${encodeURIComponent(String(id))}`,
    data: change,
    schema: z.object({ review: staffReviewSchema }),
    errorMessage: 'No se pudo guardar la opinión',
  });
  return answer.review;
}

export const reviewQueries = {
  all: () => ['reviews'] as const,
  lists: () => [...reviewQueries.all(), 'list'] as const,
  list: (filters: ReviewFilters) =>
    queryOptions({
      queryKey: [...reviewQueries.lists(), filters] as const,
      queryFn: () => getReviews(filters),
    }),
  /** GET /reviews/settings (settings.manage). */
  settings: () =>
    queryOptions({
      queryKey: [...reviewQueries.all(), 'settings'] as const,
      queryFn: () =>
        api.request({ url: '/reviews/settings', schema: reviewSettingsSchema, errorMessage: 'Error al cargar los ajustes de opiniones' }),
    }),
};

export function useModerateReview() {
  // Every list (and the count waiting) may change: an approved review leaves "Esperando aprobación".
  return useWriteMutation({ mutationFn: moderateReview, invalidates: () => [reviewQueries.lists()] });
}

export function useSaveReviewSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: ReviewSettings) =>
      api.request({
        method: 'PUT',
        url: '/reviews/settings',
        data,
        schema: reviewSettingsSchema,
        errorMessage: 'Error al guardar los ajustes de opiniones',
      }),
    onSuccess: (answer) => queryClient.setQueryData(reviewQueries.settings().queryKey, answer),
  });
}
