import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient, request } from '@/lib/api-client';

// The server ends every earlier token and answers the one for this session.
const passwordResponse = z.object({ message: z.string().optional(), token: z.string().optional() }).loose();

export interface PasswordInput {
  currentPassword: string;
  newPassword: string;
}

export function updatePassword(input: PasswordInput) {
  return request('Error al actualizar contraseña', passwordResponse, () => apiClient.put('/users/password', input));
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
