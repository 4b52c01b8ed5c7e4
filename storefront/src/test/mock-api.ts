import { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { afterEach } from 'vitest';
import { apiClient } from '@/lib/api-client';

export type MockReply = { status: number; data?: unknown } | 'network';
type Handler = MockReply | ((request: RecordedRequest) => MockReply | Promise<MockReply>);

export interface RecordedRequest {
  method: string;
  url: string;
  params: unknown;
  data: unknown;
  /** The Idempotency-Key header, when the request carried one. */
  idempotencyKey: string | null;
}

const originalAdapter = apiClient.defaults.adapter;
afterEach(() => {
  apiClient.defaults.adapter = originalAdapter;
});

function matches(pattern: string, key: string): boolean {
  if (!pattern.includes('*')) return pattern === key;
  const re = new RegExp(`^${pattern.split('*').map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[^/]+')}$`);
  return re.test(key);
}

function parseBody(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
}

/**
 * Replaces the HTTP layer of the one axios client with canned answers keyed by "METHOD /path"
 * ('*' matches one path segment). Unknown requests answer 404. Returns the recorded requests.
 */
export function mockApi(routes: Record<string, Handler>): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    const key = config.headers.get('Idempotency-Key');
    const recorded: RecordedRequest = {
      method,
      url,
      params: config.params,
      data: parseBody(config.data),
      idempotencyKey: typeof key === 'string' ? key : null,
    };
    requests.push(recorded);
    const route = `${method} ${url}`;
    const entry = Object.entries(routes).find(([pattern]) => matches(pattern, route));
    const handler = entry?.[1] ?? { status: 404, data: { message: 'No encontrado' } };
    const reply = typeof handler === 'function' ? await handler(recorded) : handler;
    if (reply === 'network') throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
    const response: AxiosResponse = {
      data: reply.data,
      status: reply.status,
      statusText: '',
      headers: new AxiosHeaders(),
      config,
      request: {},
    };
    if (reply.status >= 400) {
      throw new AxiosError(`Request failed with status code ${reply.status}`, AxiosError.ERR_BAD_REQUEST, config, {}, response);
    }
    return response;
  };
  apiClient.defaults.adapter = adapter;
  return requests;
}
