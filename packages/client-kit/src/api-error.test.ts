import { describe, expect, it } from 'vitest';
import { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { z } from 'zod';
import { ApiError, errorMessage, isRateLimited, toApiError } from './api-error.js';

const config: InternalAxiosRequestConfig = { headers: new AxiosHeaders() };

function httpError(status: number, data: unknown) {
  return new AxiosError('fail', 'ERR_BAD_RESPONSE', config, null, { status, data, statusText: '', headers: {}, config });
}

describe('toApiError (the error text rules)', () => {
  it("uses the server's message field", () => {
    const error = toApiError(
      httpError(409, { message: 'No se puede eliminar: el producto tiene órdenes activas' }),
      'Error al eliminar producto',
    );
    expect(error.message).toBe('No se puede eliminar: el producto tiene órdenes activas');
    expect(error.status).toBe(409);
  });

  it("reads Strapi's { error: { message } } wrapping", () => {
    expect(toApiError(httpError(403, { data: null, error: { status: 403, message: 'Forbidden' } })).message).toBe('Forbidden');
  });

  it("falls back to 'Error en la petición: {status}' without a message", () => {
    expect(toApiError(httpError(502, '<html>bad gateway</html>'), 'Error al obtener órdenes').message).toBe('Error en la petición: 502');
  });

  it("says 'Error de red o desconocido' when there is no response", () => {
    const error = toApiError(new AxiosError('Network Error', 'ERR_NETWORK', config), 'Error al obtener orden');
    expect(error.message).toBe('Error de red o desconocido');
    expect(error.network).toBe(true);
  });

  it("uses the operation's default for an unreadable answer", () => {
    const parse = z.object({ order: z.string() }).safeParse({});
    expect(parse.success).toBe(false);
    if (!parse.success) expect(toApiError(parse.error, 'Error al obtener orden').message).toBe('Error al obtener orden');
  });

  it("shows 'Error desconocido' for errors that do not come from HTTP", () => {
    expect(errorMessage(new TypeError('boom'))).toBe('Error desconocido');
    expect(errorMessage(new ApiError('Stock insuficiente', { status: 409 }))).toBe('Stock insuficiente');
  });

  it('detects rate limiting by status or message', () => {
    expect(isRateLimited(new ApiError('x', { status: 429 }))).toBe(true);
    expect(isRateLimited(new ApiError('Error en la petición: 429'))).toBe(true);
    expect(isRateLimited(new ApiError('Error en la petición: 500', { status: 500 }))).toBe(false);
  });
});
