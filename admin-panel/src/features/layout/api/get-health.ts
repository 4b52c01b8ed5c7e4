import { queryOptions } from '@tanstack/react-query';
import axios from 'axios';
import { LIMITS, healthSchema, type Health } from '@shop/shared';
import { api } from '@/lib/api-client';

export interface HealthResult {
  /** The server's report (also when it answered 503: the database is down), or null when it did not answer one. */
  body: Health | null;
  checkedAt: number;
}

function parse(data: unknown): Health | null {
  const parsed = healthSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/** GET /health: the body, or null on any failure. A 503 carries a report too, so the raw answer is read. */
export async function getHealth(): Promise<HealthResult> {
  try {
    const { data } = await api.axios.get<unknown>('/health', { timeout: 10_000 });
    return { body: parse(data), checkedAt: Date.now() };
  } catch (error) {
    const answered = axios.isAxiosError(error) && error.response ? parse(error.response.data) : null;
    return { body: answered, checkedAt: Date.now() };
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
