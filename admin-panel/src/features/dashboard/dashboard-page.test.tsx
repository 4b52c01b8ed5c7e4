import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, signInStorage } from '@/test/render';
import { mockApi, type MockRoutes } from '@/test/mock-api';
import { contentFixture, orderFixture, summaryAnswer } from '@/test/fixtures';
import { DashboardPage } from './dashboard-page';

const ROUTES: MockRoutes = {
  'GET /content': () => ({ data: { content: contentFixture() } }),
  'GET /products/count': () => ({ data: { count: 28 } }),
  'GET /orders': () => ({
    data: {
      orders: [
        orderFixture(3, { status: 'paid', total: 30000 }),
        orderFixture(2, { status: 'paid', total: 12500 }),
        orderFixture(1, { status: 'pending_manual', total: 99999 }),
      ],
      totalOrders: 3,
      totalPages: 1,
      page: 1,
    },
  }),
  // The server's totals differ from what the page of recent orders adds up to: the cards must show the server's.
  'GET /orders/summary': () => summaryAnswer(57, 1234500),
  'GET /insight/daily-sales': () => ({ data: { days: [], totalOrders: 0, totalRevenue: 0 } }),
  'GET /insight/low-stock': () => ({ data: { threshold: 3, products: [] } }),
  'GET /insight/waited-sizes': () => ({
    data: { sizes: [{ productId: 'p-lila', title: 'Corpiño Lila', size: '90C', waiting: 3, stock: 0 }] },
  }),
  'GET /insight/search-misses': () => ({
    data: { days: 7, terms: [{ term: 'portaligas', searches: 4, lastSearchedAt: '2026-11-22T18:05:00.000Z' }] },
  }),
  'GET /interactions/summary': () => ({ data: { summary: { totalInteractions: 42, recentInteractions: 7 } } }),
  'GET /interactions/most-viewed-products': () => ({
    data: {
      products: [
        {
          _id: 'a',
          productId: 'a',
          productTitle: 'Body Encaje',
          title: 'Body Encaje',
          productCategory: 'bodys',
          category: 'bodys',
          count: 9,
        },
      ],
    },
  }),
  'GET /interactions/most-viewed-categories': () => ({ data: { categories: [{ category: 'corpinos', count: 12 }] } }),
};

describe('dashboard', () => {
  it("shows the stats (orders and revenue from the server's summary), most viewed and recent orders", async () => {
    signInStorage();
    const calls = mockApi(ROUTES);
    renderApp(<DashboardPage />, { route: '/home', path: '/home' });
    const stats = screen.getByTestId('dashboard-stats');
    expect(await within(stats).findByText('28')).toBeInTheDocument();
    expect(await within(stats).findByText('$1.234.500')).toBeInTheDocument();
    expect(within(stats).getByText('57')).toBeInTheDocument();
    expect(within(stats).queryByText('$42.500')).not.toBeInTheDocument();
    expect(within(stats).getByText('42')).toBeInTheDocument();
    expect(within(stats).getByRole('link', { name: /Productos/ })).toHaveAttribute('href', '/products');
    expect(await within(screen.getByTestId('most-viewed-products')).findByText('Body Encaje')).toBeInTheDocument();
    expect(await within(screen.getByTestId('most-viewed-categories')).findByText('Corpiños')).toBeInTheDocument();
    expect(within(screen.getByTestId('recent-orders')).getAllByRole('link', { name: /#JL-/ })).toHaveLength(3);
    expect(calls.find((c) => c.url === '/orders')?.params).toMatchObject({ limit: 20 });
    expect(calls.find((c) => c.url === '/interactions/most-viewed-products')?.params).toMatchObject({ limit: 10 });
    expect(calls.find((c) => c.url === '/interactions/most-viewed-categories')?.params).toMatchObject({ limit: 5 });
    // What shoppers wait for and did not find, side by side.
    const demand = screen.getByTestId('dashboard-demand');
    expect(await within(demand).findByRole('link', { name: 'Corpiño Lila' })).toHaveAttribute('href', '/products/edit/p-lila');
    expect(await within(demand).findByText('portaligas')).toBeInTheDocument();
    // No Mercado Pago order yet: no card for it.
    expect(within(stats).queryByText('Órdenes con Mercado Pago')).not.toBeInTheDocument();
  });

  it('shows net revenue and what returns gave back', async () => {
    signInStorage();
    const net = summaryAnswer(57, 1214500);
    mockApi({ ...ROUTES, 'GET /orders/summary': () => ({ data: { summary: { ...net.data.summary, returnsTotal: 20000 } } }) });
    renderApp(<DashboardPage />, { route: '/home', path: '/home' });
    const stats = screen.getByTestId('dashboard-stats');
    const revenue = (await within(stats).findByText('$1.214.500')).closest('a');
    expect(revenue).toHaveTextContent('Ingresos netos (pagadas)');
    expect(revenue).toHaveTextContent('Devoluciones −$20.000');
  });

  it('counts the Mercado Pago orders, paid and waiting for the payment, from the summary', async () => {
    signInStorage();
    mockApi({
      ...ROUTES,
      'GET /orders/summary': () =>
        summaryAnswer(57, 1234500, {
          pending_payment: { cash: 0, transfer: 0, mercadopago: 2 },
          paid: { cash: 10, transfer: 4, mercadopago: 5 },
          refunded: { cash: 0, transfer: 0, mercadopago: 1 },
        }),
    });
    renderApp(<DashboardPage />, { route: '/home', path: '/home' });
    const card = (await within(screen.getByTestId('dashboard-stats')).findByText('Órdenes con Mercado Pago')).closest('a');
    expect(card).toHaveAttribute('href', '/orders');
    // 2 waiting + 5 paid + 1 refunded; the cash and transfer orders are not counted.
    expect(card).toHaveTextContent('Órdenes con Mercado Pago85 pagadas · 2 esperando el pago');
  });

  it('falls back to empty data when the calls fail', async () => {
    signInStorage();
    mockApi({});
    renderApp(<DashboardPage />, { route: '/home', path: '/home' });
    expect(await screen.findByText('No hay órdenes todavía.')).toBeInTheDocument();
    expect(screen.getByText('Todavía no hay visitas registradas.')).toBeInTheDocument();
    expect(within(screen.getByTestId('dashboard-stats')).getByText('$0')).toBeInTheDocument();
  });

  it('resets the interactions only after confirming', async () => {
    signInStorage();
    const calls = mockApi({
      ...ROUTES,
      'DELETE /interactions/reset': () => ({ data: { success: true, deleted: 42, message: 'Interacciones reseteadas correctamente' } }),
    });
    renderApp(<DashboardPage />, { route: '/home', path: '/home' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Resetear interacciones/ }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancelar' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: /Resetear interacciones/ }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Resetear' }));
    expect(await screen.findByText('Interacciones reseteadas correctamente')).toBeInTheDocument();
  });

  it("shows 'Error al resetear interacciones' when the server gives no reason", async () => {
    signInStorage();
    mockApi({ ...ROUTES, 'DELETE /interactions/reset': () => ({ data: { success: false } }) });
    renderApp(<DashboardPage />, { route: '/home', path: '/home' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Resetear interacciones/ }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Resetear' }));
    expect(await screen.findByText('Error al resetear interacciones')).toBeInTheDocument();
  });
});
