import { useMutation } from '@tanstack/react-query';
import { userAnswerSchema } from '@shop/shared';
import { api } from '@/lib/api-client';

export interface ProfileInput {
  username: string;
  email: string;
  /** Needed only when the e-mail changes. */
  currentPassword?: string;
}

export function updateProfile(input: ProfileInput) {
  return api.request({
    method: 'PUT',
    url: '/users/profile',
    data: input,
    schema: userAnswerSchema,
    errorMessage: 'Error al actualizar perfil',
  });
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
