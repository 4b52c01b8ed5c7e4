import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { LIMITS } from '@shop/shared';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: LIMITS.cacheMs,
        gcTime: LIMITS.cacheMs * 2,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          // Do not hammer a rate-limited or answering server; retry only once for network trouble.
          if (error instanceof Error && 'status' in error && typeof error.status === 'number') return false;
          return failureCount < 1;
        },
      },
    },
  });
}

/** Query-key prefixes that a successful write on an API path invalidates (spec §7). */
const WRITE_PREFIXES: ReadonlyArray<readonly [string, QueryKey]> = [
  ['/products', ['products']],
  ['/orders', ['orders']],
  ['/content', ['content']],
];

export function keysInvalidatedBy(path: string): QueryKey[] {
  return WRITE_PREFIXES.filter(([prefix]) => path.startsWith(prefix)).map(([, key]) => key);
}

export async function invalidateAfterWrite(queryClient: QueryClient, path: string): Promise<void> {
  await Promise.all(keysInvalidatedBy(path).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
