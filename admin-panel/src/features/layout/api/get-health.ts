import { queryOptions } from '@tanstack/react-query';
import { LIMITS, healthSchema, type Health } from '@shop/shared';
import { apiClient } from '@/lib/api-client';

export interface HealthResult {
  body: Health | null;
  checkedAt: number;
}

/** GET /health: the body, or null on any failure (spec §7). */
export async function getHealth(): Promise<HealthResult> {
  try {
    const { data } = await apiClient.get<unknown>('/health', { timeout: 10_000 });
    const parsed = healthSchema.safeParse(data);
    return { body: parsed.success ? parsed.data : null, checkedAt: Date.now() };
  } catch {
    return { body: null, checkedAt: Date.now() };
  }
}

export const healthQueries = {
  all: () => ['health'] as const,
  status: () =>
    queryOptions({
      queryKey: [...healthQueries.all(), 'status'] as const,
      queryFn: getHealth,
      staleTime: 0,
      refetchInterval: LIMITS.healthPollMs,
      refetchIntervalInBackground: false,
    }),
};
