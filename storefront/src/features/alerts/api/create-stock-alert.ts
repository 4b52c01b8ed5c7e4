import { useMutation } from '@tanstack/react-query';
import { stockAlertCreatedAnswerSchema, type StockAlertInput } from '@shop/shared';
import { api } from '@/lib/api-client';

export interface StockAlertRequest {
  productId: string;
  input: StockAlertInput;
}

/** POST /products/{id}/stock-alerts: "Avisame cuando vuelva" for a sold-out size (or a sold-out product without sizes). */
export function createStockAlert({ productId, input }: StockAlertRequest) {
  return api.request({
    method: 'POST',
    url: `/products/${encodeURIComponent(productId)}/stock-alerts`,
    data: input,
    schema: stockAlertCreatedAnswerSchema,
    errorMessage: 'No pudimos guardar tu aviso. Probá de nuevo en un rato.',
  });
}

export function useCreateStockAlert() {
  return useMutation({ mutationFn: createStockAlert });
}
