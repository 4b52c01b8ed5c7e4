import { queryOptions } from '@tanstack/react-query';
import { getStaff } from './get-staff';

export const staffQueries = {
  all: () => ['staff'] as const,
  /** Always asked again when a screen opens: someone else may have changed the team (or signed in) meanwhile. */
  list: () => queryOptions({ queryKey: [...staffQueries.all(), 'list'] as const, queryFn: getStaff, staleTime: 0 }),
};
