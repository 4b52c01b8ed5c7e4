import { z } from 'zod';
import { apiClient, request } from '@/lib/api-client';

const checkResponseSchema = z.object({ user: z.unknown() });

export function checkAuth() {
  return request('Error de credenciales', checkResponseSchema, () => apiClient.get('/auth/check'));
}
