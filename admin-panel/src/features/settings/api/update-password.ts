import { useMutation } from '@tanstack/react-query';
import { passwordChangedAnswerSchema } from '@shop/shared';
import { api } from '@/lib/api-client';

export interface PasswordInput {
  currentPassword: string;
  newPassword: string;
}

/** The server ends every earlier token and answers the one for this session. */
export function updatePassword(input: PasswordInput) {
  return api.request({
    method: 'PUT',
    url: '/users/password',
    data: input,
    schema: passwordChangedAnswerSchema,
    errorMessage: 'Error al actualizar contraseña',
  });
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
