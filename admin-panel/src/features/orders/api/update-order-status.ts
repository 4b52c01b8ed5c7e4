import { orderAnswerSchema, type OrderStatus } from '@shop/shared';
import { api } from '@/lib/api-client';
import { useOrderWrite } from './order-queries';

export interface StatusUpdate {
  id: string;
  status: OrderStatus;
  adminNotes?: string | null;
}

export async function updateOrderStatus({ id, status, adminNotes }: StatusUpdate) {
  const { order } = await api.request({
    method: 'PUT',
    url: `/orders/${encodeURIComponent(id)}/status`,
    data: adminNotes === undefined ? { status } : { status, adminNotes },
    schema: orderAnswerSchema,
    errorMessage: 'Error al actualizar estado de orden',
  });
  return order;
}

export function useUpdateOrderStatus() {
  return useOrderWrite(updateOrderStatus);
}
