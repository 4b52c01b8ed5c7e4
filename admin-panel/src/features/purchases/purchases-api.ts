import { queryOptions } from '@tanstack/react-query';
import {
  purchaseAnswerSchema,
  purchaseSettingsAnswerSchema,
  purchaseSheetAnswerSchema,
  purchasesAnswerSchema,
  supplierAnswerSchema,
  suppliersAnswerSchema,
  type CostMethod,
  type PurchaseInput,
  type SupplierInput,
} from '@shop/shared';
import { ApiError, toApiError, useWriteMutation } from '@shop/client-kit';
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

/** A new supplier (no id) or the edit of one (its name, CUIT and contact). */
export function useSaveSupplier() {
  return useWriteMutation({
    mutationFn: ({ id, input }: { id: number | null; input: SupplierInput }) =>
      api.request({
        method: id === null ? 'POST' : 'PUT',
        url: id === null ? '/suppliers' : `/suppliers/${id}`,
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
/** Receives everything still to receive (an id), or the units named per SKU (a partial reception). */
export function useReceivePurchase() {
  return useWriteMutation({
    mutationFn: (what: number | { id: number; lines: { sku: string; quantity: number }[] }) =>
      api.request({
        method: 'POST',
        url: `/purchases/${typeof what === 'number' ? what : what.id}/receive`,
        data: typeof what === 'number' ? {} : { lines: what.lines },
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

/** A purchase's lines read from a spreadsheet in the stock sheet's format (POST /purchases/sheet): writes nothing. */
export function useReadPurchaseSheet() {
  return useWriteMutation({
    mutationFn: async (file: Blob) => {
      try {
        const response = await api.axios.post<unknown>('/purchases/sheet', file, {
          headers: { 'Content-Type': 'text/csv' },
          timeout: 2 * 60_000,
        });
        const parsed = purchaseSheetAnswerSchema.safeParse(response.data);
        if (!parsed.success) throw new ApiError('Error al leer la planilla de la compra', { status: response.status });
        return parsed.data;
      } catch (error) {
        throw error instanceof ApiError ? error : toApiError(error, 'Error al leer la planilla de la compra');
      }
    },
    invalidates: () => [],
  });
}
