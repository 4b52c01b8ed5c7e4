import { queryOptions } from '@tanstack/react-query';
import { stockReportAnswerSchema, type StockReportView } from '@shop/shared';
import { api } from '@/lib/api-client';

/** What the owner asks of the stock views: the view, the sales window, the supplier's lead time, a category, the page. */
export interface StockReportFilters {
  view: StockReportView;
  days: number;
  leadDays: number;
  category: string;
  page: number;
}

/** The filters as the query string carries them (no category: every category). */
export function stockReportParams(filters: StockReportFilters, withPage = true): Record<string, string> {
  const params: Record<string, string> = { view: filters.view, days: String(filters.days), leadDays: String(filters.leadDays) };
  if (filters.category) params.category = filters.category;
  if (withPage) params.page = String(filters.page);
  return params;
}

export const getStockReport = (filters: StockReportFilters) =>
  api.get('/reports/stock', stockReportAnswerSchema, 'Error al obtener el reporte de stock', { params: stockReportParams(filters) });

export const stockReportQueries = {
  of: (filters: StockReportFilters) =>
    queryOptions({ queryKey: ['stock-report', filters] as const, queryFn: () => getStockReport(filters) }),
};
