import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Order } from '@shop/shared';
import { renderApp, signInStorage } from '@/test/render';
import { mockApi } from '@/test/mock-api';
import { orderFixture } from '@/test/fixtures';
import { OrderSlipPage } from './order-slip-page';

function open(order: Order | null) {
  signInStorage();
  mockApi({
    'GET /orders/*': () => (order ? { data: { order } } : { status: 404, data: { message: 'Orden no encontrada' } }),
  });
  renderApp(<OrderSlipPage />, { route: `/orders/${order?._id ?? 'nope'}/remito`, path: '/orders/:id/remito' });
}

describe('packing slip (Remito)', () => {
  it('lists a home delivery with its zone, address, lines and the cash to collect', async () => {
    open(
      orderFixture(7, {
        deliveryType: 'delivery',
        zone: { id: 'oeste', name: 'Oeste', cost: 3500 },
        shippingInfo: { ...orderFixture(7).shippingInfo, address: 'Belgrano 1234', postalCode: '8300', notes: 'Timbre 2B' },
        items: [
          { productId: 'p1', title: 'Conjunto Encaje', image: null, quantity: 2, price: 15000, size: 'M', color: 'Negro' },
          { productId: 'p2', title: 'Bombacha Algodón', image: null, quantity: 1, price: 6000, size: null, color: null },
        ],
        total: 39500,
      }),
    );
    const slip = await screen.findByTestId('order-slip');
    expect(within(slip).getByRole('heading', { level: 1 })).toHaveTextContent('Remito · Pedido #JL-20260115-0007');
    expect(slip).toHaveTextContent('Envío a domicilio · zona Oeste');
    expect(slip).toHaveTextContent('Belgrano 1234');
    expect(slip).toHaveTextContent('Neuquén · CP 8300');
    expect(slip).toHaveTextContent('Timbre 2B');
    const lines = within(slip).getAllByTestId('slip-line');
    // Orders placed before variants have no SKU (—).
    expect(lines.map((l) => l.textContent)).toEqual(['Conjunto EncajeMNegro—2☐', 'Bombacha Algodón———1☐']);
    expect(slip).toHaveTextContent('3 unidades');
    expect(within(slip).getByTestId('slip-collect')).toHaveTextContent('A cobrar: $39.500');
    expect(screen.getByRole('button', { name: 'Imprimir' })).toBeEnabled();
  });

  it('names the meeting point of a pickup, and collects nothing on a paid order', async () => {
    open(
      orderFixture(8, {
        paymentMethod: 'transfer',
        status: 'paid',
        meetingPoint: { id: 'plaza', title: 'Plaza Roca', address: 'Av. Argentina 100', schedule: 'Lun a Vie 17 a 20' },
      }),
    );
    const slip = await screen.findByTestId('order-slip');
    expect(slip).toHaveTextContent('Retiro en Plaza Roca');
    expect(slip).toHaveTextContent('Av. Argentina 100');
    expect(slip).toHaveTextContent('Lun a Vie 17 a 20');
    expect(within(slip).getByTestId('slip-collect')).toHaveTextContent('Pagado: no se cobra nada al entregar');
  });

  it('names the payment method, and does not call an unpaid Mercado Pago order paid', async () => {
    open(orderFixture(9, { paymentMethod: 'mercadopago', status: 'pending_payment' }));
    const slip = await screen.findByTestId('order-slip');
    expect(within(slip).getByTestId('slip-payment')).toHaveTextContent('Mercado Pago');
    expect(slip).toHaveTextContent('Pendiente (Mercado Pago)');
    expect(within(slip).getByTestId('slip-collect')).toHaveTextContent(
      'Pago pendiente (Mercado Pago): no se cobra al entregar; no lo entregues hasta que se acredite',
    );
  });

  it('collects nothing on a paid Mercado Pago order', async () => {
    open(orderFixture(10, { paymentMethod: 'mercadopago', status: 'paid', paidAt: '2026-01-15T12:10:00.000Z' }));
    const slip = await screen.findByTestId('order-slip');
    expect(within(slip).getByTestId('slip-payment')).toHaveTextContent('Mercado Pago');
    expect(within(slip).getByTestId('slip-collect')).toHaveTextContent('Pagado: no se cobra nada al entregar');
  });

  it('says so when the order does not exist', async () => {
    open(null);
    expect(await screen.findByText('Orden no encontrada')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Imprimir' })).toBeDisabled();
  });
});
