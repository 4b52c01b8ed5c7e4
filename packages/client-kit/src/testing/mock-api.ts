import { AxiosError, AxiosHeaders, type AxiosInstance, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { afterEach } from 'vitest';

/** A canned answer (status 200 unless given), or 'network' for a request that gets no answer. */
export type MockReply = { status?: number; data?: unknown } | 'network';
export type MockHandler = MockReply | ((request: RecordedRequest) => MockReply | Promise<MockReply>);
/** Answers keyed by "METHOD /path" ('*' matches one path segment), e.g. `'GET /orders/*'`. */
export type MockRoutes = Record<string, MockHandler>;

export interface RecordedRequest {
  method: string;
  url: string;
  /** The query parameters (`{}` when none were sent). */
  params: Record<string, unknown>;
  /** The body as the server would read it (JSON parsed; FormData as is). */
  body: unknown;
  /** The Idempotency-Key header, when the request carried one. */
  idempotencyKey: string | null;
  /** The Authorization header, when the request carried one. */
  authorization: string | null;
}

function header(config: InternalAxiosRequestConfig, name: string): string | null {
  const value = config.headers.get(name);
  return typeof value === 'string' ? value : null;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function matches(pattern: string, key: string): boolean {
  if (!pattern.includes('*')) return pattern === key;
  return new RegExp(`^${pattern.split('*').map(escapeRegExp).join('[^/]+')}$`).test(key);
}

function parseBody(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
}

/** The body of a recorded request as a plain object (`{}` when it is not one). */
export function bodyOf(request: RecordedRequest): Record<string, unknown> {
  const { body } = request;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return {};
  return Object.fromEntries(Object.entries(body));
}

/**
 * Replaces the HTTP layer of an axios instance with canned answers. A request no route matches gets no answer
 * (like a network failure). Returns the requests made, in order.
 */
export function mockApi(client: AxiosInstance, routes: MockRoutes): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  client.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    const params: unknown = config.params;
    const recorded: RecordedRequest = {
      method,
      url,
      params: typeof params === 'object' && params !== null ? Object.fromEntries(Object.entries(params)) : {},
      body: parseBody(config.data),
      idempotencyKey: header(config, 'Idempotency-Key'),
      authorization: header(config, 'Authorization'),
    };
    requests.push(recorded);
    const handler = Object.entries(routes).find(([pattern]) => matches(pattern, `${method} ${url}`))?.[1] ?? 'network';
    const reply = typeof handler === 'function' ? await handler(recorded) : handler;
    if (reply === 'network') throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
    const status = reply.status ?? 200;
    const response: AxiosResponse = {
      data: reply.data ?? {},
      status,
      statusText: String(status),
      headers: new AxiosHeaders(),
      config,
      request: {},
    };
    if (status >= 400) throw new AxiosError(`Request failed with status code ${status}`, AxiosError.ERR_BAD_REQUEST, config, {}, response);
    return response;
  };
  return requests;
}

/**
 * The mock API of one app's client: each test file that imports it gets the real adapter back after every test,
 * so a test that sets no routes never sees the previous test's answers.
 */
export function bindMockApi(client: AxiosInstance): (routes?: MockRoutes) => RecordedRequest[] {
  const realAdapter = client.defaults.adapter;
  afterEach(() => {
    client.defaults.adapter = realAdapter;
  });
  return (routes = {}) => mockApi(client, routes);
}

/** A promise the test resolves by hand (to observe loading states without timers). */
export function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
