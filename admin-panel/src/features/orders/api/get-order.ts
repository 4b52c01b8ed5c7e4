import { orderAnswerSchema } from '@shop/shared';
import { api } from '@/lib/api-client';

/** GET /orders/{id}: the order (an unknown id is a 404 error answer). */
export const getOrder = async (id: string) =>
  (await api.get(`/orders/${encodeURIComponent(id)}`, orderAnswerSchema, 'Error al obtener orden')).order;
