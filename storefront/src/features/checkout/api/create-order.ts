import { orderCreatedAnswerSchema, type orderInputSchema } from '@shop/shared';
import type { z } from 'zod';
import { useWriteMutation } from '@shop/client-kit';
import { api } from '@/lib/api-client';
import { orderQueries } from '@/features/orders';
import { productQueries } from '@/features/products';

/** The body of POST /orders, typed by the shared input schema (the server recomputes every figure). */
export type CreateOrderPayload = z.input<typeof orderInputSchema>;

export interface CreateOrderRequest {
  payload: CreateOrderPayload;
  /** One key per checkout attempt: a retry of the same attempt answers the order already made (docs/api.md). */
  idempotencyKey: string;
}

export function createOrder({ payload, idempotencyKey }: CreateOrderRequest) {
  return api.request({
    method: 'POST',
    url: '/orders',
    data: payload,
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: orderCreatedAnswerSchema,
    errorMessage: 'Error al crear orden',
  });
}

export function useCreateOrder() {
  // Orders changed, and the server took stock, so product figures changed as well.
  return useWriteMutation({ mutationFn: createOrder, invalidates: () => [orderQueries.all(), productQueries.all()] });
}
