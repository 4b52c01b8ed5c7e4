import axios, { type AxiosInstance, type AxiosRequestConfig, type Method } from 'axios';
import type { z } from 'zod';
import { ApiError, toApiError } from './api-error.js';

export interface HttpClientOptions {
  baseURL: string;
  /** The bearer token to send, read on every request (the back office's session); none for the shopper. */
  token?: () => string | null;
  /** Called when the server answers 401 to a request that carried a token. */
  onUnauthorized?: (url: string | undefined) => void;
  /** Log answers that do not match their schema (development builds). */
  warnOnInvalidAnswer?: boolean;
}

export interface RequestOptions<S extends z.ZodType> {
  method?: Extract<Method, 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'>;
  url: string;
  /** The shared answer schema of the endpoint (`@shop/shared` contract). */
  schema: S;
  /** The operation's own Spanish text, shown when the answer is unusable (e.g. 'Error al obtener orden'). */
  errorMessage: string;
  params?: AxiosRequestConfig['params'];
  headers?: Record<string, string>;
  data?: unknown;
  signal?: AbortSignal;
  timeout?: number;
}

export interface DownloadOptions {
  params?: AxiosRequestConfig['params'];
  onProgress?: (receivedBytes: number) => void;
  signal?: AbortSignal;
}

/** A Blob's text (FileReader where Blob.text() is missing, as in older engines and jsdom). */
function blobText(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('blob'));
    reader.readAsText(blob);
  });
}

/** An error answer to a Blob request arrives as a Blob: its JSON `{message}` is read back so the text shows. */
async function readBlobError(error: unknown): Promise<unknown> {
  if (!axios.isAxiosError(error) || !error.response || !(error.response.data instanceof Blob)) return error;
  try {
    error.response.data = JSON.parse(await blobText(error.response.data)) as unknown;
  } catch {
    error.response.data = null;
  }
  return error;
}

export interface HttpClient {
  /** The axios instance (tests swap its adapter; a few calls need the raw answer). */
  axios: AxiosInstance;
  /** Sends a request and validates the answer with its schema. Throws ApiError. */
  request<S extends z.ZodType>(options: RequestOptions<S>): Promise<z.output<S>>;
  /** GET shorthand: `api.get('/products/count', productCountAnswerSchema, 'Error al obtener conteo de productos')`. */
  get<S extends z.ZodType>(
    url: string,
    schema: S,
    errorMessage: string,
    options?: Omit<RequestOptions<S>, 'url' | 'schema' | 'errorMessage'>,
  ): Promise<z.output<S>>;
  /** DELETE shorthand: `api.remove('/orders/abc', orderDeletedAnswerSchema, 'Error al eliminar orden')`. */
  remove<S extends z.ZodType>(url: string, schema: S, errorMessage: string): Promise<z.output<S>>;
  /**
   * GET of a file (e.g. a CSV export) as a Blob, with the session's token: `onProgress` gets the bytes received so
   * far. Failures are ApiErrors with the server's Spanish message (read from the error answer's JSON).
   */
  download(url: string, errorMessage: string, options?: DownloadOptions): Promise<Blob>;
  /** POST of one file as the multipart field `file` (the browser sets the boundary). */
  upload<S extends z.ZodType>(url: string, file: Blob, schema: S, errorMessage: string): Promise<z.output<S>>;
}

/** One axios instance with JSON, a 30 s timeout and repeated query parameters (`sizes=S&sizes=M`). */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const instance = axios.create({
    baseURL: options.baseURL,
    timeout: 30_000,
    headers: { Accept: 'application/json' },
    paramsSerializer: { indexes: null },
  });

  const { token, onUnauthorized } = options;
  if (token) {
    instance.interceptors.request.use((config) => {
      const value = token();
      if (value) config.headers.set('Authorization', `Bearer ${value}`);
      return config;
    });
    if (onUnauthorized) {
      instance.interceptors.response.use(undefined, (error: unknown) => {
        if (axios.isAxiosError(error) && error.response?.status === 401 && token()) onUnauthorized(error.config?.url);
        return Promise.reject(error);
      });
    }
  }

  async function request<S extends z.ZodType>(req: RequestOptions<S>): Promise<z.output<S>> {
    let data: unknown;
    try {
      const response = await instance.request<unknown>({
        method: req.method ?? 'GET',
        url: req.url,
        params: req.params,
        headers: req.headers,
        data: req.data,
        signal: req.signal,
        timeout: req.timeout,
      });
      data = response.data;
    } catch (error) {
      throw toApiError(error, req.errorMessage);
    }
    const parsed = req.schema.safeParse(data);
    if (!parsed.success) {
      if (options.warnOnInvalidAnswer) console.warn(`[api] respuesta inesperada (${req.errorMessage})`, parsed.error.issues);
      throw new ApiError(req.errorMessage);
    }
    return parsed.data;
  }

  return {
    axios: instance,
    request,
    get: (url, schema, errorMessage, rest = {}) => request({ ...rest, url, schema, errorMessage }),
    remove: (url, schema, errorMessage) => request({ method: 'DELETE', url, schema, errorMessage }),
    download: async (url, errorMessage, { params, onProgress, signal } = {}) => {
      try {
        const response = await instance.get<unknown>(url, {
          params,
          signal,
          responseType: 'blob',
          // An export of many orders takes longer than a JSON answer.
          timeout: 10 * 60_000,
          onDownloadProgress: onProgress ? (event) => onProgress(event.loaded) : undefined,
        });
        const data = response.data;
        return data instanceof Blob ? data : new Blob([typeof data === 'string' ? data : JSON.stringify(data)]);
      } catch (error) {
        throw toApiError(await readBlobError(error), errorMessage);
      }
    },
    upload: (url, file, schema, errorMessage) => {
      const form = new FormData();
      form.append('file', file);
      return request({ method: 'POST', url, data: form, schema, errorMessage });
    },
  };
}
