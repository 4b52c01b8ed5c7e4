import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  cashMovementAnswerSchema,
  cashSessionAnswerSchema,
  registerAnswerSchema,
  registersAnswerSchema,
  type CashMovementType,
  type ByMethod,
} from '@shop/shared';
import { api } from '@/lib/api-client';

/** The back office's calls for "Caja" (docs/api.md "Counter"). */

export function getRegisters() {
  return api.request({ url: '/registers', schema: registersAnswerSchema, errorMessage: 'No se pudieron cargar las cajas' });
}

export function getSession(id: number) {
  return api.request({ url: `/cash-sessions/${id}`, schema: cashSessionAnswerSchema, errorMessage: 'No se pudo cargar la sesión de caja' });
}

export const counterQueries = {
  all: () => ['counter'] as const,
  registers: () => queryOptions({ queryKey: [...counterQueries.all(), 'registers'] as const, queryFn: getRegisters }),
  session: (id: number) => queryOptions({ queryKey: [...counterQueries.all(), 'session', id] as const, queryFn: () => getSession(id) }),
};

function useCounterMutation<I, O>(run: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: counterQueries.all() }),
  });
}

export function useOpenSession() {
  return useCounterMutation(({ registerId, openingCash }: { registerId: number; openingCash: number }) =>
    api.request({
      method: 'POST',
      url: `/registers/${registerId}/sessions`,
      data: { openingCash },
      schema: cashSessionAnswerSchema,
      errorMessage: 'No se pudo abrir la caja',
    }),
  );
}

export function useAddMovement() {
  return useCounterMutation(({ sessionId, ...body }: { sessionId: number; type: CashMovementType; amount: number; reason: string }) =>
    api.request({
      method: 'POST',
      url: `/cash-sessions/${sessionId}/movements`,
      data: body,
      schema: cashMovementAnswerSchema,
      errorMessage: 'No se pudo guardar el movimiento',
    }),
  );
}

export function useCloseSession() {
  return useCounterMutation(({ sessionId, counted }: { sessionId: number; counted: ByMethod }) =>
    api.request({
      method: 'POST',
      url: `/cash-sessions/${sessionId}/close`,
      data: { counted },
      schema: cashSessionAnswerSchema,
      errorMessage: 'No se pudo cerrar la caja',
    }),
  );
}

export function useReopenSession() {
  return useCounterMutation(({ sessionId, reason }: { sessionId: number; reason: string }) =>
    api.request({
      method: 'POST',
      url: `/cash-sessions/${sessionId}/reopen`,
      data: { reason },
      schema: cashSessionAnswerSchema,
      errorMessage: 'No se pudo reabrir la caja',
    }),
  );
}

export function useCreateRegister() {
  return useCounterMutation((name: string) =>
    api.request({
      method: 'POST',
      url: '/registers',
      data: { name },
      schema: registerAnswerSchema,
      errorMessage: 'No se pudo crear la caja',
    }),
  );
}
