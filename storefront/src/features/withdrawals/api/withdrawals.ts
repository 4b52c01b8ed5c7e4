import { useMutation } from '@tanstack/react-query';
import { withdrawalAnswerSchema, type WithdrawalInput } from '@shop/shared';
import { api } from '@/lib/api-client';

/** POST /withdrawals: the botón de arrepentimiento (order number and contact, as tracking asks; no sign-in). */
export function createWithdrawal(input: WithdrawalInput) {
  return api.request({
    method: 'POST',
    url: '/withdrawals',
    data: input,
    schema: withdrawalAnswerSchema,
    errorMessage: 'No pudimos registrar tu arrepentimiento. Probá de nuevo en un rato o escribinos por WhatsApp.',
  });
}

export const useCreateWithdrawal = () => useMutation({ mutationFn: createWithdrawal });

/** GET /withdrawals/{code}?contact=: the request's status with its code. */
export function withdrawalStatus({ code, contact }: { code: string; contact: string }) {
  return api.request({
    method: 'GET',
    url: `/withdrawals/${encodeURIComponent(code)}`,
    params: { contact },
    schema: withdrawalAnswerSchema,
    errorMessage: 'No pudimos consultar tu arrepentimiento. Probá de nuevo en un rato.',
  });
}

export const useWithdrawalStatus = () => useMutation({ mutationFn: withdrawalStatus });
