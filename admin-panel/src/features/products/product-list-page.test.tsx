import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product } from '@shop/shared';
import { renderApp, signInStorage } from '@/test/render';
import { bodyOf, mockApi, type MockReply } from '@/test/mock-api';
import { contentFixture } from '@/test/fixtures';
import { ProductListPage } from './product-list-page';

function product(n: number, overrides: Partial<Product> = {}): Product {
  return {
    _id: `p${n}`,
    title: `Producto ${n}`,
    description: 'x',
    price: 10000 + n,
    discount: 0,
    category: 'bodys',
    thumbnails: [],
    stock: 5,
    size: ['M'],
    stockBySize: { M: 5 },
    status: true,
    colors: [],
    ...overrides,
  };
}

function setup(deleteReply: MockReply = { data: { message: 'Producto eliminado exitosamente' } }) {
  signInStorage();
  const products = Array.from({ length: 10 }, (_, i) => product(i + 1));
  products[0] = product(1, { title: 'Body Encaje', price: 20000, discount: 25, size: ['S', 'M', 'L'], stockBySize: { S: 0, M: 5, L: 0 } });
  products[1] = product(2, {
    colors: [
      { name: 'Negro', value: '#000' },
      { name: 'Rojo', value: '#f00' },
    ],
    colorReview: true,
  });
  const calls = mockApi({
    'GET /content': () => ({ data: { content: contentFixture() } }),
    'GET /products': () => ({
      data: { status: 'success', payload: products, totalPages: 3, totalDocs: 25, totalProducts: 25, page: 1, limit: 10 },
    }),
    'PUT /products/*': (c) => ({ data: { product: { ...products[0], ...bodyOf(c) } } }),
    'DELETE /products/*': () => deleteReply,
  });
  renderApp(<ProductListPage />, { route: '/products-list', path: '/products-list' });
  return { calls, user: userEvent.setup() };
}

describe('product list', () => {
  it('shows final and original prices, category names and the storefront link', async () => {
    setup();
    const row = (await screen.findAllByTestId('product-row'))[0];
    if (!row) throw new Error('no rows');
    expect(within(row).getByText('$15.000')).toBeInTheDocument();
    expect(within(row).getByText('$20.000')).toBeInTheDocument();
    expect(within(row).getByText('Bodys')).toBeInTheDocument();
    expect(within(row).getByTestId('sizes-out')).toHaveTextContent('Agotado: S, L');
    const link = within(row).getByRole('link', { name: /Ver Body Encaje en la tienda/ });
    expect(link).toHaveAttribute('href', '/product/p1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.getAllByRole('button', { name: /^Página \d$/ })).toHaveLength(3);
  });

  it('asks to review the stock per colour of a migrated product, linking to its editor', async () => {
    setup();
    const rows = await screen.findAllByTestId('product-row');
    const notice = within(rows[1] as HTMLElement).getByTestId('color-review');
    expect(notice).toHaveTextContent(/^Revisá el stock por color$/);
    expect(notice).toHaveAttribute('href', '/products/edit/p2');
    expect(screen.getAllByTestId('color-review')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Actualizar stock desde planilla' })).toHaveAttribute('href', '/products/stock');
  });

  it('toggles the status by sending only the opposite status', async () => {
    const { user, calls } = setup();
    const toggle = await screen.findByRole('button', { name: 'Activo: Body Encaje' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(toggle).toHaveAccessibleDescription('Desactivar');
    await user.click(toggle);
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe('/products/p1');
    expect(put?.body).toEqual({ status: false });
  });

  it('asks before deleting and reports success', async () => {
    const { user, calls } = setup();
    await user.click(await screen.findByRole('button', { name: 'Eliminar Body Encaje' }));
    const dialog = screen.getByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Eliminar Body Encaje' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Producto eliminado exitosamente.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/products/p1');
  });

  it('explains that a product with active orders cannot be deleted', async () => {
    const { user } = setup({ status: 409, data: { message: 'No se puede eliminar: el producto tiene órdenes activas' } });
    await user.click(await screen.findByRole('button', { name: 'Eliminar Body Encaje' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('No se puede eliminar "Body Encaje" porque tiene órdenes activas.')).toBeInTheDocument();
  });

  it('reloads the list when the product was already gone', async () => {
    const { user, calls } = setup({ status: 404, data: { message: 'Producto no encontrado' } });
    await screen.findAllByTestId('product-row');
    const loadsBefore = calls.filter((c) => c.method === 'GET' && c.url === '/products').length;
    await user.click(screen.getByRole('button', { name: 'Eliminar Body Encaje' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText(/ya haya sido eliminado/)).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.url === '/products').length).toBeGreaterThan(loadsBefore));
  });
});

describe('product search', () => {
  it('waits 500 ms after the last keystroke and then asks for page 1 with the search term', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { calls } = setup();
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await screen.findAllByTestId('product-row');
      const searches = () => calls.filter((c) => c.url === '/products' && 'searchTerm' in c.params);

      await user.type(screen.getByLabelText('Buscar'), 'body');
      await act(() => vi.advanceTimersByTimeAsync(300));
      expect(searches()).toHaveLength(0);

      await act(() => vi.advanceTimersByTimeAsync(250));
      await waitFor(() => expect(searches()).toHaveLength(1));
      expect(searches()[0]?.params).toMatchObject({ searchTerm: 'body', page: 1, limit: 10 });
    } finally {
      vi.useRealTimers();
    }
  });
});
