import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { reviewCreatedAnswerSchema, reviewInvitationAnswerSchema, type ReviewInput } from '@shop/shared';
import { api } from '@/lib/api-client';

/** GET /reviews/invitation/{token}: the e-mail's order and its lines, each saying whether it was reviewed. */
export function getReviewInvitation(token: string) {
  return api.request({
    url: `/reviews/invitation/${encodeURIComponent(token)}`,
    schema: reviewInvitationAnswerSchema,
    errorMessage: 'No pudimos abrir tu pedido. Probá de nuevo en un rato.',
  });
}

export function useReviewInvitation(token: string, enabled: boolean) {
  return useQuery({
    queryKey: ['review-invitation', token],
    queryFn: () => getReviewInvitation(token),
    enabled,
    retry: false,
    staleTime: 0,
  });
}

/** POST /reviews: one line's review (201 `{status, message}`; 409 when that line was reviewed already). */
export function createReview(input: ReviewInput) {
  return api.request({
    method: 'POST',
    url: '/reviews',
    data: input,
    schema: reviewCreatedAnswerSchema,
    errorMessage: 'No pudimos guardar tu opinión. Probá de nuevo en un rato.',
  });
}

export function useCreateReview() {
  return useMutation({ mutationFn: createReview });
}

const unsubscribedAnswerSchema = z.object({ message: z.string() });

/** POST /reviews/unsubscribe with the invitation's token: no more review e-mails to her address. */
export function unsubscribeReviews(token: string) {
  return api.request({
    method: 'POST',
    url: '/reviews/unsubscribe',
    data: { token },
    schema: unsubscribedAnswerSchema,
    errorMessage: 'No pudimos darte de baja. Probá de nuevo en un rato.',
  });
}

export function useUnsubscribeReviews() {
  return useMutation({ mutationFn: unsubscribeReviews });
}
