import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/api';
import { asAdmin, expectAdminOnly } from '../helpers/auth-matrix';

const view = (productId: string, productTitle: string, productCategory: string) =>
  api('/interactions', { body: { type: 'product_view', data: { productId, productTitle, productPrice: 9900, productCategory } } });

describe('POST /interactions', () => {
  it('records a product view and answers 201 {interaction}', async () => {
    const res = await view('prod-x', 'Producto X', 'corpinos');
    expect(res.status).toBe(201);
    expect(res.body.interaction).toMatchObject({ type: 'product_view', data: { productId: 'prod-x', productCategory: 'corpinos' } });
    expect(typeof res.body.interaction._id).toBe('string');
  });

  it.each(['category_view', 'add_to_cart', 'search', 'whatsapp_click'])('accepts the whitelisted type %s', async (type) => {
    const res = await api('/interactions', { body: { type, data: { category: 'bombis', searchTerm: 'encaje' } } });
    expect(res.status).toBe(201);
  });

  it.each([
    [{ type: 'drop_table' }],
    [{}],
    [{ type: 'product_view', data: 'texto' }],
    [{ type: 'product_view', data: { productPrice: 'caro' } }],
    [{ type: 'product_view', data: { productTitle: 'x'.repeat(500) } }],
    [{ type: 'product_view', data: { productId: 5 } }],
  ])('refuses %j with a Spanish 400', async (body) => {
    const res = await api('/interactions', { body });
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
    expect(res.body.message).not.toMatch(/Invalid|expected|received/);
  });

  it('refuses malformed JSON', async () => {
    const res = await api('/interactions', { method: 'POST', raw: '{"type"', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('El cuerpo de la petición no es un JSON válido');
  });
});

describe('interaction aggregates (admin)', () => {
  it.each([
    ['GET', '/interactions/summary'],
    ['GET', '/interactions/most-viewed-products'],
    ['GET', '/interactions/most-viewed-categories'],
    ['DELETE', '/interactions/reset'],
  ])('%s %s is admin only', async (method, path) => {
    await expectAdminOnly(method, path);
  });

  describe('with known data', () => {
    beforeAll(async () => {
      const reset = await asAdmin('DELETE', '/interactions/reset');
      expect(reset.status).toBe(200);
      // 5 views of A, 3 of B, 1 of C, 2 of D (category bombis), plus 2 category views of bodys and other events.
      const plan: [string, string, string, number][] = [
        ['prod-a', 'Conjunto A', 'conjuntos', 5],
        ['prod-b', 'Corpiño B', 'corpinos', 3],
        ['prod-c', 'Bombacha C', 'bombachas', 1],
        ['prod-d', 'Bombi D', 'bombis', 2],
      ];
      for (const [id, title, category, n] of plan) for (let i = 0; i < n; i++) expect((await view(id, title, category)).status).toBe(201);
      for (let i = 0; i < 2; i++) await api('/interactions', { body: { type: 'category_view', data: { category: 'bodys' } } });
      await api('/interactions', { body: { type: 'add_to_cart', data: { productId: 'prod-c', productCategory: 'bombachas' } } });
      await api('/interactions', { body: { type: 'search', data: { searchTerm: 'encaje' } } });
    });

    it('summarises the total and the last 24 hours', async () => {
      const res = await asAdmin('GET', '/interactions/summary');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ summary: { totalInteractions: 15, recentInteractions: 15 } });
    });

    it('ranks the most viewed products with title, category and count', async () => {
      const res = await asAdmin('GET', '/interactions/most-viewed-products');
      expect(res.status).toBe(200);
      expect(res.body.products).toEqual([
        {
          _id: 'prod-a',
          productId: 'prod-a',
          productTitle: 'Conjunto A',
          title: 'Conjunto A',
          productCategory: 'conjuntos',
          category: 'conjuntos',
          count: 5,
        },
        {
          _id: 'prod-b',
          productId: 'prod-b',
          productTitle: 'Corpiño B',
          title: 'Corpiño B',
          productCategory: 'corpinos',
          category: 'corpinos',
          count: 3,
        },
        {
          _id: 'prod-d',
          productId: 'prod-d',
          productTitle: 'Bombi D',
          title: 'Bombi D',
          productCategory: 'bombis',
          category: 'bombis',
          count: 2,
        },
        {
          _id: 'prod-c',
          productId: 'prod-c',
          productTitle: 'Bombacha C',
          title: 'Bombacha C',
          productCategory: 'bombachas',
          category: 'bombachas',
          count: 1,
        },
      ]);
      const top2 = await asAdmin('GET', '/interactions/most-viewed-products?limit=2');
      expect(top2.body.products.map((p: { productId: string }) => p.productId)).toEqual(['prod-a', 'prod-b']);
    });

    it('ranks the most visited categories (product and category views)', async () => {
      const res = await asAdmin('GET', '/interactions/most-viewed-categories');
      expect(res.status).toBe(200);
      expect(res.body.categories).toEqual([
        { category: 'conjuntos', count: 5 },
        { category: 'corpinos', count: 3 },
        { category: 'bodys', count: 2 },
        { category: 'bombis', count: 2 },
        { category: 'bombachas', count: 1 },
      ]);
      const top3 = await asAdmin('GET', '/interactions/most-viewed-categories?limit=3');
      expect(top3.body.categories).toHaveLength(3);
    });

    it('resets everything and reports how many were deleted', async () => {
      const res = await asAdmin('DELETE', '/interactions/reset');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, deleted: 15 });
      const summary = await asAdmin('GET', '/interactions/summary');
      expect(summary.body.summary).toEqual({ totalInteractions: 0, recentInteractions: 0 });
      expect((await asAdmin('GET', '/interactions/most-viewed-products')).body.products).toEqual([]);
      expect((await asAdmin('GET', '/interactions/most-viewed-categories')).body.categories).toEqual([]);
    });
  });
});
