import { queryOptions } from '@tanstack/react-query';
import type { Order } from '@shop/shared';
import { ApiError } from '@/lib/api-client';
import { fetchOrderByNumber } from './get-order-by-number';
import { fetchOrder } from './get-order';
import { orderKeys } from './order-keys';

/**
 * The order behind a confirmation page opened without navigation state (a reload): by its id when this tab
 * created it (full details), else by number (public, without contact data). null when it does not exist.
 */
export async function fetchConfirmationOrder(orderNumber: string, id: string | null, signal?: AbortSignal): Promise<Order | null> {
  if (id) {
    try {
      const order = await fetchOrder(id, signal);
      if (order.orderNumber === orderNumber) return order;
    } catch {
      // Fall back to the public lookup by number.
    }
  }
  try {
    return await fetchOrderByNumber(orderNumber, signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function confirmationOrderQuery(orderNumber: string, id: string | null) {
  return queryOptions({
    queryKey: orderKeys.confirmation(orderNumber, id),
    queryFn: ({ signal }) => fetchConfirmationOrder(orderNumber, id, signal),
    retry: false,
  });
}
