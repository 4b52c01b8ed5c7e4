import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { stockAdjustmentAnswerSchema, stockMovementsAnswerSchema, type StockAdjustmentInput, type StockReason } from '@shop/shared';
import { useWriteMutation } from '@shop/client-kit';
import { api } from '@/lib/api-client';
import { productQueries } from './product-queries';

/** The history's filters: one product, optionally one variant (its SKU) and one reason; pages of 25, newest first. */
export interface MovementFilters {
  productId: string;
  sku?: string;
  reason?: StockReason;
  page: number;
}

export const getStockMovements = ({ productId, sku, reason, page }: MovementFilters) =>
  api.get('/stock-movements', stockMovementsAnswerSchema, 'Error al obtener el historial de stock', {
    params: { productId, ...(sku ? { sku } : {}), ...(reason ? { reason } : {}), page },
  });

export async function adjustStock(input: StockAdjustmentInput) {
  return api.request({
    method: 'POST',
    url: '/stock-adjustments',
    data: input,
    schema: stockAdjustmentAnswerSchema,
    errorMessage: 'Error al guardar el ajuste de stock',
  });
}

export const stockLedgerQueries = {
  all: () => ['stock-movements'] as const,
  movements: (filters: MovementFilters) =>
    queryOptions({
      queryKey: [...stockLedgerQueries.all(), filters] as const,
      queryFn: () => getStockMovements(filters),
      placeholderData: keepPreviousData,
    }),
};

/** "Ajuste de stock": the history and the product's figures are read again afterwards. */
export function useAdjustStock() {
  return useWriteMutation({
    mutationFn: adjustStock,
    invalidates: () => [stockLedgerQueries.all(), productQueries.all()],
  });
}
