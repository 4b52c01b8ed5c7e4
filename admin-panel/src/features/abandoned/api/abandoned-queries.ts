import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { abandonedCheckoutListAnswerSchema, checkoutStatsAnswerSchema } from '@shop/shared';
import { api } from '@/lib/api-client';

/** GET /checkouts/abandoned (orders.view): drafts past the threshold without an order, newest first. */
export function getAbandoned(page: number, pageSize: number) {
  return api.request({
    url: '/checkouts/abandoned',
    params: { page, pageSize },
    schema: abandonedCheckoutListAnswerSchema,
    errorMessage: 'Error al obtener los carritos abandonados',
  });
}

/** GET /checkouts/stats (orders.view): abandoned, recovered and revenue recovered over the last days. */
export function getCheckoutStats(days: number) {
  return api.request({
    url: '/checkouts/stats',
    params: { days },
    schema: checkoutStatsAnswerSchema,
    errorMessage: 'Error al obtener los carritos',
  });
}

export const abandonedQueries = {
  all: () => ['abandoned-checkouts'] as const,
  list: (page: number, pageSize: number) =>
    queryOptions({
      queryKey: [...abandonedQueries.all(), 'list', page, pageSize] as const,
      queryFn: () => getAbandoned(page, pageSize),
      placeholderData: keepPreviousData,
    }),
  stats: (days: number) =>
    queryOptions({ queryKey: [...abandonedQueries.all(), 'stats', days] as const, queryFn: () => getCheckoutStats(days) }),
};
