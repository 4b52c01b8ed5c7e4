import { queryOptions } from '@tanstack/react-query';
import { returnListAnswerSchema, staffReturnAnswerSchema, type ReturnStatus, type ReturnStatusUpdate } from '@shop/shared';
import { useWriteMutation } from '@shop/client-kit';
import { api } from '@/lib/api-client';

/** GET /returns[?status=] (returns.manage): newest first. */
export function getReturns(status: ReturnStatus | '') {
  return api.request({
    url: '/returns',
    params: status ? { status } : {},
    schema: returnListAnswerSchema,
    errorMessage: 'Error al obtener los cambios y devoluciones',
  });
}

/** PUT /returns/{id}/status: the next step (repeating the current one changes nothing). */
export async function updateReturnStatus({ id, update }: { id: string; update: ReturnStatusUpdate }) {
  const answer = await api.request({
    method: 'PUT',
    url: `/returns/${encodeURIComponent(id)}/status`,
    data: update,
    schema: staffReturnAnswerSchema,
    errorMessage: 'No se pudo cambiar el estado',
  });
  return answer.return;
}

export const returnQueries = {
  all: () => ['returns'] as const,
  list: (status: ReturnStatus | '') =>
    queryOptions({ queryKey: [...returnQueries.all(), 'list', status] as const, queryFn: () => getReturns(status) }),
};

export function useUpdateReturnStatus() {
  // The stock and the orders change with a received exchange: their screens read again too.
  return useWriteMutation({
    mutationFn: updateReturnStatus,
    invalidates: () => [returnQueries.all(), ['orders'], ['products']],
  });
}
