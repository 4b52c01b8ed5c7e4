import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient, request } from '@/lib/api-client';
import { orderQueries } from './order-queries';

const deleteSchema = z.object({ message: z.string().optional() }).loose();

export function deleteOrder(id: string) {
  return request('Error al eliminar orden', deleteSchema, () => apiClient.delete(`/orders/${encodeURIComponent(id)}`));
}

export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrder,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: orderQueries.all() });
    },
  });
}
