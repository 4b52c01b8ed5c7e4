import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getActivity, type ActivityFilters } from './get-activity';

export const activityQueries = {
  all: () => ['activity'] as const,
  /** Asked again each time the screen opens: every change anyone makes adds a line. */
  list: (filters: ActivityFilters) =>
    queryOptions({
      queryKey: [...activityQueries.all(), 'list', filters] as const,
      queryFn: () => getActivity(filters),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
};
