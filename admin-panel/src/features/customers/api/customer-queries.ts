import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { customerDetailAnswerSchema, customerListAnswerSchema, type CustomerSort } from '@shop/shared';
import { api } from '@/lib/api-client';

export interface CustomerFilters {
  search: string;
  sort: CustomerSort;
  direction: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

export function getCustomers(filters: CustomerFilters) {
  const params: Record<string, string | number> = {
    sort: filters.sort,
    direction: filters.direction,
    page: filters.page,
    pageSize: filters.pageSize,
  };
  if (filters.search.trim() !== '') params.search = filters.search.trim();
  return api.request({ url: '/customers', params, schema: customerListAnswerSchema, errorMessage: 'Error al obtener clientes' });
}

export function getCustomer(id: string) {
  return api.request({
    url: `/customers/${encodeURIComponent(id)}`,
    schema: customerDetailAnswerSchema,
    errorMessage: 'Error al obtener el cliente',
  });
}

export const customerQueries = {
  all: () => ['customers'] as const,
  list: (filters: CustomerFilters) =>
    queryOptions({
      queryKey: [...customerQueries.all(), 'list', filters] as const,
      queryFn: () => getCustomers(filters),
      placeholderData: keepPreviousData,
    }),
  detail: (id: string) => queryOptions({ queryKey: [...customerQueries.all(), 'detail', id] as const, queryFn: () => getCustomer(id) }),
};
