import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { orderSchema } from '@shop/shared';
import { apiClient, request } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { orderQueries } from './order-queries';

const confirmResponseSchema = z.object({
  success: z.boolean(),
  order: orderSchema.optional(),
  error: z.string().optional(),
  message: z.string().optional(),
});

/** PATCH /orders/{id}/confirm (only for pending_manual orders). */
export async function confirmOrder(id: string) {
  const answer = await request('Error confirmando la orden', confirmResponseSchema, () =>
    apiClient.patch(`/orders/${encodeURIComponent(id)}/confirm`),
  );
  if (!answer.success || !answer.order) throw new ApiError(answer.error ?? answer.message ?? 'Error confirmando la orden');
  return answer.order;
}

export function useConfirmOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmOrder,
    onSuccess: async (order) => {
      queryClient.setQueryData(orderQueries.detail(order._id).queryKey, order);
      await queryClient.invalidateQueries({ queryKey: orderQueries.all() });
    },
  });
}
