import { useMutation } from '@tanstack/react-query';
import { twoFactorSetupAnswerSchema } from '@shop/shared';
import { api } from '@/lib/api-client';

/** POST /auth/2fa/setup: a new secret for the authenticator app, pending until a code of it is confirmed. */
export function setupTwoFactor() {
  return api.request({
    method: 'POST',
    url: '/auth/2fa/setup',
    data: {},
    schema: twoFactorSetupAnswerSchema,
    errorMessage: 'Error al preparar la verificación en dos pasos',
  });
}

export function useSetupTwoFactor() {
  return useMutation({ mutationFn: setupTwoFactor });
}
