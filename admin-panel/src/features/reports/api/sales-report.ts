import { queryOptions } from '@tanstack/react-query';
import { salesReportAnswerSchema, type SalesGroup } from '@shop/shared';
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
