import { useMutation } from '@tanstack/react-query';
import {
  LIMITS,
  manualOrderAnswerSchema,
  orderListAnswerSchema,
  productListAnswerSchema,
  quoteAnswerSchema,
  type ManualOrderAnswer,
} from '@shop/shared';
import { api } from '@/lib/api-client';

/** The back office's calls for "Nueva venta": products, last order of a customer, the live quote, the sale, its link. */

/** Products by title, SKU or barcode (a scanned code finds its product first), inactive ones included for staff. */
export function searchSaleProducts(term: string) {
  return api.request({
    url: '/products',
    params: { page: 1, limit: LIMITS.adminProductsPageSize, searchTerm: term.trim() },
    schema: productListAnswerSchema,
    errorMessage: 'No se pudieron buscar productos',
  });
}

/** The newest order whose number, name, e-mail or phone contains the text (GET /orders?search=). */
export async function lastOrderOf(contact: string) {
  const answer = await api.request({
    url: '/orders',
    params: { page: 1, limit: 1, search: contact.trim() },
    schema: orderListAnswerSchema,
    errorMessage: 'No se pudo buscar al cliente',
  });
  return answer.orders[0] ?? null;
}

/** POST /checkout/quote: the same pricing as the sale (the manual discount is applied on top of it). */
export function quoteSale(body: unknown) {
  return api.request({
    method: 'POST',
    url: '/checkout/quote',
    data: body,
    schema: quoteAnswerSchema,
    errorMessage: 'No se pudo calcular el total',
  });
}

export function createSale(body: unknown): Promise<ManualOrderAnswer> {
  return api.request({
    method: 'POST',
    url: '/orders/manual',
    data: body,
    schema: manualOrderAnswerSchema,
    errorMessage: 'No se pudo crear la venta',
  });
}

export function newPaymentLink(orderId: string): Promise<ManualOrderAnswer> {
  return api.request({
    method: 'POST',
    url: `/orders/${encodeURIComponent(orderId)}/payment-link`,
    data: {},
    schema: manualOrderAnswerSchema,
    errorMessage: 'No se pudo generar el link de pago',
  });
}

export const useCreateSale = () => useMutation({ mutationFn: createSale });
export const useNewPaymentLink = () => useMutation({ mutationFn: newPaymentLink });
