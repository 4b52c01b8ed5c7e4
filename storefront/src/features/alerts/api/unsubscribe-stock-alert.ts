import { useMutation } from '@tanstack/react-query';
import { stockAlertUnsubscribeAnswerSchema } from '@shop/shared';
import { api } from '@/lib/api-client';

/** POST /stock-alerts/unsubscribe with the signed token of the e-mail's link. */
export function unsubscribeStockAlert(token: string) {
  return api.request({
    method: 'POST',
    url: '/stock-alerts/unsubscribe',
    data: { token },
    schema: stockAlertUnsubscribeAnswerSchema,
    errorMessage: 'No pudimos darte de baja. Probá de nuevo en un rato.',
  });
}

export function useUnsubscribeStockAlert() {
  return useMutation({ mutationFn: unsubscribeStockAlert });
}
