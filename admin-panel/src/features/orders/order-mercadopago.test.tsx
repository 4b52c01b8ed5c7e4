import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiUser, Order, OrderEvent, OrderPayment } from '@shop/shared';
import { useAuth } from '@/features/auth';
import { ADMIN_USER, renderApp, signInStorage } from '@/test/render';
import { deferred, mockApi, type MockReply, type MockRoutes } from '@/test/mock-api';
import { orderFixture } from '@/test/fixtures';
import { OrderDetailPage } from './order-detail-page';
import { orderQueries } from './api/order-queries';
import { mercadoPagoStatusLabel } from './order-mercadopago-card';

const CHECKOUT_URL = 'https://www.mercadopago.com.ar/checkout/v1/redirect?pref_id=123-abc';
const PAYMENT_URL = 'https://www.mercadopago.com.ar/activities/1?q=1234567890';

const APPROVED: OrderPayment = {
  provider: 'mercadopago',
  checkoutUrl: CHECKOUT_URL,
  paymentId: '1234567890',
  paymentStatus: 'approved',
  installments: 3,
  paymentUrl: PAYMENT_URL,
};

/** A Mercado Pago order paid with an approved payment, unless told otherwise. */
function mpOrder(n: number, overrides: Partial<Order> = {}): Order {
  return orderFixture(n, {
    paymentMethod: 'mercadopago',
    status: 'paid',
    paidAt: '2026-01-15T12:10:00.000Z',
    payment: APPROVED,
    ...overrides,
  });
}

const owner: ApiUser = { ...ADMIN_USER, staffRole: 'owner' };
const sales: ApiUser = { ...ADMIN_USER, staffRole: 'sales' };

/** Shows whose session the page runs in, so a test can wait for it before checking what that role does not see. */
function RoleProbe() {
  return <p>Sesión: {useAuth().user?.staffRole ?? 'sin sesión'}</p>;
}

/** The order detail of `order` for `account`; `refund` answers POST /orders/:id/refund (the order is then stored). */
function setup(
  order: Order,
  {
    account = owner,
    refund,
    history = [],
  }: { account?: ApiUser; refund?: () => MockReply | Promise<MockReply>; history?: OrderEvent[] } = {},
) {
  signInStorage(account);
  let stored = order;
  const routes: MockRoutes = {
    'GET /auth/check': () => ({ data: { user: account } }),
    [`GET /orders/${order._id}`]: () => ({ data: { order: stored } }),
    [`GET /orders/${order._id}/history`]: () => ({ data: { history } }),
  };
  if (refund) {
    routes[`POST /orders/${order._id}/refund`] = async () => {
      const reply = await refund();
      if (reply !== 'network' && (reply.status ?? 200) < 400) stored = (reply.data as { order: Order }).order;
      return reply;
    };
  }
  const calls = mockApi(routes);
  const rendered = renderApp(
    <>
      <OrderDetailPage />
      <RoleProbe />
    </>,
    { route: `/orders/${order._id}`, path: '/orders/:id' },
  );
  return { calls, client: rendered.client, user: userEvent.setup() };
}

const panel = () => screen.findByTestId('mercadopago-panel');
const refundButton = () => screen.queryByRole('button', { name: 'Reembolsar por Mercado Pago' });

