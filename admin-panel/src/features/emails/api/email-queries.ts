import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { emailListAnswerSchema, emailResendAnswerSchema, type EmailStatus } from '@shop/shared';
import { useWriteMutation } from '@shop/client-kit';
import { api } from '@/lib/api-client';

export interface EmailFilters {
  page: number;
  limit: number;
  /** '' = every status. */
  status: EmailStatus | '';
  /** An order's documentId, or '' for every order. */
  order: string;
}

/** GET /emails (staff): newest first. */
export function getEmails(filters: EmailFilters) {
  const params: Record<string, string | number> = { page: filters.page, limit: filters.limit };
  if (filters.status) params.status = filters.status;
  if (filters.order) params.order = filters.order;
  return api.request({ url: '/emails', params, schema: emailListAnswerSchema, errorMessage: 'Error al obtener los correos' });
}

/** POST /emails/{id}/resend: the message goes out again as soon as the worker runs. */
export async function resendEmail(id: number) {
  const { email } = await api.request({
    method: 'POST',
    url: `/emails/${id}/resend`,
    schema: emailResendAnswerSchema,
    errorMessage: 'No se pudo reenviar el correo',
  });
  return email;
}

export const emailQueries = {
  all: () => ['emails'] as const,
  list: (filters: EmailFilters) =>
    queryOptions({
      queryKey: [...emailQueries.all(), 'list', filters] as const,
      queryFn: () => getEmails(filters),
      placeholderData: keepPreviousData,
    }),
};

export function useResendEmail() {
  return useWriteMutation({ mutationFn: resendEmail, invalidates: () => [emailQueries.all()] });
}
