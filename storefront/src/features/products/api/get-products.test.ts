import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { fetchProducts } from './get-products';

const emptyPage = { status: 'success', payload: [], totalPages: 0, totalDocs: 0, totalProducts: 0, page: 2, limit: 12 };

describe('fetchProducts', () => {
  it('sends catalogue filters as query parameters', async () => {
    const requests = mockApi({ 'GET /products': { status: 200, data: emptyPage } });
    await fetchProducts({ category: 'corpinos', sizes: ['85', '90'], sort: 'price-desc' }, 2);
    expect(requests[0]?.params).toMatchObject({
      page: 2,
      limit: 12,
      category: 'corpinos',
      sizes: '85,90',
      sortBy: 'price',
      sortOrder: 'desc',
    });
  });

  it("uses the server's message, else the operation's text when the answer does not match the contract", async () => {
    mockApi({ 'GET /products': { status: 409, data: { message: 'Stock insuficiente' } } });
    await expect(fetchProducts({}, 1)).rejects.toMatchObject({ message: 'Stock insuficiente', status: 409 });
    mockApi({ 'GET /products': { status: 200, data: { ...emptyPage, payload: undefined } } });
    await expect(fetchProducts({}, 1)).rejects.toMatchObject({ message: 'Error al obtener productos' });
  });

  it('asks for the whole catalogue with limit=all, whose failure has its own text', async () => {
    const requests = mockApi({ 'GET /products': { status: 200, data: { ...emptyPage, payload: undefined } } });
    await expect(fetchProducts({ limit: 'all' }, 1)).rejects.toMatchObject({ message: 'Error al obtener todos los productos' });
    expect(requests[0]?.params).toMatchObject({ limit: 'all' });
  });
});
