import { queryOptions } from '@tanstack/react-query';
import { orderSchema } from '@shop/shared';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { orderKeys } from './order-keys';

const orderResponseSchema = z.object({ order: orderSchema });

export async function fetchOrder(id: string, signal?: AbortSignal) {
  const data = await apiRequest({
    url: `/orders/${encodeURIComponent(id)}`,
    schema: orderResponseSchema,
    errorMessage: 'Error al obtener orden',
    signal,
  });
  return data.order;
}

export function orderDetailQuery(id: string) {
  return queryOptions({ queryKey: orderKeys.detail(id), queryFn: ({ signal }) => fetchOrder(id, signal) });
}
