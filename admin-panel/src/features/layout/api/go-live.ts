import { queryOptions, useMutation } from '@tanstack/react-query';
import { emailListAnswerSchema, goLiveChecklistSchema, testEmailAnswerSchema, type EmailMessage } from '@shop/shared';
import { api } from '@/lib/api-client';

/** How often an open back office checks the list again (it also checks on demand). */
const CHECKLIST_POLL_MS = 5 * 60_000;

/** GET /health/checklist (owner): the go-live checklist. */
export function getChecklist() {
  return api.request({
    url: '/health/checklist',
    schema: goLiveChecklistSchema,
    errorMessage: 'No se pudo revisar la lista para abrir la tienda',
  });
}

export const goLiveQueries = {
  all: () => ['go-live'] as const,
  checklist: () =>
    queryOptions({
      queryKey: [...goLiveQueries.all(), 'checklist'] as const,
      queryFn: getChecklist,
      staleTime: 60_000,
      refetchInterval: CHECKLIST_POLL_MS,
      refetchIntervalInBackground: false,
    }),
};

/** POST /health/test-email: a test message to the signed-in account, queued in the outbox. */
export function sendTestEmail() {
  return api.request({
    method: 'POST',
    url: '/health/test-email',
    data: {},
    schema: testEmailAnswerSchema,
    errorMessage: 'No se pudo pedir el correo de prueba',
  });
}

export function useSendTestEmail() {
  return useMutation({ mutationFn: sendTestEmail });
}

/**
 * The test message as the outbox has it now (it is among the newest), or null when it is no longer on the first
 * page (many messages came after it).
 */
export async function findOutboxEmail(id: number): Promise<EmailMessage | null> {
  const { emails } = await api.request({
    url: '/emails',
    params: { page: 1, limit: 20 },
    schema: emailListAnswerSchema,
    errorMessage: 'No se pudo consultar la bandeja de correos',
  });
  return emails.find((email) => email.id === id) ?? null;
}