describe('order detail: Mercado Pago payment', () => {
  it('shows the payment id, the status in Spanish, the installments and a link to it in Mercado Pago (new tab)', async () => {
    setup(mpOrder(1));
    const card = within(await panel());
    expect(card.getByRole('heading', { name: 'Pago con Mercado Pago' })).toBeInTheDocument();
    expect(card.getByTestId('mercadopago-payment-id')).toHaveTextContent('1234567890');
    expect(card.getByTestId('mercadopago-status')).toHaveTextContent('Aprobado');
    expect(card.getByTestId('mercadopago-installments')).toHaveTextContent('3 cuotas');
    const link = card.getByRole('link', { name: /Ver en Mercado Pago/ });
    expect(link).toHaveAttribute('href', PAYMENT_URL);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toMatch(/\bnoopener\b/);
    expect(link).toHaveAccessibleName('Ver en Mercado Pago (se abre en una pestaña nueva)');
    // Paid: the checkout link is of no more use.
    expect(card.queryByRole('link', { name: /link de pago/ })).not.toBeInTheDocument();
    // The general payment block names the method.
    expect(within(screen.getByTestId('payment-panel')).getByText('Mercado Pago')).toBeInTheDocument();
  });

  it('translates the statuses Mercado Pago reports and leaves an unknown one as sent', () => {
    expect(
      ['approved', 'rejected', 'refunded', 'charged_back', 'in_process', 'pending', 'cancelled', 'in_mediation'].map(
        mercadoPagoStatusLabel,
      ),
    ).toEqual(['Aprobado', 'Rechazado', 'Devuelto', 'Contracargo', 'En proceso', 'En proceso', 'Cancelado', 'in_mediation']);
  });

  it('while the order waits for the payment, offers the checkout link and says no payment was reported yet', async () => {
    setup(
      mpOrder(2, {
        status: 'pending_payment',
        paidAt: null,
        reservedUntil: '2026-01-15T13:00:00.000Z',
        payment: { ...APPROVED, paymentId: null, paymentStatus: null, installments: null, paymentUrl: null },
      }),
    );
    const card = within(await panel());
    expect(card.getByText('Mercado Pago todavía no informó ningún pago de esta orden.')).toBeInTheDocument();
    const checkout = card.getByRole('link', { name: /Abrir el link de pago/ });
    expect(checkout).toHaveAttribute('href', CHECKOUT_URL);
    expect(checkout).toHaveAttribute('target', '_blank');
    expect(checkout.getAttribute('rel')).toMatch(/\bnoopener\b/);
    expect(card.getByRole('button', { name: 'Copiar el link de pago de Mercado Pago' })).toBeInTheDocument();
    expect(card.queryByRole('link', { name: /Ver en Mercado Pago/ })).not.toBeInTheDocument();
    expect(within(screen.getByTestId('payment-panel')).getByText('Pendiente (Mercado Pago)')).toBeInTheDocument();
    expect(screen.getByTestId('reserved-until')).toHaveTextContent('15/01/2026, 10:00');
    await screen.findByText('Sesión: owner');
    expect(refundButton()).not.toBeInTheDocument();
  });

  it('keeps the checkout link after a rejected card, for the shopper to try again', async () => {
    setup(mpOrder(3, { status: 'pending_payment', paidAt: null, payment: { ...APPROVED, paymentStatus: 'rejected', installments: 1 } }));
    const card = within(await panel());
    expect(card.getByTestId('mercadopago-status')).toHaveTextContent('Rechazado');
    expect(card.getByTestId('mercadopago-installments')).toHaveTextContent('En 1 pago');
    expect(card.getByRole('link', { name: /Abrir el link de pago/ })).toHaveAttribute('href', CHECKOUT_URL);
  });

  it('has no Mercado Pago block for a cash or transfer order', async () => {
    setup(orderFixture(4, { status: 'paid' }));
    await screen.findByTestId('payment-panel');
    expect(screen.queryByTestId('mercadopago-panel')).not.toBeInTheDocument();
  });
});

