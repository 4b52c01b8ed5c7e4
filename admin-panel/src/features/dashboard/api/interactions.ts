import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { LIMITS, interactionSummarySchema, mostViewedCategorySchema, mostViewedProductSchema } from '@shop/shared';
import { apiClient, request } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';

const summaryResponse = z.object({ summary: interactionSummarySchema });
const productsResponse = z.object({ products: z.array(mostViewedProductSchema) });
const categoriesResponse = z.object({ categories: z.array(mostViewedCategorySchema) });
const resetResponse = z.object({ success: z.boolean(), error: z.string().optional(), deleted: z.number().optional() });

export async function getInteractionSummary() {
  const { summary } = await request('Error al obtener resumen de interacciones', summaryResponse, () =>
    apiClient.get('/interactions/summary'),
  );
  return summary;
}

export async function getMostViewedProducts(limit: number) {
  const { products } = await request('Error al obtener productos más vistos', productsResponse, () =>
    apiClient.get('/interactions/most-viewed-products', { params: { limit } }),
  );
  return products;
}

export async function getMostViewedCategories(limit: number) {
  const { categories } = await request('Error al obtener categorías más vistas', categoriesResponse, () =>
    apiClient.get('/interactions/most-viewed-categories', { params: { limit } }),
  );
  return categories;
}

export async function resetInteractions() {
  const answer = await request('Error al resetear interacciones', resetResponse, () => apiClient.delete('/interactions/reset'));
  if (!answer.success) throw new ApiError(answer.error ?? 'Error al resetear interacciones');
  return answer;
}

export const interactionQueries = {
  all: () => ['interactions'] as const,
  summary: () => queryOptions({ queryKey: [...interactionQueries.all(), 'summary'] as const, queryFn: getInteractionSummary }),
  mostViewedProducts: (limit: number = LIMITS.dashboardMostViewed) =>
    queryOptions({
      queryKey: [...interactionQueries.all(), 'most-viewed-products', limit] as const,
      queryFn: () => getMostViewedProducts(limit),
    }),
  mostViewedCategories: (limit: number = LIMITS.dashboardCategories) =>
    queryOptions({
      queryKey: [...interactionQueries.all(), 'most-viewed-categories', limit] as const,
      queryFn: () => getMostViewedCategories(limit),
    }),
};

export function useResetInteractions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetInteractions,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: interactionQueries.all() });
    },
  });
}
