import { AxiosError, AxiosHeaders, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { apiClient } from '@/lib/api-client';

export interface MockReply {
  status?: number;
  data?: unknown;
}

type Handler = (config: InternalAxiosRequestConfig) => MockReply | Promise<MockReply>;

export interface MockRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string | RegExp;
  handler: Handler;
}

export interface RecordedCall {
  method: string;
  url: string;
  params: Record<string, unknown>;
  body: unknown;
}

function parseBody(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
}

function asRecord(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(Object.entries(value));
}

/**
 * Replaces the HTTP adapter of the panel's axios client: requests are answered by the given routes
 * (a missing route behaves like a network failure). Returns the list of calls made.
 */
export function mockApi(routes: MockRoute[]): RecordedCall[] {
  const calls: RecordedCall[] = [];
  apiClient.defaults.adapter = async (config) => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    calls.push({ method, url, params: asRecord(config.params), body: parseBody(config.data) });
    const route = routes.find((r) => r.method === method && (typeof r.path === 'string' ? r.path === url : r.path.test(url)));
    if (!route) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    const { status = 200, data = {} } = await route.handler(config);
    const response: AxiosResponse = { data, status, statusText: String(status), headers: new AxiosHeaders(), config };
    if (status >= 400)
      throw new AxiosError(`Request failed with status code ${status}`, AxiosError.ERR_BAD_RESPONSE, config, null, response);
    return response;
  };
  return calls;
}

/** A promise the test resolves by hand (to observe loading states without timers). */
export function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
