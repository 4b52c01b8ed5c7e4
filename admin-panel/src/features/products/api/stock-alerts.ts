import { queryOptions } from '@tanstack/react-query';
import { stockAlertDeletedAnswerSchema, stockAlertListAnswerSchema } from '@shop/shared';
import { useWriteMutation } from '@shop/client-kit';
import { api } from '@/lib/api-client';

/** One product's "Avisame cuando vuelva" requests still waiting, and how many wait per size. */
export const getStockAlerts = (productId: string) =>
  api.get('/stock-alerts', stockAlertListAnswerSchema, 'Error al obtener los avisos de stock', { params: { productId } });

export function deleteStockAlert(id: number) {
  return api.remove(`/stock-alerts/${id}`, stockAlertDeletedAnswerSchema, 'Error al eliminar el aviso');
}

export const stockAlertQueries = {
  all: () => ['stock-alerts'] as const,
  forProduct: (productId: string) =>
    queryOptions({ queryKey: [...stockAlertQueries.all(), productId] as const, queryFn: () => getStockAlerts(productId) }),
};

/** Refreshes the list after a failure too (an alert already gone answers 404; the list shows the truth). */
export function useDeleteStockAlert() {
  return useWriteMutation({ mutationFn: deleteStockAlert, invalidates: () => [stockAlertQueries.all()], invalidateOnError: true });
}
