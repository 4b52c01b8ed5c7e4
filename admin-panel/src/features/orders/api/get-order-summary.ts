import { z } from 'zod';
import { orderSummarySchema } from '@shop/shared';
import { apiClient, request } from '@/lib/api-client';

const summaryResponseSchema = z.object({ summary: orderSummarySchema });

export async function getOrderSummary() {
  const { summary } = await request('Error al obtener resumen de órdenes', summaryResponseSchema, () => apiClient.get('/orders/summary'));
  return summary;
}
