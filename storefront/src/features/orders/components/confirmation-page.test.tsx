import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Order } from '@shop/shared';
import { makeContent, makeOrder, makeOrderLine, makeTrackedCard, makeZonedContent } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import ConfirmationPage from './confirmation-page';

/** The order's one line as tracking answers it (the one order line without ids and SKU, with price). */
const { productId: _productId, ...orderLine } = makeOrderLine();
const TRACKED_LINE = { ...orderLine, image: null };

const order = makeOrder({
  paymentMethod: 'transfer',
  deliveryType: 'delivery',
  status: 'pending_transfer_confirmation',
  shippingCost: 3000,
  total: 39000,
});
const route = `/order-confirmation/${order.orderNumber}`;
const path = '/order-confirmation/:orderNumber';

/** The page as the checkout opens it: the order and the shopper's choices come in the navigation state. */
function renderFromCheckout(state: { order: Order; paymentMethod: string; wantsShipping: boolean; transferProof: string | null }) {
  return renderWithApp(<ConfirmationPage />, { route, path, state });
}

describe('order confirmation', () => {
  it('renders the order from navigation state', async () => {
    const requests = mockApi({ 'GET /content': { status: 200, data: { content: makeContent() } } });
    renderFromCheckout({ order, paymentMethod: 'transfer', wantsShipping: true, transferProof: '/uploads/p.png' });
    expect(screen.getByRole('heading', { name: '¡Pedido confirmado!' })).toBeInTheDocument();
    expect(screen.getByTestId('order-number')).toHaveTextContent(order.orderNumber);
    expect(screen.getByRole('button', { name: /Copiar/ })).toBeInTheDocument();
    expect(screen.getByTestId('proof-flag')).toHaveTextContent('Comprobante de transferencia recibido.');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('$39.000');
    expect(screen.getByRole('heading', { name: '¿Qué sigue?' })).toBeInTheDocument();
    expect(requests.some((r) => r.url.startsWith('/orders'))).toBe(false);
  });

  it('states the total without national taxes the order kept (Ley 27.743), and no figure for an order without it', async () => {
    mockApi({ 'GET /content': { status: 200, data: { content: makeContent() } } });
    const withNet = { ...order, netTotal: 32231 };
    const view = renderFromCheckout({ order: withNet, paymentMethod: 'transfer', wantsShipping: true, transferProof: null });
    expect(screen.getByTestId('summary-net-total')).toHaveTextContent('Precio sin impuestos nacionales: $32.231');
    view.unmount();
    renderFromCheckout({ order: { ...order, netTotal: null }, paymentMethod: 'transfer', wantsShipping: true, transferProof: null });
    expect(screen.queryByTestId('summary-net-total')).not.toBeInTheDocument();
  });

  it('loads the order by its remembered id after a reload', async () => {
    sessionStorage.setItem('lastOrder', JSON.stringify({ id: order._id, orderNumber: order.orderNumber }));
    const requests = mockApi({
      'GET /content': { status: 200, data: { content: makeContent() } },
      'GET /orders/o1': { status: 200, data: { order } },
    });
    renderWithApp(<ConfirmationPage />, { route, path });
    expect(screen.getByText('Cargando información de la orden...')).toBeInTheDocument();
    expect(await screen.findByTestId('order-number')).toHaveTextContent(order.orderNumber);
    expect(requests.map((r) => r.url)).toContain('/orders/o1');
  });

  it('falls back to the tracking card by number and the remembered e-mail when the id no longer answers', async () => {
    sessionStorage.setItem('lastOrder', JSON.stringify({ id: order._id, orderNumber: order.orderNumber, contact: 'ana@example.com' }));
    const card = makeTrackedCard({
      orderNumber: order.orderNumber,
      status: order.status,
      deliveryType: 'delivery',
      paymentMethod: 'transfer',
      subtotal: order.subtotal,
      shippingCost: order.shippingCost,
      total: order.total,
      createdAt: order.createdAt,
      updatedAt: order.updatedAt,
      items: [TRACKED_LINE],
      delivery: { city: 'Neuquén', postalCode: '8300', zoneName: null },
    });
    const requests = mockApi({
      'GET /content': { status: 200, data: { content: makeContent() } },
      'GET /orders/o1': { status: 404, data: { message: 'Orden no encontrada' } },
      'GET /orders/by-number/*': { status: 200, data: { order: card, contactMatched: true } },
    });
    renderWithApp(<ConfirmationPage />, { route, path });
    expect(await screen.findByTestId('order-number')).toHaveTextContent(order.orderNumber);
    expect(screen.getByText('Gracias por tu compra, Ana.')).toBeInTheDocument();
    expect(screen.getByText('Conjunto Encaje Rosa')).toBeInTheDocument();
    expect(screen.getByTestId('summary-total')).toHaveTextContent('$39.000');
    const lookup = requests.find((r) => r.url === `/orders/by-number/${order.orderNumber}`);
    expect(lookup?.params).toEqual({ contact: 'ana@example.com' });
  });

  it("shows a home delivery's zone, with the zone's delivery time", async () => {
    mockApi({ 'GET /content': { status: 200, data: { content: makeZonedContent() } } });
    const zoned = makeOrder({ deliveryType: 'delivery', zone: { id: 'oeste', name: 'Neuquén Oeste', cost: 3500 }, shippingCost: 3500 });
    renderFromCheckout({ order: zoned, paymentMethod: 'cash', wantsShipping: true, transferProof: null });
    const delivery = screen.getByTestId('confirmation-delivery');
    expect(within(delivery).getByRole('heading', { name: 'Envío a domicilio' })).toBeInTheDocument();
    expect(within(delivery).getByTestId('confirmation-zone')).toHaveTextContent('Zona: Neuquén Oeste');
    expect(await within(delivery).findByText('Entrega estimada: 2 a 3 días hábiles.')).toBeInTheDocument();
  });

  it('shows the meeting point the order was placed for, not the first one of today', async () => {
    mockApi({ 'GET /content': { status: 200, data: { content: makeZonedContent() } } });
    const pickup = makeOrder({
      meetingPoint: { id: 'shopping', title: 'Shopping Alto Comahue', address: 'Antártida Argentina 1111', schedule: 'Sábados de 11 a 20' },
    });
    renderFromCheckout({ order: pickup, paymentMethod: 'cash', wantsShipping: false, transferProof: null });
    const delivery = screen.getByTestId('confirmation-delivery');
    expect(within(delivery).getByRole('heading', { name: 'Shopping Alto Comahue' })).toBeInTheDocument();
    expect(delivery).toHaveTextContent('Antártida Argentina 1111');
    expect(delivery).toHaveTextContent('Sábados de 11 a 20');
    expect(delivery).toHaveTextContent('Sin costo de envío.');
    expect(screen.queryByTestId('confirmation-zone')).not.toBeInTheDocument();
  });

  it('redirects home when this tab knows nothing of the order', async () => {
    const requests = mockApi({ 'GET /content': { status: 200, data: { content: makeContent() } } });
    renderWithApp(<ConfirmationPage />, { route, path });
    expect(await screen.findByTestId('elsewhere')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(requests.some((r) => r.url.startsWith('/orders'))).toBe(false);
  });

  it('tells the shopper until when an unpaid order is held, and nothing once it is not', async () => {
    mockApi({ 'GET /content': { status: 200, data: { content: makeContent() } } });
    const held = makeOrder({ paymentMethod: 'transfer', status: 'pending_transfer_proof', reservedUntil: '2025-03-12T21:30:00.000Z' });
    const view = renderFromCheckout({ order: held, paymentMethod: 'transfer', wantsShipping: false, transferProof: null });
    const notice = screen.getByTestId('hold-notice');
    expect(notice).toHaveTextContent(
      'Reservamos tus productos hasta el miércoles 12 de marzo, 18:30 (hora de Argentina). Si para entonces no recibimos el comprobante de tu transferencia, el pedido se cancela automáticamente',
    );
    expect(notice.querySelector('time')?.getAttribute('datetime')).toBe('2025-03-12T21:30:00.000Z');
    view.unmount();
    renderFromCheckout({ order: { ...held, reservedUntil: null }, paymentMethod: 'transfer', wantsShipping: false, transferProof: null });
    expect(screen.queryByTestId('hold-notice')).not.toBeInTheDocument();
  });

  it('offers the link to pay a Mercado Pago order that waits for its payment, and its steps', async () => {
    mockApi({ 'GET /content': { status: 200, data: { content: makeContent() } } });
    const checkoutUrl = 'https://www.mercadopago.com.ar/checkout/v1/redirect?pref_id=123-abc';
    const waiting = makeOrder({
      paymentMethod: 'mercadopago',
      status: 'pending_payment',
      reservedUntil: '2025-03-12T21:30:00.000Z',
      payment: { provider: 'mercadopago', checkoutUrl, paymentId: null, paymentStatus: null, installments: null },
    });
    renderFromCheckout({ order: waiting, paymentMethod: 'mercadopago', wantsShipping: false, transferProof: null });
    expect(screen.getByText('Pendiente (Mercado Pago)')).toBeInTheDocument();
    const link = within(screen.getByTestId('confirmation-pay')).getByRole('link', { name: 'Pagar con Mercado Pago' });
    expect(link).toHaveAttribute('href', checkoutUrl);
    expect(link).not.toHaveAttribute('target');
    expect(screen.getByTestId('hold-notice')).toHaveTextContent('Si para entonces no se acredita tu pago con Mercado Pago');
    expect(screen.queryByTestId('proof-flag')).not.toBeInTheDocument();
    expect(screen.queryByTestId('bank-details')).not.toBeInTheDocument();
    const next = screen.getByRole('heading', { name: '¿Qué sigue?' }).closest('section') as HTMLElement;
    const steps = within(next).getAllByRole('listitem');
    expect(steps[0]).toHaveTextContent('Completá el pago en Mercado Pago con tarjeta de crédito, débito o dinero en cuenta.');
  });

  it('says a paid Mercado Pago order is paid, with its installments, and offers no link', async () => {
    mockApi({ 'GET /content': { status: 200, data: { content: makeContent() } } });
    const paid = makeOrder({
      paymentMethod: 'mercadopago',
      status: 'paid',
      payment: {
        provider: 'mercadopago',
        checkoutUrl: 'https://mp.example/pay',
        paymentId: '123',
        paymentStatus: 'approved',
        installments: 3,
      },
    });
    renderFromCheckout({ order: paid, paymentMethod: 'mercadopago', wantsShipping: false, transferProof: null });
    expect(screen.getByTestId('confirmation-paid')).toHaveTextContent('Pago aprobado por Mercado Pago en 3 cuotas.');
    expect(screen.queryByRole('link', { name: 'Pagar con Mercado Pago' })).not.toBeInTheDocument();
    const next = screen.getByRole('heading', { name: '¿Qué sigue?' }).closest('section') as HTMLElement;
    const steps = within(next).getAllByRole('listitem');
    expect(steps[0]).toHaveTextContent('Mercado Pago nos confirmó tu pago.');
  });

  it("after a reload takes the link to pay from the tracking card when the order's id no longer answers", async () => {
    sessionStorage.setItem('lastOrder', JSON.stringify({ id: order._id, orderNumber: order.orderNumber, contact: 'ana@example.com' }));
    const checkoutUrl = 'https://www.mercadopago.com.ar/checkout/v1/redirect?pref_id=123-abc';
    const card = makeTrackedCard({
      orderNumber: order.orderNumber,
      status: 'pending_payment',
      paymentMethod: 'mercadopago',
      reservedUntil: '2025-03-12T21:30:00.000Z',
      createdAt: order.createdAt,
      updatedAt: order.updatedAt,
      items: [TRACKED_LINE],
      delivery: { city: null, postalCode: null, zoneName: null },
      checkoutUrl,
    });
    mockApi({
      'GET /content': { status: 200, data: { content: makeContent() } },
      'GET /orders/o1': { status: 404, data: { message: 'Orden no encontrada' } },
      'GET /orders/by-number/*': { status: 200, data: { order: card, contactMatched: true } },
    });
    renderWithApp(<ConfirmationPage />, { route, path });
    expect(await screen.findByRole('link', { name: 'Pagar con Mercado Pago' })).toHaveAttribute('href', checkoutUrl);
  });
});
