import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { shopIsoDay, type DispatchAnswer, type DispatchOrder } from '@shop/shared';
import { renderApp, signInStorage } from '@/test/render';
import { mockApi, type MockHandler } from '@/test/mock-api';
import { OrderDispatchPage } from './order-dispatch-page';

function dispatchOrder(n: number, overrides: Partial<DispatchOrder> = {}): DispatchOrder {
  return {
    _id: `order-${n}`,
    orderNumber: `JL-20260115-000${n}`,
    createdAt: '2026-01-15T12:00:00.000Z',
    status: 'pending_manual',
    paymentMethod: 'cash',
    fullName: `Cliente ${n}`,
    phone: '299 555 0000',
    address: `San Martín ${n}00`,
    city: 'Neuquén',
    postalCode: '8300',
    notes: null,
    units: 2,
    total: 17000,
    toCollect: 17000,
    ...overrides,
  };
}

const ONE_PAGE = { page: 1, pageSize: 100, totalPages: 1 };

const DELIVERY: DispatchAnswer = {
  type: 'delivery',
  date: '2026-01-15',
  generatedAt: '2026-01-15T15:00:00.000Z',
  ...ONE_PAGE,
  totalOrders: 3,
  groups: [
    {
      id: 'centro',
      name: 'Centro',
      detail: '',
      orders: [dispatchOrder(1, { notes: 'Tocar timbre 2B' }), dispatchOrder(2, { paymentMethod: 'transfer', toCollect: 0, units: 1 })],
      toCollect: 17000,
    },
    { id: 'oeste', name: 'Oeste', detail: '', orders: [dispatchOrder(3, { total: 25500, toCollect: 25500 })], toCollect: 25500 },
    { id: 'sur', name: 'Sur', detail: '', orders: [], toCollect: 0 },
  ],
};

const PICKUP: DispatchAnswer = {
  type: 'pickup',
  date: '2026-01-15',
  generatedAt: '2026-01-15T15:00:00.000Z',
  ...ONE_PAGE,
  totalOrders: 1,
  groups: [
    {
      id: 'plaza',
      name: 'Plaza Huincul',
      detail: 'Av. Argentina 100 · Lunes a viernes de 10 a 18',
      orders: [dispatchOrder(4, { address: null, city: null, postalCode: null })],
      toCollect: 17000,
    },
  ],
};

