import { queryOptions } from '@tanstack/react-query';
import type { RememberedOrder } from '../confirmation-state';
import { fetchConfirmationOrder } from './get-confirmation-order';
import { fetchOrderByNumber } from './get-order-by-number';

/** The order queries of the storefront; every key starts with 'orders' so placing an order refreshes them. */
export const orderQueries = {
  all: () => ['orders'] as const,
  byNumber: (orderNumber: string, contact = '') =>
    queryOptions({
      queryKey: [...orderQueries.all(), 'by-number', orderNumber, contact.trim()] as const,
      queryFn: ({ signal }) => fetchOrderByNumber(orderNumber, contact, signal),
      // Tracking must show the current status, not a five-minute-old one.
      staleTime: 0,
    }),
  confirmation: (orderNumber: string, remembered: RememberedOrder | null) =>
    queryOptions({
      queryKey: [...orderQueries.all(), 'confirmation', orderNumber, remembered?.id ?? null] as const,
      queryFn: ({ signal }) => fetchConfirmationOrder(orderNumber, remembered, signal),
      retry: false,
    }),
};
