import { z } from 'zod';
import { apiClient, request } from '@/lib/api-client';

const renewResponseSchema = z.object({ token: z.string(), user: z.unknown() });

/** A fresh token for the current one (tokens live a working day; the open back office renews them). */
export function renewSession() {
  return request('Error de credenciales', renewResponseSchema, () => apiClient.post('/auth/renew'));
}

/** Ends every token of the account on the server (this device and any other). */
export function endSession(token: string) {
  return apiClient.post('/auth/logout', undefined, { headers: { Authorization: `Bearer ${token}` } });
}
