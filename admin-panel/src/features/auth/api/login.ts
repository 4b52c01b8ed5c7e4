import { z } from 'zod';
import { apiClient, request } from '@/lib/api-client';

const loginResponseSchema = z.object({
  token: z.string().optional().nullable(),
  jwt: z.string().optional().nullable(),
  user: z.unknown(),
});

export interface LoginInput {
  email: string;
  password: string;
}

export function loginRequest(input: LoginInput) {
  return request('Error de credenciales', loginResponseSchema, () => apiClient.post('/auth/login', input));
}
