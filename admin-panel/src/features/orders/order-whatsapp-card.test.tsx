import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { ApiUser, Order, WhatsappMessage } from '@shop/shared';
import { ADMIN_USER, renderApp, signInStorage } from '@/test/render';
import { mockApi, type MockHandler } from '@/test/mock-api';
import { orderFixture } from '@/test/fixtures';
import { whatsappPollInterval, whatsappQueries } from './api/order-whatsapp';
import { OrderDetailPage } from './order-detail-page';

const message = (overrides: Partial<WhatsappMessage> = {}): WhatsappMessage => ({
  id: 1,
  direction: 'out',
  phone: '5492995550000',
  step: 'order_received',
  orderId: 'order-4',
  orderNumber: 'JL-20260115-0004',
  kind: 'template',
  templateName: 'pedido_recibido',
  text: 'Ana · JL-20260115-0004 · $15.000',
  status: 'delivered',
  error: null,
  createdAt: '2026-01-15T12:01:00.000Z',
  sentAt: '2026-01-15T12:01:02.000Z',
  deliveredAt: '2026-01-15T12:01:05.000Z',
  readAt: null,
  ...overrides,
});

const FAILED = message({
  id: 2,
  step: 'paid',
  templateName: 'pago_confirmado',
  status: 'failed',
  error: 'El número no tiene WhatsApp o no puede recibir mensajes',
  createdAt: '2026-01-15T13:00:00.000Z',
  sentAt: null,
  deliveredAt: null,
});

/** The order page of `order` for a staff member of `role`, its WhatsApp messages answered by `whatsapp`. */
function setup(order: Order, whatsapp: MockHandler, role: ApiUser['staffRole'] = 'sales') {
  signInStorage({ ...ADMIN_USER, staffRole: role });
  const calls = mockApi({
    [`GET /orders/${order._id}/history`]: { data: { history: [] } },
    [`GET /orders/${order._id}`]: { data: { order } },
    [`GET /orders/${order._id}/invoice`]: { data: { invoice: { status: 'not_invoiced' }, creditNote: null } },
    [`GET /orders/${order._id}/whatsapp`]: whatsapp,
  });
  const { client } = renderApp(<OrderDetailPage />, { route: `/orders/${order._id}`, path: '/orders/:id' });
  return { calls, client };
}

const asked = (calls: { method: string; url: string }[], id: string) =>
  calls.filter((c) => c.method === 'GET' && c.url === `/orders/${id}/whatsapp`).length;

afterEach(() => {
  vi.useRealTimers();
});

describe('order detail: the WhatsApp card', () => {
  it('lists each step with its template, time and receipt; a failed one says "no enviado" and why', async () => {
    setup(orderFixture(4, { whatsappOptIn: true }), {
      data: {
        messages: [
          message(),
          FAILED,
          message({ id: 3, direction: 'in', step: null, kind: 'text', templateName: null, text: '¡Gracias!', status: 'read' }),
        ],
      },
    });
    const card = await screen.findByTestId('order-whatsapp');
    expect(within(card).getByRole('heading', { level: 2, name: 'WhatsApp' })).toBeInTheDocument();
    const list = await within(card).findByRole('list', { name: 'Mensajes de WhatsApp de la orden' });
    const [received, paid, reply] = within(list).getAllByRole('listitem');

    expect(received).toHaveTextContent('Pedido recibido');
    expect(received).toHaveTextContent('Plantilla pedido_recibido');
    expect(received).toHaveTextContent('15/01/2026');
    // The receipt is words (read as "Estado: entregado"), not only the badge's colour.
    expect(within(received!).getByTestId('whatsapp-status')).toHaveTextContent('Estado: entregado');
    expect(within(received!).queryByTestId('whatsapp-error')).toBeNull();

    expect(paid).toHaveTextContent('Pago confirmado');
    expect(within(paid!).getByTestId('whatsapp-status')).toHaveTextContent('no enviado');
    const why = within(paid!).getByTestId('whatsapp-error');
    expect(why).toHaveTextContent('El número no tiene WhatsApp o no puede recibir mensajes');
    expect(why).toHaveClass('field-error');

    expect(reply).toHaveTextContent('Respuesta');
    expect(reply).toHaveTextContent('¡Gracias!');
    expect(within(reply!).getByTestId('whatsapp-status')).toHaveTextContent('leído');
    expect(card).not.toHaveTextContent('La clienta no pidió novedades por WhatsApp.');
  });

  it('an order whose shopper opted in but has no message yet says so', async () => {
    setup(orderFixture(5, { whatsappOptIn: true }), { data: { messages: [] } });
    const card = await screen.findByTestId('order-whatsapp');
    expect(await within(card).findByText('Todavía no se envió ningún mensaje por WhatsApp.')).toBeInTheDocument();
    expect(within(card).queryByRole('list')).toBeNull();
  });

  it('shows the messages of an order without the opt-in, and that she did not ask for them', async () => {
    setup(orderFixture(6), {
      data: { messages: [message({ id: 9, step: null, direction: 'in', kind: 'text', templateName: null, text: 'Hola' })] },
    });
    const card = await screen.findByTestId('order-whatsapp');
    expect(card).toHaveTextContent('Respuesta');
    expect(card).toHaveTextContent('La clienta no pidió novedades por WhatsApp.');
  });

  it('is hidden for an order without the opt-in and without messages', async () => {
    const { calls, client } = setup(orderFixture(7), { data: { messages: [] } });
    await screen.findByText('Sin factura todavía.');
    await waitFor(() => expect(client.getQueryData(whatsappQueries.messages('order-7').queryKey)).toEqual({ messages: [] }));
    expect(asked(calls, 'order-7')).toBe(1);
    expect(screen.queryByTestId('order-whatsapp')).toBeNull();
  });

  it('is hidden, and not asked for, for a role without whatsapp.chat', async () => {
    const { calls } = setup(orderFixture(8, { whatsappOptIn: true }), { data: { messages: [message()] } }, 'catalog');
    await screen.findByText('Sin factura todavía.');
    expect(screen.queryByTestId('order-whatsapp')).toBeNull();
    expect(asked(calls, 'order-8')).toBe(0);
  });

  it('asks again every 5 s while a message is on its way, and stops once it is delivered', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status: WhatsappMessage['status'] = 'pending';
    const { calls } = setup(orderFixture(4, { whatsappOptIn: true }), () => ({ data: { messages: [message({ status })] } }));
    const card = await screen.findByTestId('order-whatsapp');
    await waitFor(() => expect(within(card).getByTestId('whatsapp-status')).toHaveTextContent('en cola'));
    status = 'delivered';
    await vi.advanceTimersByTimeAsync(5000);
    await waitFor(() => expect(within(card).getByTestId('whatsapp-status')).toHaveTextContent('entregado'));
    const after = asked(calls, 'order-4');
    await vi.advanceTimersByTimeAsync(15000);
    expect(asked(calls, 'order-4')).toBe(after);
  });

  it('polls only while a message is queued, accepted or sent', () => {
    expect(whatsappPollInterval(undefined)).toBe(false);
    expect(whatsappPollInterval([])).toBe(false);
    expect(whatsappPollInterval([message({ status: 'read' }), message({ status: 'failed' })])).toBe(false);
    for (const status of ['pending', 'accepted', 'sent'] as const) {
      expect(whatsappPollInterval([message(), message({ status })])).toBe(5000);
    }
  });
});
