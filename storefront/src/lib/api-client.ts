import axios, { type AxiosRequestConfig } from 'axios';
import type { z } from 'zod';
import { env } from '@/config/env';

/**
 * The one HTTP client of the storefront. No request queue and no pauses: the spec's old client serialised
 * calls to protect an overloaded server, which only made pages slower.
 *
 * The shopper never signs in, so no bearer token is sent: a stale or staff token in storage must not change
 * what a shopper sees (admins would otherwise get inactive products) or turn public calls into 401s.
 */
export const apiClient = axios.create({
  baseURL: env.apiUrl,
  headers: { Accept: 'application/json' },
  timeout: 30_000,
});

export const NETWORK_ERROR_TEXT = 'Error de red o desconocido';
export const UNKNOWN_ERROR_TEXT = 'Error desconocido';

/** An API failure with the Spanish text the spec's rules give and the HTTP status when there was one. */
export class ApiError extends Error {
  readonly status: number | undefined;
  readonly isNetworkError: boolean;

  constructor(message: string, options: { status?: number; isNetworkError?: boolean } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = options.status;
    this.isNetworkError = options.isNetworkError ?? false;
  }
}

function serverMessage(data: unknown): string | null {
  if (typeof data === 'object' && data !== null && 'message' in data) {
    const { message } = data;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return null;
}

/**
 * Spec §8: the server's `message`, else 'Error en la petición: {status}', without a response
 * 'Error de red o desconocido'. Anything that is not an HTTP failure gets the operation's default text.
 */
export function toApiError(error: unknown, fallback: string = UNKNOWN_ERROR_TEXT): ApiError {
  if (error instanceof ApiError) return error;
  if (axios.isAxiosError(error)) {
    const response = error.response;
    if (response) {
      return new ApiError(serverMessage(response.data) ?? `Error en la petición: ${response.status}`, {
        status: response.status,
      });
    }
    return new ApiError(NETWORK_ERROR_TEXT, { isNetworkError: true });
  }
  return new ApiError(fallback);
}

/** Text to show for any error thrown by the data layer. */
export function errorText(error: unknown, fallback: string = UNKNOWN_ERROR_TEXT): string {
  if (error instanceof ApiError) return error.message;
  return toApiError(error, fallback).message;
}

interface RequestOptions<S extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  schema: S;
  /** Per-operation default text of spec §8 (used when the answer is unusable). */
  errorMessage: string;
  params?: AxiosRequestConfig['params'];
  headers?: Record<string, string>;
  data?: unknown;
  signal?: AbortSignal;
}

/** Sends a request and validates the answer with a shared zod schema. Throws ApiError. */
export async function apiRequest<S extends z.ZodType>(options: RequestOptions<S>): Promise<z.output<S>> {
  let data: unknown;
  try {
    const response = await apiClient.request<unknown>({
      method: options.method ?? 'GET',
      url: options.url,
      params: options.params,
      headers: options.headers,
      data: options.data,
      signal: options.signal,
      paramsSerializer: { indexes: null },
    });
    data = response.data;
  } catch (error) {
    throw toApiError(error, options.errorMessage);
  }
  const parsed = options.schema.safeParse(data);
  if (!parsed.success) throw new ApiError(options.errorMessage);
  return parsed.data;
}
