import { sessionAnswerSchema } from '@shop/shared';
import { api } from '@/lib/api-client';

export interface TwoFactorVerifyInput {
  /** The challenge the login answered. */
  challenge: string;
  /** A 6-digit code of the authenticator app, or one of the recovery codes. */
  code: string;
}

/** POST /auth/2fa/verify: the second step of the sign-in; answers the session like the login. */
export function verifyTwoFactorRequest(input: TwoFactorVerifyInput) {
  return api.request({
    method: 'POST',
    url: '/auth/2fa/verify',
    data: input,
    schema: sessionAnswerSchema,
    errorMessage: 'Error al verificar el código',
  });
}
