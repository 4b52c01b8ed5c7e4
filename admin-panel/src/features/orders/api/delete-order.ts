import { orderDeletedAnswerSchema } from '@shop/shared';
import { useWriteMutation } from '@shop/client-kit';
import { api } from '@/lib/api-client';
import { orderQueries } from './order-queries';

export function deleteOrder(id: string) {
  return api.remove(`/orders/${encodeURIComponent(id)}`, orderDeletedAnswerSchema, 'Error al eliminar orden');
}

export function useDeleteOrder() {
  return useWriteMutation({ mutationFn: deleteOrder, invalidates: () => [orderQueries.all()] });
}
