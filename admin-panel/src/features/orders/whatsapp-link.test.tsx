import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { DEFAULT_WHATSAPP_TEMPLATES, type Order } from '@shop/shared';
import { renderApp, signInStorage } from '@/test/render';
import { mockApi } from '@/test/mock-api';
import { contentFixture, orderFixture } from '@/test/fixtures';
import { OrderDetailPage } from './order-detail-page';
import { OrderQuickView } from './order-quick-view';

const content = contentFixture();
content.whatsapp.paid = 'Hola {nombre}, tu pedido #{pedido} de {total} está pagado. {desconocido}';
content.whatsapp.proofMissing = 'Hola {nombre}: {motivo}';

function routes(order: Order, history: unknown[] = []) {
  return {
    'GET /content': () => ({ data: { content } }),
    [`GET /orders/${order._id}`]: () => ({ data: { order } }),
    [`GET /orders/${order._id}/history`]: () => ({ data: { history } }),
  };
}

/** The chat the link opens: its number and its decoded text. */
function chatOf(link: HTMLElement) {
  const url = new URL(link.getAttribute('href') ?? '');
  return { host: url.host, number: url.pathname.slice(1), text: url.searchParams.get('text') };
}

describe("'Escribir por WhatsApp'", () => {
  it('on the order detail opens the chat with the normalised phone and the message for the status', async () => {
    signInStorage();
    const order = orderFixture(7, {
      status: 'paid',
      total: 23500,
      shippingInfo: { ...orderFixture(7).shippingInfo, fullName: 'Valentina Ríos', phone: '0299 15-555-1234' },
    });
    mockApi(routes(order));
    renderApp(<OrderDetailPage />, { route: `/orders/${order._id}`, path: '/orders/:id' });
    await screen.findByRole('heading', { name: 'Orden #JL-20260115-0007' });
    const link = await screen.findByRole('link', { name: /Escribir por WhatsApp/ });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toMatch(/noopener/);
    await vi.waitFor(() =>
      expect(chatOf(link)).toEqual({
        host: 'wa.me',
        number: '5492995551234',
        text: 'Hola Valentina, tu pedido #JL-20260115-0007 de $23.500 está pagado. {desconocido}',
      }),
    );
  });

  it('after a rejected proof the message carries the reason from the history', async () => {
    signInStorage();
    const order = orderFixture(8, { status: 'pending_transfer_proof', paymentMethod: 'transfer' });
    const history = [
      {
        at: '2026-01-15T12:00:00.000Z',
        from: null,
        to: 'pending_transfer_confirmation',
        by: { kind: 'system', id: null, name: 'sistema' },
        note: null,
      },
      {
        at: '2026-01-15T13:00:00.000Z',
        from: 'pending_transfer_confirmation',
        to: 'pending_transfer_proof',
        by: { kind: 'staff', id: 1, name: 'jazmin' },
        note: 'El comprobante es de otro pedido',
      },
    ];
    mockApi(routes(order, history));
    renderApp(<OrderDetailPage />, { route: `/orders/${order._id}`, path: '/orders/:id' });
    const link = await screen.findByRole('link', { name: /Escribir por WhatsApp/ });
    await vi.waitFor(() => expect(chatOf(link).text).toBe('Hola Cliente: El comprobante es de otro pedido'));
  });

  it('for a Mercado Pago order waiting for its payment uses the received message, with its status in Spanish', async () => {
    signInStorage();
    const received = contentFixture();
    received.whatsapp.received = 'Hola {nombre}, tu pedido #{pedido} está en {estado}.';
    const order = orderFixture(12, { paymentMethod: 'mercadopago', status: 'pending_payment' });
    mockApi({ ...routes(order), 'GET /content': () => ({ data: { content: received } }) });
    renderApp(<OrderDetailPage />, { route: `/orders/${order._id}`, path: '/orders/:id' });
    const link = await screen.findByRole('link', { name: /Escribir por WhatsApp/ });
    await vi.waitFor(() => expect(chatOf(link).text).toBe('Hola Cliente, tu pedido #JL-20260115-0012 está en Pendiente (Mercado Pago).'));
  });

  it('is disabled with the reason when the phone cannot be an Argentine mobile', async () => {
    signInStorage();
    const order = orderFixture(9, { shippingInfo: { ...orderFixture(9).shippingInfo, phone: '555-1234' } });
    mockApi(routes(order));
    renderApp(<OrderDetailPage />, { route: `/orders/${order._id}`, path: '/orders/:id' });
    const button = await screen.findByRole('button', { name: /Escribir por WhatsApp/ });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(/«555-1234» no es un celular argentino válido/);
    expect(screen.queryByRole('link', { name: /Escribir por WhatsApp/ })).not.toBeInTheDocument();
  });

  it('on the quick view uses the template of a confirmed pickup order (defaults while content is missing)', async () => {
    signInStorage();
    const order = orderFixture(10, {
      status: 'confirmado',
      deliveryType: 'pickup',
      meetingPoint: { id: 'plaza', title: 'Plaza Huincul', address: 'Av. Argentina 100', schedule: '' },
      shippingInfo: { ...orderFixture(10).shippingInfo, phone: '+54 9 11 2345-6789' },
    });
    mockApi({});
    renderApp(<OrderQuickView order={order} updating={false} onStatusChange={() => undefined} onClose={() => undefined} />);
    const dialog = await screen.findByTestId('order-quick-view');
    const link = within(dialog).getByRole('link', { name: /Escribir por WhatsApp/ });
    expect(link).toHaveAttribute('target', '_blank');
    expect(chatOf(link)).toEqual({
      host: 'wa.me',
      number: '5491123456789',
      text: DEFAULT_WHATSAPP_TEMPLATES.readyForPickup
        .replace('{nombre}', 'Cliente')
        .replace('{pedido}', order.orderNumber)
        .replace('{entrega}', 'Plaza Huincul (Av. Argentina 100)'),
    });
  });
});
