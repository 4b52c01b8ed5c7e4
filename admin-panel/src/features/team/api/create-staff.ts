import { staffCreatedAnswerSchema, type StaffCreate } from '@shop/shared';
import { useWriteMutation } from '@shop/client-kit';
import { api } from '@/lib/api-client';
import { staffQueries } from './staff-queries';

/** POST /staff: a new account and its temporary password (shown once). */
export function createStaff(input: StaffCreate) {
  return api.request({
    method: 'POST',
    url: '/staff',
    data: input,
    schema: staffCreatedAnswerSchema,
    errorMessage: 'Error al invitar a la persona',
  });
}

export function useCreateStaff() {
  return useWriteMutation({ mutationFn: createStaff, invalidates: () => [staffQueries.all()] });
}
