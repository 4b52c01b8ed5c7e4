import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { productSchema, type ProductInput, type ProductUpdate, type StockBySize } from '@shop/shared';
import { apiClient, request } from '@/lib/api-client';
import { productQueries } from './product-queries';

const productResponseSchema = z.object({ product: productSchema });

export async function createProduct(input: ProductInput) {
  const { product } = await request('Error al crear producto', productResponseSchema, () => apiClient.post('/products', input));
  return product;
}

export async function updateProduct(id: string, input: ProductUpdate) {
  const { product } = await request('Error al actualizar producto', productResponseSchema, () =>
    apiClient.put(`/products/${encodeURIComponent(id)}`, input),
  );
  return product;
}

/** Create (no id) or update (id) a product, then refresh every product query. */
export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: ProductInput & { expectedStockBySize?: StockBySize } }) => {
      if (id) return updateProduct(id, input);
      const { expectedStockBySize: _loaded, ...fresh } = input;
      return createProduct(fresh);
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: productQueries.all() });
    },
  });
}

/** Active/inactive toggle: sends only the opposite status. */
export function useToggleProductStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: boolean }) => updateProduct(id, { status }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: productQueries.all() });
    },
  });
}
