import { loginAnswerSchema } from '@shop/shared';
import { api } from '@/lib/api-client';

export interface LoginInput {
  email: string;
  password: string;
}

/** POST /auth/login: a session, or (with two-factor sign-in) the challenge of the code step. */
export function loginRequest(input: LoginInput) {
  return api.request({
    method: 'POST',
    url: '/auth/login',
    data: input,
    schema: loginAnswerSchema,
    errorMessage: 'Error de credenciales',
  });
}
