import { orderAnswerSchema, type OrderStatus } from '@shop/shared';
import { api } from '@/lib/api-client';
import { useOrderWrite } from './order-queries';

export interface StatusUpdate {
  id: string;
  status: OrderStatus;
  adminNotes?: string | null;
  /** Told to the shopper and kept as the history note (a rejected proof, a cancellation). */
  reason?: string;
}

export async function updateOrderStatus({ id, status, adminNotes, reason }: StatusUpdate) {
  const { order } = await api.request({
    method: 'PUT',
    url: `/orders/${encodeURIComponent(id)}/status`,
    data: { status, ...(adminNotes === undefined ? {} : { adminNotes }), ...(reason === undefined ? {} : { reason }) },
    schema: orderAnswerSchema,
    errorMessage: 'Error al actualizar estado de orden',
  });
  return order;
}

export function useUpdateOrderStatus() {
  return useOrderWrite(updateOrderStatus);
}
