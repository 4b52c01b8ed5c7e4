import { queryOptions } from '@tanstack/react-query';
import { orderSchema } from '@shop/shared';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { orderKeys } from './order-keys';

const orderResponseSchema = z.object({ order: orderSchema });

export async function fetchOrderByNumber(orderNumber: string, signal?: AbortSignal) {
  const data = await apiRequest({
    url: `/orders/by-number/${encodeURIComponent(orderNumber)}`,
    schema: orderResponseSchema,
    errorMessage: 'Error al obtener orden por número',
    signal,
  });
  return data.order;
}

export function orderByNumberQuery(orderNumber: string) {
  return queryOptions({
    queryKey: orderKeys.byNumber(orderNumber),
    queryFn: ({ signal }) => fetchOrderByNumber(orderNumber, signal),
    // Tracking must show the current status, not a five-minute-old one.
    staleTime: 0,
  });
}
