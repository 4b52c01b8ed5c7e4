import { queryOptions } from '@tanstack/react-query';
import { fetchAccount, fetchAddresses, fetchAlerts, fetchFavorites, fetchMeasurements, fetchOrders } from './account-api';

/** Her account's queries: every key starts with 'account', so signing in or out refreshes (or drops) them all. */
export const accountQueries = {
  all: () => ['account'] as const,
  me: () =>
    queryOptions({
      queryKey: [...accountQueries.all(), 'me'] as const,
      queryFn: ({ signal }) => fetchAccount(signal),
      staleTime: 60_000,
      retry: false,
    }),
  orders: (page: number) =>
    queryOptions({ queryKey: [...accountQueries.all(), 'orders', page] as const, queryFn: ({ signal }) => fetchOrders(page, signal) }),
  addresses: () =>
    queryOptions({ queryKey: [...accountQueries.all(), 'addresses'] as const, queryFn: ({ signal }) => fetchAddresses(signal) }),
  measurements: () =>
    queryOptions({ queryKey: [...accountQueries.all(), 'measurements'] as const, queryFn: ({ signal }) => fetchMeasurements(signal) }),
  favorites: () =>
    queryOptions({ queryKey: [...accountQueries.all(), 'favorites'] as const, queryFn: ({ signal }) => fetchFavorites(signal) }),
  alerts: () => queryOptions({ queryKey: [...accountQueries.all(), 'alerts'] as const, queryFn: ({ signal }) => fetchAlerts(signal) }),
};
