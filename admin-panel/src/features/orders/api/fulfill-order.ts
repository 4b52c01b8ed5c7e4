import { useQueryClient } from '@tanstack/react-query';
import { bulkFulfillmentAnswerSchema, orderAnswerSchema, type BulkFulfillmentAnswer, type FulfillmentStep } from '@shop/shared';
import { useWriteMutation } from '@shop/client-kit';
import { api } from '@/lib/api-client';
import { orderQueries, useOrderWrite } from './order-queries';

export interface FulfillmentChange {
  id: string;
  step: Exclude<FulfillmentStep, 'unfulfilled'>;
}

/** PUT /orders/{id}/fulfillment: the next step (repeating the current one changes nothing). */
export async function fulfillOrder({ id, step }: FulfillmentChange) {
  const { order } = await api.request({
    method: 'PUT',
    url: `/orders/${encodeURIComponent(id)}/fulfillment`,
    data: { step },
    schema: orderAnswerSchema,
    errorMessage: 'Error al marcar el paso de entrega',
  });
  return order;
}

export function useFulfillOrder() {
  return useOrderWrite(fulfillOrder);
}

/** POST /orders/fulfillment: one step for several orders (a whole sheet); the refused ones come back with the reason. */
export async function fulfillOrders(ids: readonly string[], step: FulfillmentChange['step']): Promise<BulkFulfillmentAnswer> {
  return api.request({
    method: 'POST',
    url: '/orders/fulfillment',
    data: { ids, step },
    schema: bulkFulfillmentAnswerSchema,
    errorMessage: 'Error al marcar las órdenes',
  });
}

export function useFulfillOrders() {
  const queryClient = useQueryClient();
  return useWriteMutation({
    mutationFn: ({ ids, step }: { ids: readonly string[]; step: FulfillmentChange['step'] }) => fulfillOrders(ids, step),
    onSuccess: (answer: BulkFulfillmentAnswer) => {
      for (const order of answer.orders) queryClient.setQueryData(orderQueries.detail(order._id).queryKey, order);
    },
    invalidates: () => [orderQueries.all()],
  });
}
