import axios from 'axios';
import type { z } from 'zod';
import { env } from '@/config/env';
import { adminToken } from './storage';
import { toApiError } from './api-error';
import { reportUnauthorized } from './session-events';

/** The one HTTP client of the back office: JSON, bearer token from `adminToken`. */
export const apiClient = axios.create({
  baseURL: env.apiUrl,
  timeout: 30_000,
  headers: { Accept: 'application/json' },
});

apiClient.interceptors.request.use((config) => {
  const token = adminToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

apiClient.interceptors.response.use(undefined, (error: unknown) => {
  if (axios.isAxiosError(error) && error.response?.status === 401 && adminToken()) reportUnauthorized(error.config?.url);
  return Promise.reject(error);
});

/**
 * Runs a request and parses its answer with a zod schema. Any failure becomes an ApiError whose
 * message follows spec §8; `operationDefault` is the per-operation text (e.g. 'Error al obtener orden').
 */
export async function request<S extends z.ZodType>(
  operationDefault: string,
  schema: S,
  send: () => Promise<{ data: unknown }>,
): Promise<z.infer<S>> {
  let data: unknown;
  try {
    ({ data } = await send());
  } catch (error) {
    throw toApiError(error, operationDefault);
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    if (import.meta.env.DEV) console.warn(`[api] respuesta inesperada (${operationDefault})`, parsed.error.issues);
    throw toApiError(parsed.error, operationDefault);
  }
  return parsed.data;
}
