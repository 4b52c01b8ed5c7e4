import type { z } from 'zod';
import type { Order } from '@shop/shared';
import { api } from '@/lib/api-client';

/** An action on one order without a body (`/orders/{id}/<action>`), whose answer carries the changed order. */
export async function orderAction(
  method: 'PATCH' | 'POST',
  id: string,
  action: string,
  schema: z.ZodType<{ order: Order }>,
  errorMessage: string,
): Promise<Order> {
  const { order } = await api.request({ method, url: `/orders/${encodeURIComponent(id)}/${action}`, schema, errorMessage });
  return order;
}
