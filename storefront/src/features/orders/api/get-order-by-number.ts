import { queryOptions } from '@tanstack/react-query';
import { trackedOrderResponseSchema, type TrackedOrderResponse } from '@shop/shared';
import { apiRequest } from '@/lib/api-client';
import { orderKeys } from './order-keys';

/**
 * Public tracking: the number alone answers the summary; with the e-mail or phone of the purchase (`contact`)
 * the full card. The contact goes in the query string of this one request, never in the page address.
 */
export async function fetchOrderByNumber(orderNumber: string, contact = '', signal?: AbortSignal): Promise<TrackedOrderResponse> {
  const trimmed = contact.trim();
  return apiRequest({
    url: `/orders/by-number/${encodeURIComponent(orderNumber)}`,
    params: trimmed ? { contact: trimmed } : undefined,
    schema: trackedOrderResponseSchema,
    errorMessage: 'Error al obtener orden por número',
    signal,
  });
}

export function orderByNumberQuery(orderNumber: string, contact = '') {
  return queryOptions({
    queryKey: orderKeys.byNumber(orderNumber, contact.trim()),
    queryFn: ({ signal }) => fetchOrderByNumber(orderNumber, contact, signal),
    // Tracking must show the current status, not a five-minute-old one.
    staleTime: 0,
  });
}
