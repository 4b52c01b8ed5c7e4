import { useMutation } from '@tanstack/react-query';
import { contactInputSchema } from '@shop/shared';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

export type ContactInput = z.input<typeof contactInputSchema>;

export function sendContact(input: ContactInput) {
  return apiRequest({
    method: 'POST',
    url: '/contact',
    data: input,
    schema: z.object({ message: z.string().optional() }),
    errorMessage: 'Error al enviar formulario de contacto',
  });
}

export function useSendContact() {
  return useMutation({ mutationFn: sendContact });
}
