import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_USER, renderApp, signInStorage } from '@/test/render';
import { mockApi } from '@/test/mock-api';
import { contentFixture, orderFixture, summaryAnswer, zoneFixture } from '@/test/fixtures';
import { OrderListPage } from './order-list-page';

const TOTAL = 45;
const ALL = Array.from({ length: TOTAL }, (_, i) =>
  orderFixture(
    i + 1,
    i === 3 ? { shippingInfo: { ...orderFixture(4).shippingInfo, fullName: 'Valentina Ríos', email: 'vale@correo.com' } } : {},
  ),
);

function setup(account = ADMIN_USER) {
  signInStorage(account);
  const calls = mockApi({
    'GET /auth/check': () => ({ data: { user: account } }),
    'GET /orders': (request) => {
      const page = Number(request.params.page);
      const limit = Number(request.params.limit);
      const status = typeof request.params.status === 'string' ? request.params.status : '';
      const source = status ? ALL.filter((_, i) => i < 3).map((o) => ({ ...o, status })) : ALL;
      return {
        data: {
          orders: source.slice((page - 1) * limit, page * limit),
          totalOrders: source.length,
          totalPages: Math.ceil(source.length / limit),
          page,
        },
      };
    },
    'GET /orders/summary': () =>
      summaryAnswer(TOTAL, 1234500, { pending_manual: { cash: 40, transfer: 0 }, paid: { cash: 3, transfer: 2 } }),
  });
  renderApp(<OrderListPage />, { route: '/orders' });
  return { calls, user: userEvent.setup() };
}

const orderCalls = (calls: ReturnType<typeof setup>['calls']) => calls.filter((c) => c.url === '/orders');

