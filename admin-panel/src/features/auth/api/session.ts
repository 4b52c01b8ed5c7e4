import { logoutAnswerSchema, sessionAnswerSchema } from '@shop/shared';
import { api } from '@/lib/api-client';

/** A fresh token for the current one (tokens live a working day; the open back office renews them). */
export function renewSession() {
  return api.request({ method: 'POST', url: '/auth/renew', schema: sessionAnswerSchema, errorMessage: 'Error de credenciales' });
}

/** Ends every token of the account on the server (this device and any other). */
export function endSession(token: string) {
  return api.request({
    method: 'POST',
    url: '/auth/logout',
    headers: { Authorization: `Bearer ${token}` },
    schema: logoutAnswerSchema,
    errorMessage: 'Error al cerrar sesión',
  });
}
