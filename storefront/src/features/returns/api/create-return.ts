import { useMutation, useQueryClient } from '@tanstack/react-query';
import { returnAnswerSchema, type ReturnRequestInput } from '@shop/shared';
import { api } from '@/lib/api-client';

/** POST /returns: the shopper's exchange or return request (order number and contact, as tracking asks). */
export function createReturn(input: ReturnRequestInput) {
  return api.request({
    method: 'POST',
    url: '/returns',
    data: input,
    schema: returnAnswerSchema,
    errorMessage: 'No pudimos enviar tu pedido de cambio. Probá de nuevo en un rato.',
  });
}

/** Sends the request and then reads the order again (her requests and what is left to ask). */
export function useCreateReturn() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createReturn, onSuccess: () => client.invalidateQueries({ queryKey: ['orders'] }) });
}
