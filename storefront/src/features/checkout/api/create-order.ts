import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderSchema, type DeliveryType, type PaymentMethod } from '@shop/shared';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { invalidateAfterWrite } from '@/lib/query-client';

const createOrderResponseSchema = z.object({ order: orderSchema, orderNumber: z.string().optional() });

export interface CreateOrderPayload {
  items: Array<{
    productId: string;
    title: string;
    price: number;
    quantity: number;
    size?: string;
    color?: string;
    image?: string;
  }>;
  shippingInfo: {
    fullName: string;
    email: string;
    phone: string;
    address: string;
    city: string;
    postalCode?: string;
    notes?: string;
  };
  paymentMethod: PaymentMethod;
  deliveryType: DeliveryType;
  subtotal: number;
  shippingCost: number;
  total: number;
  notes?: string;
  transferProofUrl?: string;
}

export interface CreateOrderRequest {
  payload: CreateOrderPayload;
  /** One key per checkout attempt: a retry of the same attempt answers the order already made (docs/api.md). */
  idempotencyKey: string;
}

export function createOrder({ payload, idempotencyKey }: CreateOrderRequest) {
  return apiRequest({
    method: 'POST',
    url: '/orders',
    data: payload,
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: createOrderResponseSchema,
    errorMessage: 'Error al crear orden',
  });
}

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: async () => {
      // Orders changed, and the server took stock, so product figures changed as well.
      await Promise.all([invalidateAfterWrite(queryClient, '/orders'), invalidateAfterWrite(queryClient, '/products')]);
    },
  });
}
