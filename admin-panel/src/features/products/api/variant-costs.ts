import { queryOptions } from '@tanstack/react-query';
import { variantCostsAnswerSchema, type VariantCostsInput } from '@shop/shared';
import { useWriteMutation } from '@shop/client-kit';
import { api } from '@/lib/api-client';

/** The costs of a product's variants (purchases.manage): GET and PUT /variant-costs. */
export const variantCostQueries = {
  of: (productId: string) =>
    queryOptions({
      queryKey: ['variant-costs', productId] as const,
      queryFn: () => api.get('/variant-costs', variantCostsAnswerSchema, 'Error al obtener los costos', { params: { productId } }),
    }),
};

export function useSaveVariantCosts(productId: string) {
  return useWriteMutation({
    mutationFn: (costs: VariantCostsInput['costs']) =>
      api.request({
        method: 'PUT',
        url: '/variant-costs',
        data: { productId, costs },
        schema: variantCostsAnswerSchema,
        errorMessage: 'Error al guardar los costos',
      }),
    invalidates: () => [['variant-costs', productId], ['sales-report'], ['stock-report']],
  });
}
