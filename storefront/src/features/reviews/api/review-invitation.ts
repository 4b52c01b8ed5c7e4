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

/**
 * POST /reviews: one line's review (201 `{status, message}`; 409 when that line was reviewed already). As JSON, or as
 * multipart (its fields as text, each photo in `photos`) when she chose photos.
 */
export function createReview({ photos = [], ...input }: ReviewInput & { photos?: readonly File[] }) {
  let data: ReviewInput | FormData = input;
  if (photos.length > 0) {
    const form = new FormData();
    for (const [key, value] of Object.entries(input)) if (value !== undefined) form.append(key, String(value));
    for (const photo of photos) form.append('photos', photo);
    data = form;
  }
  return api.request({
    method: 'POST',
    url: '/reviews',
    data,
    schema: reviewCreatedAnswerSchema,
    errorMessage: 'No pudimos guardar tu opinión. Probá de nuevo en un rato.',
    // Photos from a phone on a slow connection take longer than a JSON body.
    ...(photos.length > 0 ? { timeout: 120_000 } : {}),
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
