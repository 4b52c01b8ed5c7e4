import { queryOptions } from '@tanstack/react-query';
import { purchaseSettingsAnswerSchema, salesReportAnswerSchema, type SalesGroup } from '@shop/shared';
import { useWriteMutation } from '@shop/client-kit';
import { api } from '@/lib/api-client';

/** What the owner asks of the sales report: how to group it and the period (empty: the last 30 days). */
export interface SalesReportFilters {
  groupBy: SalesGroup;
  from: string;
  to: string;
}

export function salesReportParams(filters: SalesReportFilters): Record<string, string> {
  const params: Record<string, string> = { groupBy: filters.groupBy };
  if (filters.from) params.from = filters.from;
  if (filters.to) params.to = filters.to;
  return params;
}

export const getSalesReport = (filters: SalesReportFilters) =>
  api.get('/reports/sales', salesReportAnswerSchema, 'Error al obtener el reporte de ventas', { params: salesReportParams(filters) });

export const salesReportQueries = {
  of: (filters: SalesReportFilters) =>
    queryOptions({ queryKey: ['sales-report', filters] as const, queryFn: () => getSalesReport(filters) }),
};

/** The owner's cost settings: Mercado Pago's fee rate is one of them (GET/PUT /purchase-settings). */
export const paymentFeeQueries = {
  settings: () =>
    queryOptions({
      queryKey: ['purchases', 'settings'] as const,
      queryFn: () => api.get('/purchase-settings', purchaseSettingsAnswerSchema, 'Error al obtener la comisión de Mercado Pago'),
    }),
};

/** Mercado Pago's fee rates as the owner saves them: online, Point and QR (percent). */
export interface FeeRatesInput {
  paymentFeePercent: number;
  pointFeePercent: number;
  qrFeePercent: number;
}

/** Saves Mercado Pago's fee rates (settings.manage); the sales report is counted again with them. */
export function useSetPaymentFee() {
  return useWriteMutation({
    mutationFn: (rates: FeeRatesInput) =>
      api.request({
        method: 'PUT',
        url: '/purchase-settings',
        data: rates,
        schema: purchaseSettingsAnswerSchema,
        errorMessage: 'Error al guardar la comisión de Mercado Pago',
      }),
    invalidates: () => [['purchases', 'settings'], ['sales-report']],
  });
}
