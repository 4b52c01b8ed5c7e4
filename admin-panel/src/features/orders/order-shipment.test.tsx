import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order, ShipmentAnswer } from '@shop/shared';
import { renderApp, signInStorage } from '@/test/render';
import { mockApi } from '@/test/mock-api';
import { orderFixture, summaryAnswer } from '@/test/fixtures';
import { OrderDetailPage } from './order-detail-page';
import { OrderListPage } from './order-list-page';

afterEach(() => {
  vi.restoreAllMocks();
});

const carrierOrder = (n: number, extra: Partial<Order> = {}): Order =>
  ({ ...orderFixture(n, { status: 'paid', paidAt: '2026-11-20T12:00:00.000Z' }), deliveryType: 'carrier', ...extra }) as Order;

const shipment = (status: ShipmentAnswer['status'], events: ShipmentAnswer['events'] = []): ShipmentAnswer => ({
  carrier: 'andreani',
  service: 'Estándar',
  type: 'door',
  trackingNumber: '360000100000123',
  trackingUrl: 'https://www.andreani.com/#!/informacionEnvio/360000100000123',
  status,
  labelUrl: '/api/orders/order-5/shipment/label',
  events,
  lastPolledAt: null,
  createdAt: '2026-11-20T13:00:00.000Z',
});

describe('order detail: the carrier shipment card', () => {
  it('creates the shipment, shows the number with its link, dispatches it, and shows the refusal of a cancel', async () => {
    signInStorage();
    const order = carrierOrder(5);
    let stored: ShipmentAnswer | null = null;
    const calls = mockApi({
      'GET /orders/order-5/history': { data: { history: [] } },
      'GET /orders/order-5': { data: { order } },
      'GET /orders/order-5/shipment': () => ({ data: { shipment: stored } }),
      'POST /orders/order-5/shipment': () => {
        stored = shipment('created');
        return { data: { shipment: stored } };
      },
      'POST /orders/order-5/shipment/dispatch': () => {
        stored = shipment('dispatched', [{ at: '2026-11-21T10:00:00.000Z', description: 'Ingreso al circuito operativo', code: '5' }]);
        return { data: { shipment: stored } };
      },
      'DELETE /orders/order-5/shipment': { status: 409, data: { message: 'El correo no permitió cancelar este envío' } },
    });
    renderApp(<OrderDetailPage />, { route: '/orders/order-5', path: '/orders/:id' });
    const card = await screen.findByTestId('order-shipment');
    const user = userEvent.setup();
    await user.click(await within(card).findByRole('button', { name: 'Crear envío' }));
    const link = await within(card).findByTestId('shipment-tracking-number');
    expect(link).toHaveTextContent('360000100000123');
    expect(link).toHaveAttribute('href', expect.stringContaining('andreani.com'));
    expect(within(card).getByTestId('shipment-status')).toHaveTextContent('Etiqueta lista');
    expect(within(card).getByRole('button', { name: 'Descargar etiqueta (A4)' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Descargar etiqueta (10 × 15 cm)' })).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Cancelar envío' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('El correo no permitió cancelar este envío');

    await user.click(within(card).getByRole('button', { name: 'Marcar despachado' }));
    await waitFor(() => expect(within(card).getByTestId('shipment-status')).toHaveTextContent('Despachado'));
    expect(within(card).getByText('Ingreso al circuito operativo')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Cancelar envío' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      '/orders/order-5/shipment',
      '/orders/order-5/shipment/dispatch',
    ]);
  });

  it('an unpaid carrier order offers no "Crear envío"; other orders have no shipment card', async () => {
    signInStorage();
    mockApi({
      'GET /orders/order-6/history': { data: { history: [] } },
      'GET /orders/order-6': { data: { order: carrierOrder(6, { status: 'pending_manual', paidAt: null }) } },
      'GET /orders/order-6/shipment': { data: { shipment: null } },
    });
    renderApp(<OrderDetailPage />, { route: '/orders/order-6', path: '/orders/:id' });
    const card = await screen.findByTestId('order-shipment');
    expect(await within(card).findByText('El envío se crea cuando la orden está pagada.')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Crear envío' })).not.toBeInTheDocument();
  });
});

describe('orders list: shipments in bulk', () => {
  it('ticks carrier orders only, creates their shipments and names the one refused', async () => {
    signInStorage();
    const orders = [carrierOrder(1), carrierOrder(2), orderFixture(3)];
    const calls = mockApi({
      'GET /orders': () => ({ data: { orders, totalOrders: 3, totalPages: 1, page: 1 } }),
      'GET /orders/summary': () => summaryAnswer(3, 45000),
      'POST /orders/order-1/shipment': { data: { shipment: shipment('created') } },
      'POST /orders/order-2/shipment': { status: 409, data: { message: 'La orden todavía no está pagada (estado: Pendiente)' } },
    });
    renderApp(<OrderListPage />, { route: '/orders' });
    const boxes = await screen.findAllByRole('checkbox', { name: /Envío por correo/ });
    expect(boxes).toHaveLength(2);
    expect(screen.queryByTestId('shipments-bar')).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(boxes[0]!);
    await user.click(boxes[1]!);
    const bar = await screen.findByTestId('shipments-bar');
    expect(bar).toHaveTextContent('2 órdenes seleccionadas');
    await user.click(within(bar).getByRole('button', { name: /Crear envíos/ }));
    const alert = await within(bar).findByRole('alert');
    expect(alert).toHaveTextContent('1 envíos creados');
    expect(alert).toHaveTextContent(`#${orders[1]!.orderNumber}: La orden todavía no está pagada`);
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/orders/order-1/shipment', '/orders/order-2/shipment']);
  });
});
