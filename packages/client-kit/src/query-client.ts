import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { LIMITS } from '@shop/shared';

/** Answers stay fresh for five minutes and are not refetched on window focus; each app adds its retry rule. */
export function createQueryClient(queries: DefaultOptions['queries'] = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: LIMITS.cacheMs, refetchOnWindowFocus: false, ...queries },
    },
  });
}

/** Retry once when no answer came back; never when the server answered (rate limited, not found, ...). */
export function retryNetworkFailureOnce(failureCount: number, error: unknown): boolean {
  if (error instanceof Error && 'status' in error && typeof error.status === 'number') return false;
  return failureCount < 1;
}