describe('orders list', () => {
  it("offers the customers' CSV and deleting to the owner only", async () => {
    setup({ ...ADMIN_USER, staffRole: 'owner' });
    expect(await screen.findByRole('button', { name: 'Eliminar orden JL-20260115-0001' })).toBeInTheDocument();
    expect(screen.getByTestId('orders-export')).toBeInTheDocument();
  });

  it('shows a salesperson the orders without the CSV export or the delete buttons', async () => {
    setup({ ...ADMIN_USER, staffRole: 'sales' });
    expect(await screen.findAllByTestId('order-row')).toHaveLength(20);
    expect(screen.queryByTestId('orders-export')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Eliminar orden/ })).not.toBeInTheDocument();
  });

  it('shows the summary cards and the per-method panels', async () => {
    setup();
    const summary = await screen.findByTestId('orders-summary');
    await waitFor(() => expect(within(summary).getByText('$1.234.500')).toBeInTheDocument());
    expect(within(summary).getByText('5')).toBeInTheDocument(); // paid cash + paid transfer
    const transfer = screen.getByTestId('transfer-panel');
    expect(within(transfer).getByText('Pagado')).toBeInTheDocument();
    expect(within(transfer).queryByText('Pendiente (Efectivo)')).not.toBeInTheDocument();
  });

  it('counts Mercado Pago orders in their own panel and among the completed ones, and badges their rows', async () => {
    signInStorage();
    const waiting = orderFixture(1, { paymentMethod: 'mercadopago', status: 'pending_payment' });
    const paid = orderFixture(2, { paymentMethod: 'mercadopago', status: 'paid' });
    mockApi({
      'GET /orders': () => ({ data: { orders: [waiting, paid], totalOrders: 2, totalPages: 1, page: 1 } }),
      'GET /orders/summary': () =>
        summaryAnswer(9, 90000, {
          pending_payment: { cash: 0, transfer: 0, mercadopago: 4 },
          paid: { cash: 1, transfer: 1, mercadopago: 3 },
        }),
    });
    renderApp(<OrderListPage />, { route: '/orders' });
    const panel = await screen.findByTestId('mercadopago-panel');
    expect(within(panel).getByRole('heading', { name: 'Pagos con Mercado Pago' })).toBeInTheDocument();
    await waitFor(() => expect(within(panel).getByText('7')).toBeInTheDocument());
    expect(
      within(panel)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Pendiente (Mercado Pago)4', 'Pagado3']);
    // 'Órdenes completadas': paid cash 1 + paid transfer 1 + paid Mercado Pago 3
    expect(within(screen.getByTestId('orders-summary')).getByText('Órdenes completadas').nextSibling).toHaveTextContent('5');
    const rows = await screen.findAllByTestId('order-row');
    expect(within(rows[0]!).getByText('Mercado Pago')).toHaveClass('payment-mercadopago');
    expect(within(rows[0]!).getByText('Pendiente (Mercado Pago)')).toHaveClass('status-pending_payment');
    // The status filter offers the new status.
    expect(within(screen.getByLabelText('Estado')).getByRole('option', { name: 'Pendiente (Mercado Pago)' })).toHaveValue(
      'pending_payment',
    );
  });

  it('paginates 20 per page with "Mostrando X - Y de Z órdenes"', async () => {
    const { user, calls } = setup();
    expect(await screen.findByText('Mostrando 1 - 20 de 45 órdenes')).toBeInTheDocument();
    expect(screen.getAllByTestId('order-row')).toHaveLength(20);
    expect(orderCalls(calls)[0]?.params).toMatchObject({ page: 1, limit: 20 });

    await user.click(screen.getByRole('button', { name: 'Página 3' }));
    expect(await screen.findByText('Mostrando 41 - 45 de 45 órdenes')).toBeInTheDocument();
    expect(screen.getAllByTestId('order-row')).toHaveLength(5);
    expect(screen.getByRole('button', { name: 'Página 3' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: /Siguiente/ })).toBeDisabled();
  });

  it('goes back to page 1 when the status filter changes', async () => {
    const { user, calls } = setup();
    await screen.findByText('Mostrando 1 - 20 de 45 órdenes');
    await user.click(screen.getByRole('button', { name: 'Página 2' }));
    await screen.findByText('Mostrando 21 - 40 de 45 órdenes');

    await user.selectOptions(screen.getByLabelText('Estado'), 'paid');
    await waitFor(() => expect(screen.getAllByTestId('order-row')).toHaveLength(3));
    expect(orderCalls(calls).at(-1)?.params).toMatchObject({ page: 1, status: 'paid' });
    // a single page: no pagination
    expect(screen.queryByTestId('orders-range')).not.toBeInTheDocument();
  });

  it('searches only the loaded page, by number, name or e-mail, without calling the API', async () => {
    const { user, calls } = setup();
    await screen.findByText('Mostrando 1 - 20 de 45 órdenes');
    const before = orderCalls(calls).length;
    const search = screen.getByLabelText('Buscar en esta página');

    await user.type(search, 'VALENTINA');
    expect(screen.getAllByTestId('order-row')).toHaveLength(1);
    expect(screen.getByText('#JL-20260115-0004')).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'cliente12@mail');
    expect(screen.getAllByTestId('order-row')).toHaveLength(1);

    // order 30 exists, but on page 2: the search does not find it
    await user.clear(search);
    await user.type(search, 'JL-20260115-0030');
    expect(screen.queryAllByTestId('order-row')).toHaveLength(0);
    expect(screen.getByText('No se encontraron órdenes con los filtros aplicados.')).toBeInTheDocument();
    expect(orderCalls(calls)).toHaveLength(before);
  });

  it("says 'No hay órdenes con este estado.' for an empty status", async () => {
    signInStorage();
    mockApi({
      'GET /orders': () => ({ data: { orders: [], totalOrders: 0, totalPages: 0, page: 1 } }),
      'GET /orders/summary': () => summaryAnswer(0, 0),
    });
    renderApp(<OrderListPage />, { route: '/orders-list', path: '/orders-list' });
    const user = userEvent.setup();
    expect(await screen.findByText('No hay órdenes')).toBeInTheDocument();
    expect(screen.getByText('No hay órdenes en efectivo')).toBeInTheDocument();
    expect(screen.getByText('No hay órdenes por transferencia')).toBeInTheDocument();
    expect(screen.getByText('No hay órdenes con Mercado Pago')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Estado'), 'refunded');
    expect(await screen.findByText('No hay órdenes con este estado.')).toBeInTheDocument();
  });

  it('filters by delivery zone or meeting point (one at a time), listed from the site content', async () => {
    signInStorage();
    const content = contentFixture();
    content.checkout.shipping.homeDelivery.zones = [
      zoneFixture('centro', 'Centro', 2000, { barrios: ['Centro'] }),
      zoneFixture('oeste', 'Oeste', 3500, { postalCodes: ['8300'], enabled: false }),
    ];
    content.checkout.deliveryInfo.meetingPoints = [
      { id: 'plaza', title: 'Plaza Huincul', address: 'Av. Argentina 100', schedule: '', notes: '', enabled: true },
    ];
    const delivered = orderFixture(1, { deliveryType: 'delivery', zone: { id: 'centro', name: 'Centro', cost: 2000 } });
    const pickedUp = orderFixture(2, { meetingPoint: { id: 'plaza', title: 'Plaza Huincul', address: 'Av. Argentina 100', schedule: '' } });
    const calls = mockApi({
      'GET /content': () => ({ data: { content } }),
      'GET /orders': (request) => {
        const orders = request.params.zone ? [delivered] : request.params.meetingPoint ? [pickedUp] : [delivered, pickedUp];
        return { data: { orders, totalOrders: orders.length, totalPages: 1, page: 1 } };
      },
      'GET /orders/summary': () => summaryAnswer(2, 0),
    });
    renderApp(<OrderListPage />, { route: '/orders' });
    const user = userEvent.setup();
    await waitFor(() =>
      expect(screen.getAllByTestId('order-place').map((el) => el.textContent)).toEqual(['Envío · Centro', 'Retiro · Plaza Huincul']),
    );

    const zone = await screen.findByLabelText('Zona de envío');
    expect(
      within(zone)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Todas las zonas', 'Centro', 'Oeste (deshabilitada)']);
    const point = screen.getByLabelText('Punto de encuentro');
    expect(
      within(point)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Todos los puntos', 'Plaza Huincul']);

    await user.selectOptions(zone, 'centro');
    await waitFor(() => expect(screen.getAllByTestId('order-row')).toHaveLength(1));
    expect(orderCalls(calls).at(-1)?.params).toMatchObject({ page: 1, zone: 'centro' });
    expect(orderCalls(calls).at(-1)?.params).not.toHaveProperty('meetingPoint');

    await user.selectOptions(point, 'plaza');
    await waitFor(() => expect(screen.getByText('#JL-20260115-0002')).toBeInTheDocument());
    expect(orderCalls(calls).at(-1)?.params).toMatchObject({ meetingPoint: 'plaza' });
    expect(orderCalls(calls).at(-1)?.params).not.toHaveProperty('zone');
    expect(zone).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Vista rápida de la orden JL-20260115-0002' }));
    expect(within(screen.getByTestId('order-quick-view')).getByTestId('quick-view-place')).toHaveTextContent(
      'Retiro · Plaza HuinculAv. Argentina 100',
    );
  });

  it('links to the dispatch sheet', async () => {
    setup();
    expect(await screen.findByRole('link', { name: 'Hoja de reparto' })).toHaveAttribute('href', '/orders/dispatch');
  });
});