describe("order detail: 'Reembolsar por Mercado Pago'", () => {
  it.each([
    ['a paid order', mpOrder(10)],
    ['an order cancelled after its payment was approved late', mpOrder(11, { status: 'cancelled' })],
  ])('is offered to the owner for %s with an approved payment', async (_, order) => {
    setup(order);
    await screen.findByText('Sesión: owner');
    expect(await screen.findByRole('button', { name: 'Reembolsar por Mercado Pago' })).toBeEnabled();
  });

  it.each([
    ['waiting for the payment', mpOrder(12, { status: 'pending_payment', payment: { ...APPROVED, paymentStatus: null, paymentId: null } })],
    ['already refunded', mpOrder(13, { status: 'refunded', payment: { ...APPROVED, paymentStatus: 'refunded' } })],
    ['paid but with a payment still in process', mpOrder(14, { payment: { ...APPROVED, paymentStatus: 'in_process' } })],
    ['confirmed (not paid nor cancelled)', mpOrder(15, { status: 'confirmado' })],
  ])('is not offered for an order %s', async (_, order) => {
    setup(order);
    await screen.findByText('Sesión: owner');
    await panel();
    expect(refundButton()).not.toBeInTheDocument();
  });

  it('is not offered to a salesperson, who still sees the payment', async () => {
    setup(mpOrder(16), { account: sales });
    await screen.findByText('Sesión: sales');
    const card = within(await panel());
    expect(card.getByTestId('mercadopago-status')).toHaveTextContent('Aprobado');
    expect(refundButton()).not.toBeInTheDocument();
  });

  it('asks first, shows the progress, then the refunded order, and refreshes the order lists and history', async () => {
    const order = mpOrder(17, { total: 23500 });
    const answer = deferred<MockReply>();
    const { calls, client, user } = setup(order, { refund: () => answer.promise });
    // Queries of other screens kept in the cache: the refund must make them stale.
    const listKey = orderQueries.list({ page: 1, limit: 20, status: '', date: '' }).queryKey;
    client.setQueryData(listKey, { orders: [order], totalOrders: 1, totalPages: 1, page: 1 });
    client.setQueryData(orderQueries.summary().queryKey, { totalOrders: 1, totalRevenue: 23500, summaryByStatusAndPaymentMethod: {} });

    await user.click(await screen.findByRole('button', { name: 'Reembolsar por Mercado Pago' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Reembolsar por Mercado Pago' });
    expect(dialog).toHaveAccessibleDescription(
      'Mercado Pago le devolverá a la clienta $23.500, el pago 1234567890 completo, y la orden pasará a Reembolsado (sus productos vuelven al stock). No se puede deshacer.',
    );
    // Cancelling sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Reembolsar por Mercado Pago' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Reembolsar' }));
    const busy = within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Reembolsando...' });
    expect(busy).toBeDisabled();
    const post = calls.filter((c) => c.method === 'POST');
    expect(post).toHaveLength(1);
    expect(post[0]?.url).toBe(`/orders/${order._id}/refund`);
    expect(post[0]?.body).toBeUndefined();
    const historyLoads = calls.filter((c) => c.url === `/orders/${order._id}/history`).length;

    answer.resolve({
      data: {
        order: { ...order, status: 'refunded', updatedAt: '2026-01-16T10:00:00.000Z', payment: { ...APPROVED, paymentStatus: 'refunded' } },
      },
    });
    const result = await screen.findByTestId('refund-result');
    expect(result).toHaveTextContent('Mercado Pago devolvió $23.500 a la clienta. La orden quedó Reembolsada.');
    expect(within(result).getByRole('status')).toBeInTheDocument();
    expect(result).toHaveFocus();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(refundButton()).not.toBeInTheDocument();
    expect(within(await panel()).getByTestId('mercadopago-status')).toHaveTextContent('Devuelto');
    expect(within(screen.getByRole('banner')).getByText('Reembolsado')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.url === `/orders/${order._id}/history`).length).toBeGreaterThan(historyLoads));
    expect(client.getQueryState(listKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(orderQueries.summary().queryKey)?.isInvalidated).toBe(true);
  });

  it("shows the server's Spanish refusal and leaves the order as it was", async () => {
    const order = mpOrder(18);
    const refusal = 'Mercado Pago no hizo el reembolso (respondió 400: Payment not found); la orden no cambió';
    const { calls, user } = setup(order, { refund: () => ({ status: 502, data: { message: refusal } }) });
    await user.click(await screen.findByRole('button', { name: 'Reembolsar por Mercado Pago' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Reembolsar' }));

    const result = await screen.findByTestId('refund-result');
    expect(within(result).getByRole('alert')).toHaveTextContent(`No se pudo reembolsar: ${refusal}`);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByText('Pagado')).toBeInTheDocument();
    expect(within(await panel()).getByTestId('mercadopago-status')).toHaveTextContent('Aprobado');
    // The button stays for another try, and the order was read again in case it changed meanwhile.
    expect(refundButton()).toBeEnabled();
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.url === `/orders/${order._id}`).length).toBeGreaterThan(1));
  });

  it("warns that choosing 'Reembolsado' by hand does not give the money back", async () => {
    const { user } = setup(mpOrder(19));
    await screen.findByRole('option', { name: 'Reembolsado' });
    await user.selectOptions(screen.getByLabelText('Nuevo estado'), 'refunded');
    expect(screen.getByTestId('manual-refund-hint')).toHaveTextContent('usá «Reembolsar por Mercado Pago»');
    await user.selectOptions(screen.getByLabelText('Nuevo estado'), 'cancelled');
    expect(screen.queryByTestId('manual-refund-hint')).not.toBeInTheDocument();
  });
});

describe('order timeline: Mercado Pago', () => {
  it('names Mercado Pago as the author of its changes and sets the notes that need staff apart', async () => {
    const order = mpOrder(20, { status: 'cancelled' });
    const attention =
      'ATENCIÓN: Mercado Pago aprobó el pago 1234567890 de una orden ya cancelada, y no hay stock. Reembolsalo desde el detalle de la orden.';
    setup(order, {
      history: [
        {
          at: '2026-01-15T12:10:00.000Z',
          from: 'pending_payment',
          to: 'cancelled',
          by: { kind: 'system', id: null, name: 'sistema' },
          note: 'Cancelada automáticamente: la reserva venció',
        },
        {
          at: '2026-01-15T12:20:00.000Z',
          from: 'cancelled',
          to: 'cancelled',
          by: { kind: 'system', id: null, name: 'Mercado Pago' },
          note: attention,
        },
      ],
    });
    const timeline = await screen.findByTestId('order-timeline');
    const note = await within(timeline).findByText(attention);
    expect(note).toHaveClass('timeline-note-attention');
    expect(note.closest('li')).toHaveTextContent('por Mercado Pago (automático)');
    expect(within(timeline).getByText('Cancelada automáticamente: la reserva venció')).not.toHaveClass('timeline-note-attention');
    expect(within(timeline).getByText('Cancelada automáticamente: la reserva venció').closest('li')).toHaveTextContent(
      'por Sistema (automático)',
    );
  });
});
