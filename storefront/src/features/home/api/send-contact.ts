import { useMutation } from '@tanstack/react-query';
import { contactInputSchema, contactSentAnswerSchema } from '@shop/shared';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type ContactInput = z.input<typeof contactInputSchema>;

export function sendContact(input: ContactInput) {
  return api.request({
    method: 'POST',
    url: '/contact',
    data: input,
    schema: contactSentAnswerSchema,
    errorMessage: 'Error al enviar formulario de contacto',
  });
}

export function useSendContact() {
  return useMutation({ mutationFn: sendContact });
}
