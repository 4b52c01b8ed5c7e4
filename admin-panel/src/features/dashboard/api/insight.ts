import { queryOptions } from '@tanstack/react-query';
import {
  dailySalesAnswerSchema,
  lowStockAnswerSchema,
  lowStockThresholdAnswerSchema,
  searchMissesAnswerSchema,
  waitedSizesAnswerSchema,
  type SalesPeriod,
} from '@shop/shared';
import { useWriteMutation } from '@shop/client-kit';
import { api } from '@/lib/api-client';

export const getDailySales = (days: SalesPeriod) =>
  api.get('/insight/daily-sales', dailySalesAnswerSchema, 'Error al obtener las ventas por día', { params: { days } });

export const getLowStock = () => api.get('/insight/low-stock', lowStockAnswerSchema, 'Error al obtener los productos con poco stock');

export const getWaitedSizes = async () =>
  (await api.get('/insight/waited-sizes', waitedSizesAnswerSchema, 'Error al obtener los talles más esperados')).sizes;

export const getSearchMisses = async (days: number) =>
  (
    await api.get('/insight/search-misses', searchMissesAnswerSchema, 'Error al obtener las búsquedas sin resultados', {
      params: { days },
    })
  ).terms;

export function setLowStockThreshold(threshold: number) {
  return api.request({
    method: 'PUT',
    url: '/insight/low-stock-threshold',
    data: { threshold },
    schema: lowStockThresholdAnswerSchema,
    errorMessage: 'Error al guardar el umbral de stock',
  });
}

export const insightQueries = {
  all: () => ['insight'] as const,
  dailySales: (days: SalesPeriod) =>
    queryOptions({ queryKey: [...insightQueries.all(), 'daily-sales', days] as const, queryFn: () => getDailySales(days) }),
  lowStock: () => queryOptions({ queryKey: [...insightQueries.all(), 'low-stock'] as const, queryFn: getLowStock }),
  waitedSizes: () => queryOptions({ queryKey: [...insightQueries.all(), 'waited-sizes'] as const, queryFn: getWaitedSizes }),
  searchMisses: (days: number) =>
    queryOptions({ queryKey: [...insightQueries.all(), 'search-misses', days] as const, queryFn: () => getSearchMisses(days) }),
};

export function useSetLowStockThreshold() {
  return useWriteMutation({ mutationFn: setLowStockThreshold, invalidates: () => [insightQueries.lowStock().queryKey] });
}
