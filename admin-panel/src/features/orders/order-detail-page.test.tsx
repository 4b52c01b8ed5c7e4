import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order } from '@shop/shared';
import { renderApp, signInStorage } from '@/test/render';
import { mockApi, type MockHandler, type MockReply, type MockRoutes } from '@/test/mock-api';
import { orderFixture } from '@/test/fixtures';
import { OrderDetailPage } from './order-detail-page';

/** A tiny server: GET answers the stored order; `extra` routes may replace it (as the real API does). */
function setup(order: Order | null, extra: MockRoutes = {}) {
  signInStorage();
  let stored = order;
  const remember = (reply: MockReply): MockReply => {
    const data: unknown = reply === 'network' ? null : reply.data;
    if (typeof data === 'object' && data !== null && 'order' in data && typeof data.order === 'object' && data.order !== null) {
      stored = { ...(stored ?? orderFixture(0)), ...data.order };
    }
    return reply;
  };
  const calls = mockApi({
    'GET /orders/*': () => (stored ? { data: { order: stored } } : { status: 404, data: { message: 'Orden no encontrada' } }),
    ...Object.fromEntries(
      Object.entries(extra).map(([route, handler]): [string, MockHandler] => [
        route,
        async (request) => remember(typeof handler === 'function' ? await handler(request) : handler),
      ]),
    ),
  });
  renderApp(<OrderDetailPage />, { route: `/orders/${order?._id ?? 'missing'}`, path: '/orders/:id' });
  return { calls, user: userEvent.setup() };
}

