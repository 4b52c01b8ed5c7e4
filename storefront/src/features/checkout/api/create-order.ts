import { orderCreatedAnswerSchema, type DeliveryType, type PaymentMethod } from '@shop/shared';
import { useWriteMutation } from '@shop/client-kit';
import { api } from '@/lib/api-client';
import { orderQueries } from '@/features/orders';
import { productQueries } from '@/features/products';

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
