import { queryOptions } from '@tanstack/react-query';
import { LIMITS } from '@shop/shared';
import { getOrders, type OrderFilters } from './get-orders';
import { getOrder } from './get-order';
import { getOrderHistory } from './get-order-history';
import { getOrderSummary } from './get-order-summary';

/** Orders load is retried up to 3 times with a delay doubling from 1 s (spec §8). */
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
  history: (id: string) =>
    queryOptions({ queryKey: [...orderQueries.all(), 'history', id] as const, queryFn: () => getOrderHistory(id) }),
  summary: () => queryOptions({ queryKey: [...orderQueries.all(), 'summary'] as const, queryFn: getOrderSummary }),
};
