import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lastShopDays, type DailySales } from '@shop/shared';
import { renderApp, signInStorage } from '@/test/render';
import { bodyOf, mockApi, type MockRoutes } from '@/test/mock-api';
import { contentFixture } from '@/test/fixtures';
import { LowStockCard } from './low-stock-card';
import { SalesChartCard } from './sales-chart-card';

// The real chart needs a laid-out canvas jsdom does not have: a stand-in shows what it was given. The card loads
// it with import(), so seeing the stand-in also shows the lazy load resolved.
vi.mock('./sales-chart', () => ({
  default: ({ days }: { days: DailySales[] }) => <div data-testid="chart-stand-in">{`${days.length} días`}</div>,
}));

function series(count: number): DailySales[] {
  return lastShopDays(count, new Date('2026-11-22T15:00:00Z')).map((day, i) => ({
    day,
    orders: i === count - 1 ? 4 : i === count - 2 ? 0 : 1,
    revenue: i === count - 1 ? 32500 : 0,
    // A return gave $2.500 back today: net sales $30.000.
    returns: i === count - 1 ? 2500 : 0,
    netRevenue: i === count - 1 ? 30000 : 0,
  }));
}

const salesRoutes: MockRoutes = {
  'GET /insight/daily-sales': ({ params }) => {
    const days = series(Number(params.days));
    const totalOrders = days.reduce((s, d) => s + d.orders, 0);
    return { data: { days, totalOrders, totalRevenue: 32500, totalReturns: 2500, netRevenue: 30000 } };
  },
};

describe('SalesChartCard', () => {
  it('loads the chart lazily and gives the same figures in a table for screen readers', async () => {
    signInStorage();
    const calls = mockApi(salesRoutes);
    renderApp(<SalesChartCard />);
    // The lazy chunk's first import can take seconds on a loaded machine.
    expect(await screen.findByTestId('chart-stand-in', {}, { timeout: 10_000 })).toHaveTextContent('30 días');
    expect(calls.find((c) => c.url === '/insight/daily-sales')?.params).toEqual({ days: 30 });
    const table = screen.getByRole('table', { name: /últimos 30 días/ });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(31); // header + 30 days, zero days included
    // Newest first: today with its 4 orders, $32.500 paid, $2.500 given back, $30.000 net; yesterday with none.
    expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent('22/11/2026');
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['4', '$32.500', '$2.500', '$30.000', '']);
    expect(
      within(rows[2]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['0', '$0', '$0', '$0', '']);
    expect(screen.getByTestId('sales-totals')).toHaveTextContent('32 órdenes');
    expect(screen.getByTestId('sales-returns')).toHaveTextContent('−$2.500 devueltos por cambios y devoluciones');
    expect(screen.getByTestId('sales-net')).toHaveTextContent('$30.000 ventas netas');
    expect(table.parentElement).toHaveClass('visually-hidden');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Ver como tabla' }));
    expect(table.parentElement).not.toHaveClass('visually-hidden');
  });

  it('switches to 90 days', async () => {
    signInStorage();
    const calls = mockApi(salesRoutes);
    renderApp(<SalesChartCard />);
    await screen.findByTestId('chart-stand-in', {}, { timeout: 10_000 });
    await userEvent.setup().click(screen.getByRole('button', { name: '90 días' }));
    expect(await screen.findByText('90 días', { selector: '[data-testid="chart-stand-in"]' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '90 días' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(screen.getByRole('table', { name: /últimos 90 días/ })).getAllByRole('row')).toHaveLength(91);
    expect(calls.filter((c) => c.url === '/insight/daily-sales').map((c) => c.params.days)).toEqual([30, 90]);
  });

  it("shows the server's Spanish error", async () => {
    signInStorage();
    mockApi({ 'GET /insight/daily-sales': { status: 400, data: { message: 'El período debe ser de 30 o 90 días' } } });
    renderApp(<SalesChartCard />);
    expect(await screen.findByRole('alert')).toHaveTextContent('El período debe ser de 30 o 90 días');
  });
});

describe('LowStockCard', () => {
  const lowStock = (threshold: number) => ({
    data: {
      threshold,
      products: [
        { productId: 'p-1', title: 'Body Encaje', category: 'bodys', views: 40, totalStock: 31, lowSizes: [{ size: 'M', stock: 1 }] },
        { productId: 'p-2', title: 'Corpiño Lila', category: 'corpinos', views: 12, totalStock: 2, lowSizes: [] },
      ],
    },
  });

  it('lists the most viewed products running out, each with a link to edit it', async () => {
    signInStorage();
    mockApi({ 'GET /content': () => ({ data: { content: contentFixture() } }), 'GET /insight/low-stock': () => lowStock(3) });
    renderApp(<LowStockCard />);
    const card = screen.getByTestId('low-stock-card');
    expect(await within(card).findByText('Body Encaje')).toBeInTheDocument();
    expect(within(card).getByText('Talles con poco stock: M: 1 (total 31)')).toBeInTheDocument();
    expect(within(card).getByText('Quedan 2 unidades')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Editar Body Encaje' })).toHaveAttribute('href', '/products/edit/p-1');
    expect(within(card).getByLabelText('Avisar con stock igual o menor a')).toHaveValue(3);
  });

  it('saves a new threshold, and refuses one out of range without calling the server', async () => {
    signInStorage();
    let threshold = 3;
    const calls = mockApi({
      'GET /content': () => ({ data: { content: contentFixture() } }),
      'GET /insight/low-stock': () => lowStock(threshold),
      'PUT /insight/low-stock-threshold': (request) => {
        threshold = Number(bodyOf(request).threshold);
        return { data: { threshold } };
      },
    });
    renderApp(<LowStockCard />);
    const input = await screen.findByLabelText('Avisar con stock igual o menor a');
    await waitFor(() => expect(input).toHaveValue(3));
    const user = userEvent.setup();
    await user.clear(input);
    await user.type(input, '1000');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('El umbral debe ser un número entero entre 0 y 999');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.clear(input);
    await user.type(input, '5');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ threshold: 5 }));
    await waitFor(() => expect(calls.filter((c) => c.url === '/insight/low-stock')).toHaveLength(2));
    expect(input).toHaveValue(5);
  });

  it('says so when none of the most viewed is running out', async () => {
    signInStorage();
    mockApi({
      'GET /content': () => ({ data: { content: contentFixture() } }),
      'GET /insight/low-stock': () => ({ data: { threshold: 3, products: [] } }),
    });
    renderApp(<LowStockCard />);
    expect(await screen.findByText('Ninguno de los productos más vistos tiene poco stock.')).toBeInTheDocument();
  });
});
