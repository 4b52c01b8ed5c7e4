import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeContent, makeProduct } from '@/test/fixtures';
import { mockApi, type RecordedRequest } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import { CatalogSection } from './catalog-section';

const content = makeContent((c) => {
  c.productCatalog.categories = [
    { name: 'conjuntos', display_name: 'Conjuntos' },
    { name: 'corpinos', display_name: 'Corpiños' },
  ];
});

function page(count: number, pageNumber: number, totalPages: number) {
  return {
    status: 'success',
    payload: Array.from({ length: count }, (_, i) =>
      makeProduct({ _id: `p${pageNumber}-${i}`, title: `Producto ${pageNumber}-${i}`, discount: i === 0 ? 20 : 0 }),
    ),
    totalPages,
    totalDocs: totalPages * 12,
    totalProducts: totalPages * 12,
    page: pageNumber,
    limit: 12,
  };
}

function paramsOf(request: RecordedRequest | undefined): Record<string, unknown> {
  const params = request?.params;
  return typeof params === 'object' && params !== null ? { ...params } : {};
}

describe('home catalogue', () => {
  it('shows cards with discount badge and savings, and loads more pages of 12', async () => {
    const requests = mockApi({
      'GET /products': (req) => {
        const p = Number(paramsOf(req).page);
        return { status: 200, data: page(12, p, 2) };
      },
      'POST /interactions': { status: 201, data: {} },
    });
    renderWithApp(<CatalogSection content={content} />);
    expect(await screen.findAllByTestId('product-card')).toHaveLength(12);
    expect(screen.getAllByText('20% OFF')[0]).toBeInTheDocument();
    expect(screen.getAllByText('Ahorrás $4.000')[0]).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Ver más productos' }));
    await waitFor(() => expect(screen.getAllByTestId('product-card')).toHaveLength(24));
    expect(screen.queryByRole('button', { name: 'Ver más productos' })).not.toBeInTheDocument();
    expect(paramsOf(requests.filter((r) => r.url.endsWith('/products')).at(-1))).toMatchObject({ page: 2, limit: 12 });
  });

  it('hides "Ver más productos" with 8 items or fewer even if more pages exist', async () => {
    mockApi({ 'GET /products': { status: 200, data: page(8, 1, 3) } });
    renderWithApp(<CatalogSection content={content} />);
    expect(await screen.findAllByTestId('product-card')).toHaveLength(8);
    expect(screen.queryByRole('button', { name: 'Ver más productos' })).not.toBeInTheDocument();
  });

  it('filters by category and shows the size filter only with a category selected', async () => {
    const requests = mockApi({
      'GET /products': { status: 200, data: page(2, 1, 1) },
      'POST /interactions': { status: 201, data: {} },
    });
    renderWithApp(<CatalogSection content={content} />);
    const user = userEvent.setup();
    await screen.findAllByTestId('product-card');
    expect(screen.queryByText('Filtrar por talla')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Corpiños' }));
    await user.click(screen.getByRole('button', { name: /Filtrar por talla/ }));
    await user.click(screen.getByRole('button', { name: 'M' }));
    await waitFor(() =>
      expect(paramsOf(requests.filter((r) => r.url === '/products').at(-1))).toMatchObject({ category: 'corpinos', sizes: 'M', page: 1 }),
    );
    await user.click(screen.getByRole('button', { name: 'Limpiar' }));
    await user.click(screen.getByRole('button', { name: 'Todos' }));
    expect(screen.queryByText('Filtrar por talla')).not.toBeInTheDocument();
    expect(requests.some((r) => r.url === '/interactions' && r.method === 'POST')).toBe(true);
  });

  it('shows the empty catalogue text', async () => {
    mockApi({ 'GET /products': { status: 200, data: page(0, 1, 0) } });
    renderWithApp(<CatalogSection content={content} />);
    expect(await screen.findByText('Aún no hay productos cargados en el sistema. ¡Pronto verás tus productos aquí!')).toBeInTheDocument();
  });

  it('explains a 429 and retries after 2 seconds', async () => {
    let calls = 0;
    mockApi({
      'GET /products': () => {
        calls += 1;
        return calls === 1 ? { status: 429, data: {} } : { status: 200, data: page(3, 1, 1) };
      },
    });
    renderWithApp(<CatalogSection content={content} />);
    expect(await screen.findByTestId('catalog-error')).toHaveTextContent(
      'Estamos experimentando alta demanda. Por favor, espera unos minutos e intenta de nuevo.',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(screen.getByText('Reintentando cargar productos...')).toBeInTheDocument();
    expect(await screen.findAllByTestId('product-card', {}, { timeout: 4000 })).toHaveLength(3);
  });

  it('shows the generic failure text for other errors', async () => {
    mockApi({ 'GET /products': { status: 500, data: {} } });
    renderWithApp(<CatalogSection content={content} />);
    expect(await screen.findByTestId('catalog-error')).toHaveTextContent(
      'No se pudieron cargar los productos. Intente nuevamente más tarde.',
    );
  });
});
