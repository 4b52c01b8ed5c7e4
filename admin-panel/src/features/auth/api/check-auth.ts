import { userAnswerSchema } from '@shop/shared';
import { api } from '@/lib/api-client';

export function checkAuth() {
  return api.request({ url: '/auth/check', schema: userAnswerSchema, errorMessage: 'Error de credenciales' });
}
