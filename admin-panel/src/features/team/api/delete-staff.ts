import { staffDeletedAnswerSchema } from '@shop/shared';
import { useWriteMutation } from '@shop/client-kit';
import { api } from '@/lib/api-client';
import { staffQueries } from './staff-queries';

/** DELETE /staff/{id}: the account and its sessions are gone (never the last active owner: 409). */
export function deleteStaff(id: number) {
  return api.remove(`/staff/${id}`, staffDeletedAnswerSchema, 'Error al eliminar la cuenta');
}

export function useDeleteStaff() {
  return useWriteMutation({ mutationFn: deleteStaff, invalidates: () => [staffQueries.all()], invalidateOnError: true });
}
