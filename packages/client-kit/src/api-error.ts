import axios from 'axios';

export const NETWORK_ERROR_TEXT = 'Error de red o desconocido';
export const UNKNOWN_ERROR_TEXT = 'Error desconocido';

/** An API failure carrying the Spanish text to show, and the HTTP status when the server answered. */
export class ApiError extends Error {
  readonly status: number | undefined;
  /** True when no answer came back (offline, timeout, refused connection). */
  readonly network: boolean;

  constructor(message: string, options: { status?: number; network?: boolean } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = options.status;
    this.network = options.network ?? false;
  }
}

function nonEmpty(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** The server's own text: `{message}` (every error answer of this API), else `{error}` or Strapi's `{error:{message}}`. */
function serverMessage(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = 'message' in data ? nonEmpty(data.message) : null;
  if (message) return message;
  if (!('error' in data)) return null;
  const { error } = data;
  if (typeof error === 'object' && error !== null && 'message' in error) return nonEmpty(error.message);
  return nonEmpty(error);
}

/**
 * The error text rules: the server's message, else 'Error en la petición: {status}'; no answer at all ->
 * 'Error de red o desconocido'; anything that is not an HTTP failure (an unreadable answer) -> the operation's text.
 */
export function toApiError(error: unknown, operationText: string = UNKNOWN_ERROR_TEXT): ApiError {
  if (error instanceof ApiError) return error;
  if (axios.isAxiosError(error)) {
    const response = error.response;
    if (response)
      return new ApiError(serverMessage(response.data) ?? `Error en la petición: ${response.status}`, { status: response.status });
    return new ApiError(NETWORK_ERROR_TEXT, { network: true });
  }
  return new ApiError(operationText);
}

/** Text to show for any error thrown by the data layer (never an English internal message). */
export function errorMessage(error: unknown, fallback: string = UNKNOWN_ERROR_TEXT): string {
  return toApiError(error, fallback).message;
}

export function isRateLimited(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 429 || error.message.includes('429'));
}
