import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api-error.js';
import { createHttpClient } from './http-client.js';
import { mockApi } from './testing/mock-api.js';

const countSchema = z.object({ count: z.number() });

describe('request(schema)', () => {
  it('answers the parsed body and sends repeated query parameters without brackets', async () => {
    const http = createHttpClient({ baseURL: '/api' });
    const requests = mockApi(http.axios, { 'GET /products/count': { data: { count: 3 } } });
    await expect(
      http.request({ url: '/products/count', schema: countSchema, errorMessage: 'x', params: { sizes: ['S', 'M'] } }),
    ).resolves.toEqual({ count: 3 });
    expect(requests[0]?.params).toEqual({ sizes: ['S', 'M'] });
    expect(http.axios.getUri({ url: '/p', params: { sizes: ['S', 'M'] } })).toBe('/api/p?sizes=S&sizes=M');
  });

  it("throws the operation's text when the answer does not match the schema", async () => {
    const http = createHttpClient({ baseURL: '/api' });
    mockApi(http.axios, { 'GET /products/count': { data: { total: 3 } } });
    const error = await http
      .request({ url: '/products/count', schema: countSchema, errorMessage: 'Error al obtener conteo de productos' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Error al obtener conteo de productos', status: undefined });
  });

  it("throws the server's message with its status, and a network error without an answer", async () => {
    const http = createHttpClient({ baseURL: '/api' });
    mockApi(http.axios, { 'POST /orders': { status: 409, data: { message: 'Stock insuficiente' } } });
    await expect(http.request({ method: 'POST', url: '/orders', schema: countSchema, errorMessage: 'x' })).rejects.toMatchObject({
      message: 'Stock insuficiente',
      status: 409,
    });
    await expect(http.request({ url: '/content', schema: countSchema, errorMessage: 'x' })).rejects.toMatchObject({
      message: 'Error de red o desconocido',
      network: true,
    });
  });

  it('sends the bearer token and reports a 401 only when a token was sent', async () => {
    let token: string | null = 'tok-1';
    const onUnauthorized = vi.fn();
    const http = createHttpClient({ baseURL: '/api', token: () => token, onUnauthorized });
    const requests = mockApi(http.axios, { 'GET /orders': { status: 401, data: { message: 'Sesión expirada' } } });
    await http.request({ url: '/orders', schema: countSchema, errorMessage: 'x' }).catch(() => undefined);
    expect(requests[0]?.authorization).toBe('Bearer tok-1');
    expect(onUnauthorized).toHaveBeenCalledWith('/orders');
    token = null;
    await http.request({ url: '/orders', schema: countSchema, errorMessage: 'x' }).catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});

describe('remove and upload shorthands', () => {
  it('sends DELETE to the path and parses the answer', async () => {
    const http = createHttpClient({ baseURL: '/api' });
    const requests = mockApi(http.axios, { 'DELETE /orders/*': { data: { count: 1 } } });
    await expect(http.remove('/orders/abc', countSchema, 'Error al eliminar orden')).resolves.toEqual({ count: 1 });
    expect(requests[0]).toMatchObject({ method: 'DELETE', url: '/orders/abc' });
  });

  it('posts the file as the multipart field `file` and keeps the operation text on failure', async () => {
    const http = createHttpClient({ baseURL: '/api' });
    const requests = mockApi(http.axios, { 'POST /upload/proof': { status: 415, data: {} } });
    const file = new Blob(['x'], { type: 'image/png' });
    await expect(http.upload('/upload/proof', file, countSchema, 'Error al subir archivo')).rejects.toMatchObject({ status: 415 });
    const body = requests[0]?.body;
    expect(body).toBeInstanceOf(FormData);
    expect(body instanceof FormData ? body.get('file') : null).toBeInstanceOf(Blob);
  });
});

describe('download', () => {
  it('answers the file as a Blob, with the token and the query', async () => {
    const http = createHttpClient({ baseURL: '/api', token: () => 'tok' });
    const requests = mockApi(http.axios, { 'GET /orders/export.csv': { data: new Blob(['\uFEFFNúmero;Fecha\r\n']) } });
    const blob = await http.download('/orders/export.csv', 'Error al exportar', { params: { status: 'paid' } });
    // The BOM is kept (Blob.text() would hide it: UTF-8 decoding drops a leading BOM).
    expect([...new Uint8Array(await blob.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(await blob.text()).toBe('Número;Fecha\r\n');
    expect(requests[0]).toMatchObject({ params: { status: 'paid' }, authorization: 'Bearer tok' });
  });

  it("reads the server's Spanish message out of an error answer that came as a Blob", async () => {
    const http = createHttpClient({ baseURL: '/api' });
    mockApi(http.axios, {
      'GET /orders/export.csv': { status: 400, data: new Blob([JSON.stringify({ message: 'Fecha inválida: usa el formato AAAA-MM-DD' })]) },
    });
    const error = await http.download('/orders/export.csv', 'Error al exportar').catch((e: unknown) => e);
    expect(error).toMatchObject({ message: 'Fecha inválida: usa el formato AAAA-MM-DD', status: 400 });
    mockApi(http.axios, { 'GET /orders/export.csv': 'network' });
    expect(await http.download('/orders/export.csv', 'Error al exportar').catch((e: unknown) => e)).toMatchObject({ network: true });
  });
});
