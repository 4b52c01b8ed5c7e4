import { useMutation } from '@tanstack/react-query';
import { stockAlertCreatedAnswerSchema, type StockAlertInput } from '@shop/shared';
import { api } from '@/lib/api-client';

export interface StockAlertRequest {
  productId: string;
  /** `color` names the sold-out variant's colour (products with colours); the server matches it like a line's. */
  input: StockAlertInput & { color?: string };
}

/** POST /products/{id}/stock-alerts: "Avisame cuando vuelva" for a sold-out colour × size (or a sold-out product without sizes). */
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
