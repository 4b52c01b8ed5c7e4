import { useMutation, useQuery } from '@tanstack/react-query';
import { checkoutDraftAnswerSchema, checkoutSavedAnswerSchema, type CheckoutDraftInput } from '@shop/shared';
import { api } from '@/lib/api-client';

/** PUT /checkouts/{token}: this browser's draft (lines, contact, delivery; never payment data). */
export function saveCheckoutDraft({ token, body }: { token: string; body: CheckoutDraftInput }) {
  return api.request({
    method: 'PUT',
    url: `/checkouts/${encodeURIComponent(token)}`,
    data: body,
    schema: checkoutSavedAnswerSchema,
    errorMessage: 'No pudimos guardar el carrito',
  });
}

/** GET /checkouts/{token}: the draft's lines priced today (the recovery link). */
export function getCheckoutDraft(token: string) {
  return api.request({
    method: 'GET',
    url: `/checkouts/${encodeURIComponent(token)}`,
    schema: checkoutDraftAnswerSchema,
    errorMessage: 'No pudimos abrir tu carrito',
  });
}

export function useCheckoutDraft(token: string, enabled: boolean) {
  return useQuery({ queryKey: ['checkout-draft', token], queryFn: () => getCheckoutDraft(token), enabled, retry: false, staleTime: 0 });
}

/** POST /checkouts/unsubscribe: the e-mail's link. */
export function unsubscribeCheckout(token: string) {
  return api.request({
    method: 'POST',
    url: '/checkouts/unsubscribe',
    data: { token },
    schema: checkoutSavedAnswerSchema,
    errorMessage: 'No pudimos darte de baja. Probá de nuevo en un rato.',
  });
}

export function useUnsubscribeCheckout() {
  return useMutation({ mutationFn: unsubscribeCheckout });
}
