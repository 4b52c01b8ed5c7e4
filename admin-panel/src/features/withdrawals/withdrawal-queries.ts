import { queryOptions } from '@tanstack/react-query';
import { staffWithdrawalAnswerSchema, withdrawalListAnswerSchema, type WithdrawalStatus, type WithdrawalStatusUpdate } from '@shop/shared';
import { useWriteMutation } from '@shop/client-kit';
import { api } from '@/lib/api-client';

/** GET /withdrawals[?status=] (returns.manage): newest first, with how many still wait. */
export function getWithdrawals(status: WithdrawalStatus | '') {
  return api.request({
    url: '/withdrawals',
    params: status ? { status } : {},
    schema: withdrawalListAnswerSchema,
    errorMessage: 'Error al obtener los arrepentimientos',
  });
}

/** PUT /withdrawals/{id}: the next step (repeating the current one changes nothing). */
export async function updateWithdrawal({ id, update }: { id: string; update: WithdrawalStatusUpdate }) {
  const answer = await api.request({
    method: 'PUT',
    url: `/withdrawals/${encodeURIComponent(id)}`,
    data: update,
    schema: staffWithdrawalAnswerSchema,
    errorMessage: 'No se pudo cambiar el estado',
  });
  return answer.withdrawal;
}

export const withdrawalQueries = {
  all: () => ['withdrawals'] as const,
  list: (status: WithdrawalStatus | '') =>
    queryOptions({ queryKey: [...withdrawalQueries.all(), 'list', status] as const, queryFn: () => getWithdrawals(status) }),
};

export function useUpdateWithdrawal() {
  // Units go back to stock on reception and the order's history grows: their screens read again too.
  return useWriteMutation({
    mutationFn: updateWithdrawal,
    invalidates: () => [withdrawalQueries.all(), ['orders'], ['products']],
  });
}

/** POST /withdrawals/{id}/return-shipment: the carrier's return shipment of a national order (made once). */
export async function createReturnShipment(id: string) {
  const answer = await api.request({
    method: 'POST',
    url: `/withdrawals/${encodeURIComponent(id)}/return-shipment`,
    schema: staffWithdrawalAnswerSchema,
    errorMessage: 'No se pudo generar el envío de devolución',
  });
  return answer.withdrawal;
}

export function useCreateReturnShipment() {
  // A request still "Recibido" becomes "Retiro coordinado"; the order's history grows.
  return useWriteMutation({ mutationFn: createReturnShipment, invalidates: () => [withdrawalQueries.all(), ['orders']] });
}

/** GET /withdrawals/{id}/return-shipment/label: the carrier's label (PDF). */
export function downloadReturnLabel(id: string) {
  return api.download(`/withdrawals/${encodeURIComponent(id)}/return-shipment/label`, 'Error al descargar la etiqueta');
}
