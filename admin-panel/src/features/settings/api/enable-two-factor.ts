import { useMutation } from '@tanstack/react-query';
import { twoFactorEnabledAnswerSchema } from '@shop/shared';
import { api } from '@/lib/api-client';

/** POST /auth/2fa/enable: on, once a code of the new secret matches; answers the 8 recovery codes (shown once). */
export async function enableTwoFactor(code: string) {
  const { recoveryCodes } = await api.request({
    method: 'POST',
    url: '/auth/2fa/enable',
    data: { code },
    schema: twoFactorEnabledAnswerSchema,
    errorMessage: 'Error al activar la verificación en dos pasos',
  });
  return recoveryCodes;
}

export function useEnableTwoFactor() {
  return useMutation({ mutationFn: enableTwoFactor });
}
