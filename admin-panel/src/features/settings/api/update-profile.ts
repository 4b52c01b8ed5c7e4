import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient, request } from '@/lib/api-client';

const profileResponse = z.object({ user: z.unknown() });

export interface ProfileInput {
  username: string;
  email: string;
  /** Needed only when the e-mail changes. */
  currentPassword?: string;
}

export function updateProfile(input: ProfileInput) {
  return request('Error al actualizar perfil', profileResponse, () => apiClient.put('/users/profile', input));
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
