import { z } from 'zod';
import { orderSchema } from '@shop/shared';
import { apiClient, request } from '@/lib/api-client';

export interface OrderFilters {
  page: number;
  limit: number;
  status: string;
  /** YYYY-MM-DD (Argentine day) or '' */
  date: string;
}

const ordersResponseSchema = z.object({
  orders: z.array(orderSchema),
  totalOrders: z.number().default(0),
  totalPages: z.number().default(1),
  page: z.number().optional(),
});
export type OrdersPage = z.infer<typeof ordersResponseSchema>;

export function getOrders(filters: OrderFilters) {
  const params: Record<string, string | number> = { page: filters.page, limit: filters.limit };
  if (filters.status) params.status = filters.status;
  if (filters.date) params.date = filters.date;
  return request('Error al obtener órdenes', ordersResponseSchema, () => apiClient.get('/orders', { params }));
}
