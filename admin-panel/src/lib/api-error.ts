import axios from 'axios';

/** An API failure carrying the Spanish text to show (spec §8 "General"). */
export class ApiError extends Error {
  readonly status: number | undefined;
  readonly network: boolean;

  constructor(message: string, options: { status?: number; network?: boolean } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = options.status;
    this.network = options.network ?? false;
  }
}

function serverMessage(data: unknown): string | null {
  if (typeof data === 'object' && data !== null) {
    for (const key of ['message', 'error'] as const) {
      if (key in data) {
        const value: unknown = Reflect.get(data, key);
        if (typeof value === 'string' && value.trim() !== '') return value;
        // Strapi wraps some errors as { error: { message } }
        if (key === 'error' && typeof value === 'object' && value !== null && 'message' in value) {
          const nested: unknown = Reflect.get(value, 'message');
          if (typeof nested === 'string' && nested.trim() !== '') return nested;
        }
      }
    }
  }
  return null;
}

/**
 * The error text rules: the server's message, else 'Error en la petición: {status}';
 * no response -> 'Error de red o desconocido'; anything else -> the operation's default.
 */
export function toApiError(error: unknown, operationDefault: string): ApiError {
  if (error instanceof ApiError) return error;
  if (axios.isAxiosError(error)) {
    if (error.response) {
      const status = error.response.status;
      return new ApiError(serverMessage(error.response.data) ?? `Error en la petición: ${status}`, { status });
    }
    return new ApiError('Error de red o desconocido', { network: true });
  }
  return new ApiError(operationDefault);
}

export function errorMessage(error: unknown, fallback = 'Error desconocido'): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

export function isRateLimited(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 429 || error.message.includes('429'));
}
