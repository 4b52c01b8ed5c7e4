import { activityListAnswerSchema, type ActivityKind } from '@shop/shared';
import { api } from '@/lib/api-client';

export interface ActivityFilters {
  page: number;
  limit: number;
  /** '' = every kind of work. */
  kind: ActivityKind | '';
  /** A staff account's id, or null for everyone. */
  staffId: number | null;
}

/** GET /activity (owner): what staff changed, newest first. */
export function getActivity(filters: ActivityFilters) {
  const params: Record<string, string | number> = { page: filters.page, limit: filters.limit };
  if (filters.kind) params.kind = filters.kind;
  if (filters.staffId !== null) params.staffId = filters.staffId;
  return api.request({ url: '/activity', params, schema: activityListAnswerSchema, errorMessage: 'Error al obtener la actividad' });
}
