import { orderListAnswerSchema, type OrderListSort } from '@shop/shared';
import { api } from '@/lib/api-client';

export interface OrderFilters {
  page: number;
  limit: number;
  status: string;
  /** YYYY-MM-DD (Argentine day) or '' */
  date: string;
  /** Newest first when absent. */
  sort?: OrderListSort;
  /** A delivery zone's id: only home deliveries to that zone. */
  zone?: string;
  /** A meeting point's id: only pickups at that place. */
  meetingPoint?: string;
  /** A fulfilment step (unfulfilled, packed, shipped, ready_for_pickup, delivered). */
  fulfillment?: string;
  /** Where the sale was made (web, whatsapp, instagram, local, phone, other). */
  channel?: string;
}

export function getOrders(filters: OrderFilters) {
  const params: Record<string, string | number> = { page: filters.page, limit: filters.limit };
  if (filters.status) params.status = filters.status;
  if (filters.date) params.date = filters.date;
  if (filters.sort) params.sort = filters.sort;
  if (filters.zone) params.zone = filters.zone;
  if (filters.meetingPoint) params.meetingPoint = filters.meetingPoint;
  if (filters.fulfillment) params.fulfillment = filters.fulfillment;
  if (filters.channel) params.channel = filters.channel;
  return api.request({ url: '/orders', params, schema: orderListAnswerSchema, errorMessage: 'Error al obtener órdenes' });
}
