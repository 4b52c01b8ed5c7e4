import { sessionAnswerSchema } from '@shop/shared';
import { api } from '@/lib/api-client';

export interface LoginInput {
  email: string;
  password: string;
}

export function loginRequest(input: LoginInput) {
  return api.request({
    method: 'POST',
    url: '/auth/login',
    data: input,
    schema: sessionAnswerSchema,
    errorMessage: 'Error de credenciales',
  });
}