describe('order detail', () => {
  it('offers Mercado Pago’s wait only to Mercado Pago orders', async () => {
    const cash = orderFixture(8);
    setup(cash);
    const select = await screen.findByLabelText('Nuevo estado');
    const values = within(select)
      .getAllByRole('option')
      .map((o) => (o as HTMLOptionElement).value);
    expect(values).toContain('paid');
    expect(values).not.toContain('pending_payment');
  });

  it('a Mercado Pago order may go back to waiting for its payment', async () => {
    setup({ ...orderFixture(9), paymentMethod: 'mercadopago', status: 'paid' });
    const select = await screen.findByLabelText('Nuevo estado');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => (o as HTMLOptionElement).value),
    ).toContain('pending_payment');
  });

  it('shows totals with free shipping and warns before changing the status', async () => {
    const order = orderFixture(7);
    const { user, calls } = setup(order, {
      [`PUT /orders/${order._id}/status`]: () => ({ data: { order: { ...order, status: 'paid', updatedAt: '2026-01-15T13:00:00.000Z' } } }),
    });
    expect(await screen.findByRole('heading', { name: 'Orden #JL-20260115-0007' })).toBeInTheDocument();
    expect(screen.getByText('Gratis')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Actualizar Orden' })).toBeDisabled();

    await user.selectOptions(screen.getByLabelText('Nuevo estado'), 'paid');
    expect(screen.getByText('Cambiarás el estado de Pendiente (Efectivo) a Pagado')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Actualizar Orden' }));

    expect(await screen.findByText('Orden actualizada exitosamente!')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ status: 'paid' });
    // the saved status is now the current one: no warning, no 'Confirmar Orden'
    expect(screen.queryByText(/Cambiarás el estado/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirmar Orden' })).not.toBeInTheDocument();
  });

  it('asks for the reason the shopper is told only when cancelling, refunding or asking for the proof again', async () => {
    const order = orderFixture(8);
    const { user, calls } = setup(order, {
      [`PUT /orders/${order._id}/status`]: () => ({ data: { order: { ...order, status: 'cancelled' } } }),
    });
    await screen.findByRole('heading', { name: 'Orden #JL-20260115-0008' });
    await user.selectOptions(screen.getByLabelText('Nuevo estado'), 'paid');
    expect(screen.queryByLabelText(/Motivo/)).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Nuevo estado'), 'cancelled');
    await user.type(screen.getByLabelText(/Motivo/), '  Sin stock del talle  ');
    await user.click(screen.getByRole('button', { name: 'Actualizar Orden' }));
    expect(await screen.findByText('Orden actualizada exitosamente!')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      status: 'cancelled',
      reason: 'Sin stock del talle',
      adminNotes: order.adminNotes ?? undefined,
    });
    expect(screen.queryByLabelText(/Motivo/)).not.toBeInTheDocument();
  });

  it("confirms a pending cash order with 'Confirmar Orden'", async () => {
    const order = orderFixture(8);
    const { user, calls } = setup(order, {
      [`PATCH /orders/${order._id}/confirm`]: () => ({ data: { success: true, order: { ...order, status: 'confirmado' } } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Confirmar Orden' }));
    expect(await screen.findByText('Orden confirmada exitosamente!')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Confirmar Orden' })).not.toBeInTheDocument();
  });

  it('shows the confirm error text', async () => {
    const order = orderFixture(9);
    const { user } = setup(order, {
      [`PATCH /orders/${order._id}/confirm`]: () => ({
        status: 400,
        data: { success: false, error: 'La orden ya fue confirmada', message: 'La orden ya fue confirmada' },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Confirmar Orden' }));
    expect(await screen.findByText('Error confirmando la orden: La orden ya fue confirmada')).toBeInTheDocument();
  });

  it('says when a transfer came without proof', async () => {
    setup(orderFixture(10, { paymentMethod: 'transfer', status: 'pending_transfer_proof' }));
    const payment = await screen.findByTestId('payment-panel');
    expect(within(payment).getByText('Transferencia Bancaria')).toBeInTheDocument();
    expect(within(payment).getByText('No se adjuntó comprobante de transferencia.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirmar Orden' })).not.toBeInTheDocument();
  });

  it('links the transfer proof at full size', async () => {
    setup(
      orderFixture(11, {
        paymentMethod: 'transfer',
        status: 'pending_transfer_confirmation',
        transferProofUrl: '/uploads/comprobante.webp',
      }),
    );
    const links = await screen.findAllByRole('link', { name: /comprobante/i });
    expect(links.every((l) => l.getAttribute('href') === '/uploads/comprobante.webp' && l.getAttribute('target') === '_blank')).toBe(true);
  });

  it("shows 'Orden no encontrada' for an unknown id", async () => {
    setup(null);
    expect(await screen.findByText('Orden no encontrada')).toBeInTheDocument();
  });

  it('shows every recorded status change in the timeline, in order, with who, when, from → to and the note', async () => {
    const order = orderFixture(11, {
      paymentMethod: 'transfer',
      status: 'paid',
      paidAt: '2026-01-16T15:00:00.000Z',
      updatedAt: '2026-01-16T15:00:00.000Z',
    });
    const history = [
      {
        at: '2026-01-15T14:00:00.000Z',
        from: 'pending_transfer_proof',
        to: 'cancelled',
        by: { kind: 'system', id: null, name: 'sistema' },
        note: 'Cancelada automáticamente: la reserva venció',
      },
      {
        at: '2026-01-16T15:00:00.000Z',
        from: 'cancelled',
        to: 'paid',
        by: { kind: 'staff', id: 1, name: 'vero' },
        note: 'Pagó en el local',
      },
    ];
    const { calls } = setup(order, { [`GET /orders/${order._id}/history`]: () => ({ data: { history } }) });
    const timeline = await screen.findByTestId('order-timeline');
    expect(await within(timeline).findByText('Pendiente (Falta Comprobante) → Cancelado')).toBeInTheDocument();
    const items = within(timeline)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      'Orden creada15/01/2026, 09:00',
      'Pendiente (Falta Comprobante) → Cancelado15/01/2026, 11:00 · por Sistema (automático)Cancelada automáticamente: la reserva venció',
      'Cancelado → Pagado16/01/2026, 12:00 · por veroPagó en el local',
      'Última actualización16/01/2026, 12:00',
      'Pago confirmado16/01/2026, 12:00',
    ]);
    expect(calls.some((c) => c.url === `/orders/${order._id}/history`)).toBe(true);
  });

  it('keeps the timeline and offers a retry when the history cannot be loaded', async () => {
    const order = orderFixture(12, { reservedUntil: '2026-01-17T12:00:00.000Z' });
    setup(order, { [`GET /orders/${order._id}/history`]: () => ({ status: 500, data: { message: 'Error interno' } }) });
    const timeline = await screen.findByTestId('order-timeline');
    expect(await within(timeline).findByRole('alert')).toBeInTheDocument();
    expect(within(timeline).getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
    expect(within(timeline).getByText('Orden creada')).toBeInTheDocument();
    expect(screen.getByTestId('reserved-until')).toHaveTextContent('17/01/2026, 09:00');
  });

  it('shows the zone a delivery was priced with, or the meeting point of a pickup', async () => {
    const delivery = orderFixture(21, {
      deliveryType: 'delivery',
      shippingCost: 2000,
      zone: { id: 'centro', name: 'Centro', cost: 2000 },
      shippingInfo: { ...orderFixture(21).shippingInfo, address: 'San Martín 123', postalCode: '8300' },
    });
    setup(delivery);
    const card = await screen.findByRole('region', { name: 'Dirección de envío' });
    expect(within(card).getByText('San Martín 123')).toBeInTheDocument();
    expect(within(card).getByTestId('order-zone')).toHaveTextContent('Zona CentroCosto de envío de la zona: $2.000');
  });

  it('shows the carrier, service, days, price, branch and address of a national order', async () => {
    const national = orderFixture(23, {
      deliveryType: 'carrier',
      shippingCost: 6200,
      nationalShipping: {
        carrier: 'andreani',
        service: 'Estándar',
        serviceCode: 'estandar-sucursal',
        type: 'branch',
        price: 6200,
        days: { min: 3, max: 6 },
        branch: { id: 'CBA-01', name: 'Córdoba Centro', address: 'Av. Colón 500, Córdoba', hours: 'Lun a Vie 09:00 a 18:00' },
        address: { street: 'Bv. San Juan', number: '450', floor: '3', locality: 'Córdoba', province: 'AR-X', postalCode: '5000' },
      },
    });
    setup(national);
    const card = await screen.findByRole('region', { name: 'Envío a todo el país' });
    expect(within(card).getByTestId('order-national-shipping')).toHaveTextContent(
      'Andreani Estándar, a sucursal: 3 a 6 días hábiles · $6.200Sucursal Córdoba Centro: Av. Colón 500, CórdobaBv. San Juan 450 piso 3, Córdoba, Córdoba, CP 5000',
    );
    expect(within(card).queryByText('Retiro en punto de encuentro')).not.toBeInTheDocument();
  });

  it('shows the meeting point of a pickup with its address and schedule', async () => {
    const pickup = orderFixture(22, {
      meetingPoint: { id: 'plaza', title: 'Plaza Huincul', address: 'Av. Argentina 100', schedule: 'Lunes a viernes de 10 a 18' },
    });
    setup(pickup);
    const card = await screen.findByRole('region', { name: 'Entrega' });
    expect(within(card).getByTestId('order-meeting-point')).toHaveTextContent('Retiro en Plaza HuinculAv. Argentina 100');
    expect(within(card).getByText('Lunes a viernes de 10 a 18')).toBeInTheDocument();
    expect(within(card).queryByTestId('order-zone')).not.toBeInTheDocument();
  });
});
