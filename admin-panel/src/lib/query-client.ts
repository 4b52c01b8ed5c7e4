import { QueryClient } from '@tanstack/react-query';
import { LIMITS } from '@shop/shared';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: LIMITS.cacheMs,
        refetchOnWindowFocus: false,
        retry: 1,
      },
    },
  });
}
