import { queryOptions } from '@tanstack/react-query';
import { fitReportAnswerSchema } from '@shop/shared';
import { api } from '@/lib/api-client';

/** The owner's fit report of one product: exchanges up and down by size, sales, the share exchanged. */
export const getFitReport = (productId: string) =>
  api.get('/reports/fit', fitReportAnswerSchema, 'Error al obtener el calce del producto', { params: { productId } });

export const fitReportQueries = {
  forProduct: (productId: string) => queryOptions({ queryKey: ['fit-report', productId] as const, queryFn: () => getFitReport(productId) }),
};
