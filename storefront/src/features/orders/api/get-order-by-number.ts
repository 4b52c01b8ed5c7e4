import { trackedOrderAnswerSchema, type TrackedOrderAnswer } from '@shop/shared';
import { api } from '@/lib/api-client';

/**
 * Public tracking: the number alone answers the summary; with the e-mail or phone of the purchase (`contact`)
 * the full card. The contact goes in the query string of this one request, never in the page address.
 */
export async function fetchOrderByNumber(orderNumber: string, contact = '', signal?: AbortSignal): Promise<TrackedOrderAnswer> {
  const trimmed = contact.trim();
  return api.request({
    url: `/orders/by-number/${encodeURIComponent(orderNumber)}`,
    params: trimmed ? { contact: trimmed } : undefined,
    schema: trackedOrderAnswerSchema,
    errorMessage: 'Error al obtener orden por número',
    signal,
  });
}
