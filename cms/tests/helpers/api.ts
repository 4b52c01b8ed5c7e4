import { expect, inject } from 'vitest';
import { TEST_ADMIN, TEST_SHOPPER } from './strapi-process';

export interface ApiAnswer<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

export interface CallOptions {
  method?: string;
  body?: unknown;
  /** Raw body (sent as is, e.g. malformed JSON or FormData). */
  raw?: BodyInit;
  token?: string | null;
  headers?: Record<string, string>;
  baseUrl?: string;
}

/** The answer has this status and carries this message (`{ message }`, in Spanish). */
export function expectMessage(res: ApiAnswer<{ message?: unknown }>, status: number, message: string): void {
  expect(res.status).toBe(status);
  expect(res.body.message).toBe(message);
}

/** Calls the running Strapi over real HTTP, as a client would. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function api<T = any>(pathname: string, options: CallOptions = {}): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  let body: BodyInit | undefined = options.raw;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const res = await fetch(`${options.baseUrl ?? inject('baseUrl')}/api${pathname}`, {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // keep text
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}

const tokens = new Map<string, string>();

async function login(email: string, password: string): Promise<string> {
  const cached = tokens.get(email);
  if (cached) return cached;
  const res = await api<{ token: string }>('/auth/login', { body: { email, password } });
  if (res.status !== 200 || !res.body.token) throw new Error(`login failed for ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  tokens.set(email, res.body.token);
  return res.body.token;
}

/** Forgets the cached tokens (after a test ended the sessions they belong to): the next call signs in again. */
export function forgetTokens(): void {
  tokens.clear();
}

export const adminToken = () => login(TEST_ADMIN.email, TEST_ADMIN.password);

/** A staff token of another shop than the shared one (a process the test started itself); not cached. */
export async function adminTokenAt(baseUrl: string): Promise<string> {
  const res = await api<{ token: string }>('/auth/login', { body: { email: TEST_ADMIN.email, password: TEST_ADMIN.password }, baseUrl });
  if (res.status !== 200 || !res.body.token) throw new Error(`staff login failed at ${baseUrl}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token;
}
/** A signed-in user whose role is not admin (seeded only when SEED_TEST_SHOPPER_* is set, as the test harness does). */
export const shopperToken = () => login(TEST_SHOPPER.email, TEST_SHOPPER.password);

export type AuthLevel = 'public' | 'none' | 'shopper' | 'admin';

/** The token for each column of the auth matrix: no token, a garbage token, a non-admin user, an admin. */
export async function tokenFor(level: AuthLevel): Promise<string | null> {
  if (level === 'public' || level === 'none') return null;
  if (level === 'shopper') return shopperToken();
  return adminToken();
}
