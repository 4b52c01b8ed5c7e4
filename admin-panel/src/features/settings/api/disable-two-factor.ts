import { useMutation } from '@tanstack/react-query';
import { twoFactorDisabledAnswerSchema } from '@shop/shared';
import { api } from '@/lib/api-client';

export interface TwoFactorDisableInput {
  password: string;
  code: string;
}

/** POST /auth/2fa/disable: off with the password and a code; every session of the account ends (this one too). */
export function disableTwoFactor(input: TwoFactorDisableInput) {
  return api.request({
    method: 'POST',
    url: '/auth/2fa/disable',
    data: input,
    schema: twoFactorDisabledAnswerSchema,
    errorMessage: 'Error al desactivar la verificación en dos pasos',
  });
}

export function useDisableTwoFactor() {
  return useMutation({ mutationFn: disableTwoFactor });
}
