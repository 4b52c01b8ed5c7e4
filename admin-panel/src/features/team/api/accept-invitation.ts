import { useMutation } from '@tanstack/react-query';
import { invitationAcceptedAnswerSchema } from '@shop/shared';
import { api } from '@/lib/api-client';

/** POST /auth/invitation (public): the invited person's own password, with the one-time token of her e-mail. */
export function acceptInvitation(input: { token: string; password: string }) {
  return api.request({
    method: 'POST',
    url: '/auth/invitation',
    data: input,
    schema: invitationAcceptedAnswerSchema,
    errorMessage: 'No se pudo guardar la contraseña. Intente nuevamente.',
  });
}

export function useAcceptInvitation() {
  return useMutation({ mutationFn: acceptInvitation });
}
