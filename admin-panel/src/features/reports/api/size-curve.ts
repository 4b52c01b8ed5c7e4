import { queryOptions } from '@tanstack/react-query';
import { sizeCurveAnswerSchema } from '@shop/shared';
import { api } from '@/lib/api-client';

/** What the owner asks of the size curve: the category, the period (empty: the last year), a purchase's units. */
export interface SizeCurveFilters {
  category: string;
  from: string;
  to: string;
  units: number;
}

/** The filters as the query string carries them: empty days are not sent (the server's default period). */
export function sizeCurveParams(filters: SizeCurveFilters): Record<string, string> {
  const params: Record<string, string> = { category: filters.category, units: String(filters.units) };
  if (filters.from) params.from = filters.from;
  if (filters.to) params.to = filters.to;
  return params;
}

export const getSizeCurve = (filters: SizeCurveFilters) =>
  api.get('/reports/size-curve', sizeCurveAnswerSchema, 'Error al obtener la curva de talles', { params: sizeCurveParams(filters) });

export const sizeCurveQueries = {
  of: (filters: SizeCurveFilters) =>
    queryOptions({ queryKey: ['size-curve', filters] as const, queryFn: () => getSizeCurve(filters), enabled: filters.category !== '' }),
};
