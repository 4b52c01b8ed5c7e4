import { describe, expect, it } from 'vitest';
import { productListResponseSchema } from '@shop/shared';
import { mockApi } from '@/test/mock-api';
import { fetchProducts } from '@/features/products/api/get-products';
import { ApiError, apiRequest, errorText } from './api-client';
import { keysInvalidatedBy } from './query-client';

describe('api client error texts (spec §8)', () => {
  it("uses the server's message when the answer has one", async () => {
    mockApi({ 'GET /products': { status: 409, data: { message: 'Stock insuficiente' } } });
    await expect(fetchProducts({}, 1)).rejects.toMatchObject({ message: 'Stock insuficiente', status: 409 });
  });

  it("falls back to 'Error en la petición: {status}' without a message", async () => {
    mockApi({ 'GET /products': { status: 503, data: '<html>down</html>' } });
    await expect(fetchProducts({}, 1)).rejects.toMatchObject({ message: 'Error en la petición: 503', status: 503 });
  });

  it("says 'Error de red o desconocido' when there is no answer", async () => {
    mockApi({ 'GET /products': 'network' });
    const error = await fetchProducts({}, 1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(errorText(error)).toBe('Error de red o desconocido');
  });

  it("uses the operation's default text when the answer does not match the schema", async () => {
    mockApi({ 'GET /products': { status: 200, data: { unexpected: true } } });
    await expect(fetchProducts({}, 1)).rejects.toMatchObject({ message: 'Error al obtener productos' });
    await expect(
      apiRequest({ url: '/products', schema: productListResponseSchema, errorMessage: 'Error al obtener todos los productos' }),
    ).rejects.toThrow('Error al obtener todos los productos');
  });

  it("reports 'Error desconocido' for errors that do not come from HTTP", () => {
    expect(errorText(new TypeError('boom'))).toBe('Error desconocido');
  });

  it('sends catalogue filters as query parameters', async () => {
    const requests = mockApi({ 'GET /products': { status: 200, data: { status: 'success', payload: [], totalPages: 0, totalDocs: 0 } } });
    await fetchProducts({ category: 'corpinos', sizes: ['85', '90'], sort: 'price-desc' }, 2);
    expect(requests[0]?.params).toMatchObject({ page: 2, limit: 12, category: 'corpinos', sizes: '85,90', sortBy: 'price', sortOrder: 'desc' });
  });

  it('invalidates the /products, /orders and /content prefixes after writes', () => {
    expect(keysInvalidatedBy('/orders')).toEqual([['orders']]);
    expect(keysInvalidatedBy('/products/abc')).toEqual([['products']]);
    expect(keysInvalidatedBy('/content')).toEqual([['content']]);
    expect(keysInvalidatedBy('/contact')).toEqual([]);
  });
});
