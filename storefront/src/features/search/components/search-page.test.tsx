import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Product } from '@shop/shared';
import { makeContent, makeProduct, productListAnswer } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import SearchPage from './search-page';

const content = makeContent((c) => {
  c.productCatalog.categories = [
    { name: 'corpiños', display_name: 'Corpiños', google_product_category: '' },
    { name: 'bombachas', display_name: 'Bombachas', google_product_category: '' },
  ];
});
const bestSellers = Array.from({ length: 4 }, (_, i) => makeProduct({ _id: `b${i + 1}`, title: `Más vendido ${i + 1}` }));

function open(term: string, { found = [] as Product[], best = bestSellers } = {}) {
  const requests = mockApi({
    'GET /content': { data: { content } },
    'GET /products/best-sellers': { data: { payload: best } },
    'GET /products': { data: productListAnswer(found) },
    'POST /interactions': { status: 201, data: {} },
  });
  const view = renderWithApp(<SearchPage />, { route: `/search?q=${encodeURIComponent(term)}`, path: '/search' });
  const recorded = () => requests.filter((r) => r.url === '/interactions').map((r) => r.body);
  return { requests, recorded, view };
}

describe('search results page', () => {
  it('lists what the search found and logs the search once per term', async () => {
    const { requests, recorded, view } = open('encaje rosa', { found: [makeProduct({ _id: 'p1', title: 'Conjunto Encaje Rosa' })] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Resultados para «encaje rosa»' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Conjunto Encaje Rosa' })).toBeInTheDocument();
    expect(requests.find((r) => r.url === '/products')?.params).toMatchObject({ searchTerm: 'encaje rosa', page: 1 });
    await waitFor(() => expect(recorded()).toEqual([{ type: 'search', data: { searchTerm: 'encaje rosa' } }]));

    // The same search opened again in the visit is not a new one.
    view.unmount();
    const again = open('Encaje Rosa', { found: [makeProduct()] });
    expect(await screen.findByRole('link', { name: 'Conjunto Encaje Rosa' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(again.recorded()).toEqual([]);
  });

  it("finds nothing: says so, links the categories and shows the best sellers' cards", async () => {
    const { requests, recorded } = open('bonbachas turquesa');
    expect(await screen.findByText('No encontramos productos para «bonbachas turquesa»')).toBeInTheDocument();
    const categories = screen.getByRole('navigation', { name: 'Mirá nuestras categorías' });
    expect(within(categories).getByRole('link', { name: 'Corpiños' })).toHaveAttribute('href', '/category/corpi%C3%B1os');
    expect(within(categories).getByRole('link', { name: 'Bombachas' })).toHaveAttribute('href', '/category/bombachas');
    const best = await screen.findByTestId('best-sellers');
    expect(within(best).getByRole('heading', { name: 'Los más vendidos' })).toBeInTheDocument();
    expect(within(best).getAllByTestId('product-card')).toHaveLength(4);
    expect(requests.find((r) => r.url === '/products/best-sellers')?.params).toEqual({ limit: 4 });
    await waitFor(() => expect(recorded()).toEqual([{ type: 'search', data: { searchTerm: 'bonbachas turquesa' } }]));
  });

  it('finds nothing and there are no best sellers: only the categories', async () => {
    const { requests } = open('zzz', { best: [] });
    expect(await screen.findByText('No encontramos productos para «zzz»')).toBeInTheDocument();
    await waitFor(() => expect(requests.some((r) => r.url === '/products/best-sellers')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('link', { name: 'Corpiños' })).toBeInTheDocument();
    expect(screen.queryByText('Los más vendidos')).not.toBeInTheDocument();
    expect(screen.queryByTestId('product-card')).not.toBeInTheDocument();
  });
});
