import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DispatchAnswer, Order } from '@shop/shared';
import { renderApp, signInStorage } from '@/test/render';
import { bodyOf, mockApi } from '@/test/mock-api';
import { orderFixture } from '@/test/fixtures';
import { OrderDetailPage } from './order-detail-page';
import { OrderDispatchPage } from './order-dispatch-page';

afterEach(() => {
  vi.restoreAllMocks();
});

const marked = (step: NonNullable<Order['fulfillment']>, at: string, name = 'Lucía') => ({ step, at, by: { id: 7, name } });

describe('order detail: the fulfilment card', () => {
  it('shows each step with its time and who marked it, and marks the next one', async () => {
    signInStorage();
    const order: Order = {
      ...orderFixture(3, { deliveryType: 'delivery', status: 'paid', paidAt: '2026-01-15T12:30:00.000Z' }),
      fulfillment: 'packed',
      fulfillmentSteps: [marked('packed', '2026-01-15T13:00:00.000Z')],
    };
    const shipped: Order = {
      ...order,
      fulfillment: 'shipped',
      fulfillmentSteps: [...(order.fulfillmentSteps ?? []), marked('shipped', '2026-01-15T14:00:00.000Z')],
    };
    let stored = order;
    const calls = mockApi({
      'GET /orders/order-3/history': { data: { history: [] } },
      'GET /orders/order-3': () => ({ data: { order: stored } }),
      'PUT /orders/order-3/fulfillment': () => {
        stored = shipped;
        return { data: { order: shipped } };
      },
    });
    renderApp(<OrderDetailPage />, { route: '/orders/order-3', path: '/orders/:id' });
    const card = await screen.findByTestId('order-fulfillment');
    expect(within(card).getByTestId('fulfillment-current')).toHaveTextContent('Preparado');
    expect(within(card).getByTestId('fulfillment-step-packed')).toHaveTextContent('por Lucía');
    expect(within(card).getByTestId('fulfillment-step-shipped')).toHaveTextContent('Pendiente');
    // Home delivery: shipped then delivered, never "listo para retirar".
    expect(within(card).queryByRole('button', { name: 'Marcar listo para retirar' })).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Marcar entregado' })).toBeInTheDocument();

    await userEvent.setup().click(within(card).getByRole('button', { name: 'Marcar enviado' }));
    await waitFor(() => expect(within(card).getByTestId('fulfillment-current')).toHaveTextContent('Enviado'));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ step: 'shipped' });
    expect(within(card).queryByRole('button', { name: 'Marcar enviado' })).not.toBeInTheDocument();
  });

  it('says the cash is collected when a cash pickup is delivered, and shows the refusal', async () => {
    signInStorage();
    const order = orderFixture(4);
    mockApi({
      'GET /orders/order-4/history': { data: { history: [] } },
      'GET /orders/order-4': { data: { order } },
      'PUT /orders/order-4/fulfillment': { status: 400, data: { message: 'No se puede preparar ni entregar una orden cancelado' } },
    });
    renderApp(<OrderDetailPage />, { route: '/orders/order-4', path: '/orders/:id' });
    const card = await screen.findByTestId('order-fulfillment');
    expect(within(card).getByText(/se registra el cobro en efectivo de \$15\.000/)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Marcar listo para retirar' })).toBeInTheDocument();
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Marcar entregado' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('No se puede preparar ni entregar');
  });

  it('offers no step for a cancelled order', async () => {
    signInStorage();
    mockApi({
      'GET /orders/order-5/history': { data: { history: [] } },
      'GET /orders/order-5': { data: { order: orderFixture(5, { status: 'cancelled' }) } },
    });
    renderApp(<OrderDetailPage />, { route: '/orders/order-5', path: '/orders/:id' });
    const card = await screen.findByTestId('order-fulfillment');
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
    expect(within(card).getByText('Una orden cancelada o reembolsada no se entrega.')).toBeInTheDocument();
  });
});

describe('hoja de reparto: Marcar entregado', () => {
  const line = (n: number) => ({
    _id: `order-${n}`,
    orderNumber: `JL-20260115-000${n}`,
    createdAt: '2026-01-15T12:00:00.000Z',
    status: 'paid',
    paymentMethod: 'transfer' as const,
    fulfillment: 'unfulfilled' as const,
    fullName: `Cliente ${n}`,
    phone: '299 555 0000',
    address: 'San Martín 100',
    city: 'Neuquén',
    postalCode: null,
    notes: null,
    units: 1,
    total: 10000,
    toCollect: 0,
  });
  const SHEET: DispatchAnswer = {
    type: 'delivery',
    date: '2026-01-15',
    generatedAt: '2026-01-15T15:00:00.000Z',
    page: 1,
    pageSize: 100,
    totalPages: 1,
    totalOrders: 2,
    groups: [{ id: 'centro', name: 'Centro', detail: '', orders: [line(1), line(2)], toCollect: 0 }],
  };

  function setup() {
    signInStorage();
    const calls = mockApi({
      'GET /orders/dispatch': { data: SHEET },
      'POST /orders/fulfillment': (request) => {
        const { ids } = bodyOf(request) as { ids: string[] };
        const orders = ids.filter((id) => id === 'order-1').map(() => ({ ...orderFixture(1), fulfillment: 'delivered' }));
        const refused = ids
          .filter((id) => id !== 'order-1')
          .map((id) => ({ id, orderNumber: 'JL-20260115-0002', message: 'No se puede entregar un pedido sin pagar' }));
        return { data: { orders, refused } };
      },
    });
    renderApp(<OrderDispatchPage />, { route: '/orders/dispatch', path: '/orders/dispatch' });
    return { calls, user: userEvent.setup() };
  }

  it('marks one order delivered', async () => {
    const { calls, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Marcar entregado el pedido JL-20260115-0001' }));
    expect(await screen.findByText('1 pedido marcado entregado.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ ids: ['order-1'], step: 'delivered' });
  });

  it('marks the whole sheet delivered after asking, and lists the orders refused with the reason', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { calls, user } = setup();
    await screen.findAllByTestId('dispatch-order');
    await user.click(screen.getByRole('button', { name: 'Marcar entregado todo' }));
    expect(confirm).toHaveBeenCalledWith('¿Marcar entregados los 2 pedidos de esta hoja?');
    expect(await screen.findByTestId('dispatch-refused')).toHaveTextContent(
      'No se marcó #JL-20260115-0002: No se puede entregar un pedido sin pagar',
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ ids: ['order-1', 'order-2'], step: 'delivered' });
  });

  it('does nothing when the whole-sheet question is declined', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { calls, user } = setup();
    await screen.findAllByTestId('dispatch-order');
    await user.click(screen.getByRole('button', { name: 'Marcar entregado todo' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
