import { orderSummaryAnswerSchema } from '@shop/shared';
import { api } from '@/lib/api-client';

export const getOrderSummary = async () =>
  (await api.get('/orders/summary', orderSummaryAnswerSchema, 'Error al obtener resumen de órdenes')).summary;
