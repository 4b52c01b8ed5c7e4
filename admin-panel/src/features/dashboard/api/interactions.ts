import { queryOptions } from '@tanstack/react-query';
import {
  LIMITS,
  interactionSummaryAnswerSchema,
  interactionsResetAnswerSchema,
  mostViewedCategoriesAnswerSchema,
  mostViewedProductsAnswerSchema,
} from '@shop/shared';
import { useWriteMutation } from '@shop/client-kit';
import { api } from '@/lib/api-client';

export const getInteractionSummary = async () =>
  (await api.get('/interactions/summary', interactionSummaryAnswerSchema, 'Error al obtener resumen de interacciones')).summary;

export const getMostViewedProducts = async (limit: number) =>
  (
    await api.get('/interactions/most-viewed-products', mostViewedProductsAnswerSchema, 'Error al obtener productos más vistos', {
      params: { limit },
    })
  ).products;

export const getMostViewedCategories = async (limit: number) =>
  (
    await api.get('/interactions/most-viewed-categories', mostViewedCategoriesAnswerSchema, 'Error al obtener categorías más vistas', {
      params: { limit },
    })
  ).categories;

export function resetInteractions() {
  return api.request({
    method: 'DELETE',
    url: '/interactions/reset',
    schema: interactionsResetAnswerSchema,
    errorMessage: 'Error al resetear interacciones',
  });
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
  return useWriteMutation({ mutationFn: resetInteractions, invalidates: () => [interactionQueries.all()] });
}
