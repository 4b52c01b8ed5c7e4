import { productAnswerSchema, type ProductInput, type ProductUpdate } from '@shop/shared';
import { useWriteMutation } from '@shop/client-kit';
import { api } from '@/lib/api-client';
import { productQueries } from './product-queries';

export async function createProduct(input: ProductInput) {
  const { product } = await api.request({
    method: 'POST',
    url: '/products',
    data: input,
    schema: productAnswerSchema,
    errorMessage: 'Error al crear producto',
  });
  return product;
}

export async function updateProduct(id: string, input: ProductUpdate) {
  const url = `/products/${encodeURIComponent(id)}`;
  const { product } = await api.request({
    method: 'PUT',
    url,
    data: input,
    schema: productAnswerSchema,
    errorMessage: 'Error al actualizar producto',
  });
  return product;
}

const refreshProducts = () => [productQueries.all()];

/** Create (no id) or update (id) a product, then refresh every product query. */
export function useSaveProduct() {
  return useWriteMutation({
    mutationFn: ({
      id,
      input,
    }: {
      id: string | null;
      input: ProductInput & Pick<ProductUpdate, 'expectedStockBySize' | 'expectedVariants'>;
    }) => {
      if (id) return updateProduct(id, input);
      const { expectedStockBySize: _loaded, expectedVariants: _cells, ...fresh } = input;
      return createProduct(fresh);
    },
    invalidates: refreshProducts,
  });
}

/** Active/inactive toggle: sends only the opposite status. */
export function useToggleProductStatus() {
  return useWriteMutation({
    mutationFn: ({ id, status }: { id: string; status: boolean }) => updateProduct(id, { status }),
    invalidates: refreshProducts,
  });
}
