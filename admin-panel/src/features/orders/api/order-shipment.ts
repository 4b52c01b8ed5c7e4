import axios from 'axios';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { optionalShipmentResponseSchema, shipmentResponseSchema, type LabelFormat } from '@shop/shared';
import { ApiError } from '@shop/client-kit';
import { api } from '@/lib/api-client';
import { orderQueries } from './order-queries';

/** GET /orders/{id}/shipment: the order's carrier shipment, or null (docs/api.md "Envíos: etiquetas y seguimiento"). */
export function getOrderShipment(id: string) {
  return api.get(`/orders/${encodeURIComponent(id)}/shipment`, optionalShipmentResponseSchema, 'Error al cargar el envío');
}

export const shipmentQueries = {
  detail: (id: string) => queryOptions({ queryKey: ['orders', 'shipment', id] as const, queryFn: () => getOrderShipment(id) }),
};

const path = (id: string, rest = '') => `/orders/${encodeURIComponent(id)}/shipment${rest}`;

/** POST /orders/{id}/shipment ("Crear envío"): made once at the carrier; a repeat answers the same one. */
export function createShipment(id: string) {
  return api.request({ method: 'POST', url: path(id), data: {}, schema: shipmentResponseSchema, errorMessage: 'Error al crear el envío' });
}

/** DELETE /orders/{id}/shipment ("Cancelar envío"). */
export function cancelShipment(id: string) {
  return api.request({ method: 'DELETE', url: path(id), schema: shipmentResponseSchema, errorMessage: 'Error al cancelar el envío' });
}

/** POST /orders/{id}/shipment/dispatch ("Marcar despachado"): the order becomes "Enviado". */
export function dispatchShipment(id: string) {
  return api.request({
    method: 'POST',
    url: path(id, '/dispatch'),
    data: {},
    schema: shipmentResponseSchema,
    errorMessage: 'Error al marcar despachado',
  });
}

/** One action on an order's shipment; its card and the order (its fulfilment) are read again after it. */
export function useShipmentAction(id: string, action: (id: string) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => action(id),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: shipmentQueries.detail(id).queryKey });
      await queryClient.invalidateQueries({ queryKey: orderQueries.all() });
    },
  });
}

/** GET /orders/{id}/shipment/label?format=: this order's label as a PDF. */
export function downloadLabel(id: string, format: LabelFormat) {
  return api.download(path(id, '/label'), 'Error al descargar la etiqueta', { params: { format } });
}

/** The Spanish message of a failed PDF request (its error answer comes as a Blob of JSON). */
async function blobErrorMessage(error: unknown, fallback: string): Promise<string> {
  if (!axios.isAxiosError(error)) return fallback;
  const data: unknown = error.response?.data;
  try {
    const text = data instanceof Blob ? await data.text() : typeof data === 'string' ? data : '';
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && 'message' in parsed && typeof parsed.message === 'string') return parsed.message;
  } catch {
    // not JSON: the fallback
  }
  return fallback;
}

/** POST /shipments/labels {orderIds, format}: every label of the selected orders in one PDF. */
export async function downloadLabels(orderIds: readonly string[], format: LabelFormat): Promise<Blob> {
  try {
    const res = await api.axios.post<Blob>('/shipments/labels', { orderIds, format }, { responseType: 'blob', timeout: 120_000 });
    return res.data;
  } catch (error) {
    const message = await blobErrorMessage(error, 'Error al imprimir las etiquetas');
    throw new ApiError(message, { status: axios.isAxiosError(error) ? error.response?.status : undefined });
  }
}
