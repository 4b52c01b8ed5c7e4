import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { orderSchema, type OrderStatus } from '@shop/shared';
import { apiClient, request } from '@/lib/api-client';
import { orderQueries } from './order-queries';

const orderResponseSchema = z.object({ order: orderSchema });

export interface StatusUpdate {
  id: string;
  status: OrderStatus;
  adminNotes?: string | null;
}

export async function updateOrderStatus({ id, status, adminNotes }: StatusUpdate) {
  const body = adminNotes === undefined ? { status } : { status, adminNotes };
  const { order } = await request('Error al actualizar estado de orden', orderResponseSchema, () =>
    apiClient.put(`/orders/${encodeURIComponent(id)}/status`, body),
  );
  return order;
}

export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrderStatus,
    onSuccess: async (order) => {
      queryClient.setQueryData(orderQueries.detail(order._id).queryKey, order);
      await queryClient.invalidateQueries({ queryKey: orderQueries.all() });
    },
  });
}
