import { staffAnswerSchema, type StaffUpdate } from '@shop/shared';
import { useWriteMutation } from '@shop/client-kit';
import { api } from '@/lib/api-client';
import { staffQueries } from './staff-queries';

export interface StaffChange {
  id: number;
  change: StaffUpdate;
}

/** PUT /staff/{id}: name, role or active; a new role or deactivating ends that person's sessions. */
export async function updateStaff({ id, change }: StaffChange) {
  const { staff } = await api.request({
    method: 'PUT',
    url: `/staff/${id}`,
    data: change,
    schema: staffAnswerSchema,
    errorMessage: 'Error al actualizar la cuenta',
  });
  return staff;
}

/** Refreshes the list after a failure too (a 409 or 404 means the team changed: the list shows the truth). */
export function useUpdateStaff() {
  return useWriteMutation({ mutationFn: updateStaff, invalidates: () => [staffQueries.all()], invalidateOnError: true });
}
