import { queryOptions } from '@tanstack/react-query';
import {
  purchaseAnswerSchema,
  purchaseSettingsAnswerSchema,
  purchasesAnswerSchema,
  supplierAnswerSchema,
  suppliersAnswerSchema,
  type CostMethod,
  type PurchaseInput,
  type SupplierInput,
} from '@shop/shared';
import { useWriteMutation } from '@shop/client-kit';
import { api } from '@/lib/api-client';

/** "Ingreso de mercadería": suppliers and purchases (docs/api.md "Purchases"), for staff with purchases.manage. */
export const purchaseQueries = {
  all: () => ['purchases'] as const,
  suppliers: () =>
    queryOptions({
      queryKey: ['purchases', 'suppliers'] as const,
      queryFn: () => api.get('/suppliers', suppliersAnswerSchema, 'Error al obtener los proveedores'),
    }),
  settings: () =>
    queryOptions({
      queryKey: ['purchases', 'settings'] as const,
      queryFn: () => api.get('/purchase-settings', purchaseSettingsAnswerSchema, 'Error al obtener el método de costo'),
    }),
  list: (page: number) =>
    queryOptions({
      queryKey: ['purchases', 'list', page] as const,
      queryFn: () => api.get('/purchases', purchasesAnswerSchema, 'Error al obtener las compras', { params: { page } }),
    }),
};

const invalidates = () => [purchaseQueries.all(), ['stock-movements'], ['products']];

export function useCreateSupplier() {
  return useWriteMutation({
    mutationFn: (input: SupplierInput) =>
      api.request({
        method: 'POST',
        url: '/suppliers',
        data: input,
        schema: supplierAnswerSchema,
        errorMessage: 'Error al guardar el proveedor',
      }),
    invalidates: () => [purchaseQueries.all()],
  });
}

/** A new draft (no id) or the replacement of a draft. */
export function useSavePurchase() {
  return useWriteMutation({
    mutationFn: ({ id, input }: { id: number | null; input: PurchaseInput }) =>
      api.request({
        method: id === null ? 'POST' : 'PUT',
        url: id === null ? '/purchases' : `/purchases/${id}`,
        data: input,
        schema: purchaseAnswerSchema,
        errorMessage: 'Error al guardar la compra',
      }),
    invalidates: () => [purchaseQueries.all()],
  });
}

/** Every unit still to receive. */
export function useReceivePurchase() {
  return useWriteMutation({
    mutationFn: (id: number) =>
      api.request({
        method: 'POST',
        url: `/purchases/${id}/receive`,
        data: {},
        schema: purchaseAnswerSchema,
        errorMessage: 'Error al recibir la compra',
      }),
    invalidates,
  });
}

export function useReversePurchase() {
  return useWriteMutation({
    mutationFn: (id: number) =>
      api.request({
        method: 'POST',
        url: `/purchases/${id}/reverse`,
        data: {},
        schema: purchaseAnswerSchema,
        errorMessage: 'Error al revertir la compra',
      }),
    invalidates,
  });
}

/** The owner's cost method (settings.manage). */
export function useSetCostMethod() {
  return useWriteMutation({
    mutationFn: (costMethod: CostMethod) =>
      api.request({
        method: 'PUT',
        url: '/purchase-settings',
        data: { costMethod },
        schema: purchaseSettingsAnswerSchema,
        errorMessage: 'Error al guardar el método de costo',
      }),
    invalidates: () => [purchaseQueries.all()],
  });
}
