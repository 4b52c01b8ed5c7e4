import { productDeletedAnswerSchema } from '@shop/shared';
import { useWriteMutation } from '@shop/client-kit';
import { api } from '@/lib/api-client';
import { productQueries } from './product-queries';

export function deleteProduct(id: string) {
  return api.remove(`/products/${encodeURIComponent(id)}`, productDeletedAnswerSchema, 'Error al eliminar producto');
}

/** Refreshes the list after a failure too (a 409 means another order holds it; the list shows the truth). */
export function useDeleteProduct() {
  return useWriteMutation({ mutationFn: deleteProduct, invalidates: () => [productQueries.all()], invalidateOnError: true });
}
