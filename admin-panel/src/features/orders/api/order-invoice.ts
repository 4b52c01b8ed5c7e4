import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { creditNoteAnswerSchema, invoiceNowAnswerSchema, orderInvoiceAnswerSchema } from '@shop/shared';
import { api } from '@/lib/api-client';

/** GET /orders/{id}/invoice: the order's electronic invoice and credit note (docs/api.md "Factura electrónica"). */
export function getOrderInvoice(id: string) {
  return api.request({
    method: 'GET',
    url: `/orders/${encodeURIComponent(id)}/invoice`,
    schema: orderInvoiceAnswerSchema,
    errorMessage: 'Error al cargar la factura',
  });
}

export const invoiceQueries = {
  detail: (id: string) => queryOptions({ queryKey: ['orders', 'invoice', id] as const, queryFn: () => getOrderInvoice(id) }),
};

/** POST /orders/{id}/invoice: "Facturar ahora" / "Reintentar". */
export function useInvoiceNow(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.request({
        method: 'POST',
        url: `/orders/${encodeURIComponent(id)}/invoice`,
        data: {},
        schema: invoiceNowAnswerSchema,
        errorMessage: 'Error al facturar',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: invoiceQueries.detail(id).queryKey }),
  });
}

/** POST /orders/{id}/credit-note `{amount?}`: "Emitir nota de crédito". */
export function useCreditNote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (amount: number | undefined) =>
      api.request({
        method: 'POST',
        url: `/orders/${encodeURIComponent(id)}/credit-note`,
        data: amount === undefined ? {} : { amount },
        schema: creditNoteAnswerSchema,
        errorMessage: 'Error al emitir la nota de crédito',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: invoiceQueries.detail(id).queryKey }),
  });
}