function setup(
  handler: MockHandler = (request) => ({ data: request.params.type === 'pickup' ? PICKUP : DELIVERY }),
  route = '/orders/dispatch',
) {
  signInStorage();
  const calls = mockApi({ 'GET /orders/dispatch': handler });
  renderApp(<OrderDispatchPage />, { route, path: '/orders/dispatch' });
  return { calls, user: userEvent.setup() };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('hoja de reparto', () => {
  it('lists the home deliveries per zone with what to collect, and prints', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const { calls } = setup();
    const groups = await screen.findAllByTestId('dispatch-group');
    expect(calls[0]?.params).toEqual({ type: 'delivery', date: shopIsoDay(), page: 1 });
    // The zone without orders gets no page.
    expect(groups.map((g) => within(g).getByRole('heading').textContent)).toEqual(['Centro', 'Oeste']);
    expect(screen.getByTestId('dispatch-summary')).toHaveTextContent('3 pedidos en 2 zonas · A cobrar en total: $42.500');

    const centro = within(groups[0] ?? document.body);
    expect(centro.getByRole('columnheader', { name: 'Dirección' })).toBeInTheDocument();
    const [first, second] = centro.getAllByTestId('dispatch-order');
    expect(
      within(first ?? document.body)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      '#JL-20260115-0001',
      'Cliente 1299 555 0000Nota: Tocar timbre 2B',
      'San Martín 100Neuquén · CP 8300',
      '2',
      '$17.000',
      '$17.000',
      'Marcar entregado',
    ]);
    expect(
      within(second ?? document.body)
        .getAllByRole('cell')
        .at(-2),
    ).toHaveTextContent('$0 · pagado (Transferencia)');
    expect(centro.getByText('Total de Centro').closest('tr')).toHaveTextContent('Total de Centro3$34.000$17.000');
    expect(centro.getByText('2 pedidos · 3 unidades · A cobrar:', { exact: false })).toHaveTextContent('A cobrar: $17.000');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Imprimir' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('switches to the pickups, one list per meeting point, without addresses', async () => {
    const { user, calls } = setup();
    await screen.findAllByTestId('dispatch-group');
    expect(screen.getByRole('button', { name: 'Envíos a domicilio' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Retiros' }));
    expect(screen.getByRole('button', { name: 'Retiros' })).toHaveAttribute('aria-pressed', 'true');
    const group = await screen.findByRole('region', { name: 'Plaza Huincul' });
    expect(calls.filter((c) => c.url === '/orders/dispatch').at(-1)?.params).toEqual({ type: 'pickup', date: shopIsoDay(), page: 1 });
    expect(within(group).getByText('Av. Argentina 100 · Lunes a viernes de 10 a 18')).toBeInTheDocument();
    expect(within(group).queryByRole('columnheader', { name: 'Dirección' })).not.toBeInTheDocument();
    expect(screen.getByTestId('dispatch-summary')).toHaveTextContent('1 pedido en 1 punto de encuentro');
  });

  it('says how a paid order was paid, Mercado Pago included', async () => {
    setup(() => ({
      data: {
        ...PICKUP,
        groups: [
          {
            ...PICKUP.groups[0]!,
            orders: [dispatchOrder(5, { paymentMethod: 'mercadopago', status: 'paid', toCollect: 0 })],
            toCollect: 0,
          },
        ],
      },
    }));
    const row = await screen.findByTestId('dispatch-order');
    expect(within(row).getAllByRole('cell').at(-2)).toHaveTextContent('$0 · pagado (Mercado Pago)');
  });

  it('opens on the pickups from the address', async () => {
    const { calls } = setup(undefined, '/orders/dispatch?type=pickup');
    expect(await screen.findByRole('region', { name: 'Plaza Huincul' })).toBeInTheDocument();
    expect(calls[0]?.params).toEqual({ type: 'pickup', date: shopIsoDay(), page: 1 });
  });

  it('takes the day of the sheet from a labelled date field (today by default) and from the address', async () => {
    const { user, calls } = setup(undefined, '/orders/dispatch?type=pickup&date=2026-01-10');
    await screen.findByRole('region', { name: 'Plaza Huincul' });
    expect(calls[0]?.params).toEqual({ type: 'pickup', date: '2026-01-10', page: 1 });
    const field = screen.getByLabelText('Día de la hoja');
    expect(field).toHaveValue('2026-01-10');
    expect(field).toHaveAccessibleDescription('Pedidos hechos hasta ese día que todavía no se entregaron.');
    expect(screen.getByText(/pedidos hasta el 10\/01\/2026/)).toBeInTheDocument();
    // A date field is set whole (as the browser's date picker does).
    fireEvent.change(field, { target: { value: '2026-01-12' } });
    await waitFor(() => expect(calls.at(-1)?.params).toEqual({ type: 'pickup', date: '2026-01-12', page: 1 }));
    // Another sheet keeps the day.
    await user.click(screen.getByRole('button', { name: 'Envíos a domicilio' }));
    await waitFor(() => expect(calls.at(-1)?.params).toEqual({ type: 'delivery', date: '2026-01-12', page: 1 }));
  });

  it('pages a long sheet instead of stopping: where it is, how many in all, and the next page on request', async () => {
    const paged = (page: number): DispatchAnswer => ({
      ...DELIVERY,
      page,
      pageSize: 2,
      totalOrders: 5,
      totalPages: 3,
      groups: [
        { id: 'centro', name: 'Centro', detail: '', orders: [dispatchOrder(page * 2), dispatchOrder(page * 2 + 1)], toCollect: 34000 },
      ],
    });
    const { user, calls } = setup((request) => ({ data: paged(Number(request.params.page)) }));
    await screen.findAllByTestId('dispatch-group');
    expect(screen.getByTestId('dispatch-summary')).toHaveTextContent('Página 1 de 3 (5 pedidos en total)');
    const pages = screen.getByRole('navigation', { name: 'Páginas de la hoja de reparto' });
    expect(within(pages).getByRole('button', { name: 'Página 1' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(pages).getByRole('button', { name: /Siguiente/ }));
    await waitFor(() => expect(screen.getByTestId('dispatch-summary')).toHaveTextContent('Página 2 de 3'));
    expect(calls.at(-1)?.params).toEqual({ type: 'delivery', date: shopIsoDay(), page: 2 });
    expect(screen.getByText('#JL-20260115-0004')).toBeInTheDocument();
    // A new day starts on the first page.
    fireEvent.change(screen.getByLabelText('Día de la hoja'), { target: { value: '2026-01-12' } });
    await waitFor(() => expect(calls.at(-1)?.params).toEqual({ type: 'delivery', date: '2026-01-12', page: 1 }));
  });

  it('says when there is nothing to hand over, and cannot print', async () => {
    setup(() => ({ data: { ...DELIVERY, groups: [{ id: 'sur', name: 'Sur', detail: '', orders: [], toCollect: 0 }] } }));
    expect(await screen.findByText('No hay envíos a domicilio por entregar')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Imprimir' })).toBeDisabled();
  });

  it('shows the error with Reintentar, which asks again', async () => {
    let fail = true;
    const { user, calls } = setup(() => (fail ? { status: 500, data: { message: 'Error interno' } } : { data: DELIVERY }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al cargar la hoja de reparto');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(screen.getAllByTestId('dispatch-group')).toHaveLength(2));
    expect(calls.filter((c) => c.url === '/orders/dispatch')).toHaveLength(2);
  });
});
