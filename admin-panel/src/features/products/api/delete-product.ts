import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient, request } from '@/lib/api-client';
import { productQueries } from './product-queries';

const deleteSchema = z.object({ message: z.string().optional() }).loose();

export function deleteProduct(id: string) {
  return request('Error al eliminar producto', deleteSchema, () => apiClient.delete(`/products/${encodeURIComponent(id)}`));
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: productQueries.all() });
    },
  });
}
