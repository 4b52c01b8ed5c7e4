import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { LIMITS, type Order } from '@shop/shared';
import { useWriteMutation } from '@shop/client-kit';
import { getOrders, type OrderFilters } from './get-orders';
import { getOrder } from './get-order';
import { getOrderHistory } from './get-order-history';
import { getOrderSummary } from './get-order-summary';
import { getDispatch, type DispatchFilters } from './get-dispatch';

/** Orders load is retried up to 3 times with a delay doubling from 1 s. */
export const ordersRetryDelay = (attempt: number) => 1000 * 2 ** attempt;

export const orderQueries = {
  all: () => ['orders'] as const,
  lists: () => [...orderQueries.all(), 'list'] as const,
  list: (filters: OrderFilters) =>
    queryOptions({
      queryKey: [...orderQueries.lists(), filters] as const,
      queryFn: () => getOrders(filters),
      retry: LIMITS.ordersLoadRetries,
      retryDelay: ordersRetryDelay,
    }),
  detail: (id: string) => queryOptions({ queryKey: [...orderQueries.all(), 'detail', id] as const, queryFn: () => getOrder(id) }),
  /** Under all(): every order mutation refreshes it. */
  history: (id: string) => queryOptions({ queryKey: [...orderQueries.all(), 'history', id] as const, queryFn: () => getOrderHistory(id) }),
  summary: () => queryOptions({ queryKey: [...orderQueries.all(), 'summary'] as const, queryFn: getOrderSummary }),
  /** Under all(): a status change takes the order off the sheet. */
  dispatch: (filters: DispatchFilters) =>
    queryOptions({ queryKey: [...orderQueries.all(), 'dispatch', filters] as const, queryFn: () => getDispatch(filters) }),
};

/** A write that answers the changed order: it goes into the detail cache, then every order query refreshes. */
export function useOrderWrite<TVariables>(mutationFn: (variables: TVariables) => Promise<Order>) {
  const queryClient = useQueryClient();
  return useWriteMutation({
    mutationFn,
    onSuccess: (order) => queryClient.setQueryData(orderQueries.detail(order._id).queryKey, order),
    invalidates: () => [orderQueries.all()],
  });
}
