import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SiteContent } from '@shop/shared';
import { makeContent, makeOrder } from '@/test/fixtures';
import { mockApi, type RecordedRequest } from '@/test/mock-api';
import { expectOrderRemembered, fillPersonalData, renderCheckout } from './checkout-test-setup';

const CHECKOUT_URL = 'https://www.mercadopago.com.ar/checkout/v1/redirect?pref_id=123-abc';
const MP_DOWN =
  'No pudimos conectar con Mercado Pago para iniciar el pago. Tu pedido no se registró y no se reservó stock: probá de nuevo en unos minutos o elegí transferencia o efectivo.';

/** The shop's content with Mercado Pago switched on by the owner (and a cash title to know the content arrived). */
function mercadoPagoContent(enabled = true): SiteContent {
  return makeContent((c) => {
    c.checkout.paymentInfo.cashOnDelivery.title = 'Efectivo al retirar';
    c.checkout.paymentInfo.mercadoPago.enabled = enabled;
    c.checkout.paymentInfo.mercadoPago.description = 'Tarjeta de crédito, débito o dinero en cuenta';
    c.checkout.paymentInfo.mercadoPago.maxInstallments = 6;
    c.checkout.paymentInfo.mercadoPago.reservationMinutes = 60;
  });
}

const pendingOrder = makeOrder({
  paymentMethod: 'mercadopago',
  status: 'pending_payment',
  reservedUntil: '2026-11-21T13:00:00.000Z',
  payment: { provider: 'mercadopago', checkoutUrl: CHECKOUT_URL, paymentId: null, paymentStatus: null, installments: null },
  shippingInfo: { ...makeOrder().shippingInfo, email: 'ana@example.com' },
});
const created = {
  status: 201,
  data: { order: pendingOrder, orderNumber: pendingOrder.orderNumber, payment: { provider: 'mercadopago', checkoutUrl: CHECKOUT_URL } },
};

function setup(
  routes: Parameters<typeof mockApi>[0] = {},
  answer: object = { content: mercadoPagoContent(), services: { mercadoPago: true } },
) {
  return renderCheckout(answer, routes);
}

const orderRequests = (requests: readonly RecordedRequest[]) => requests.filter((r) => r.url === '/orders');

describe('checkout: Mercado Pago', () => {
  let assign: ReturnType<typeof vi.fn<(url: string) => void>>;

  beforeEach(() => {
    // jsdom cannot leave the page: the stub records where the shop sends the shopper.
    assign = vi.fn<(url: string) => void>();
    const real = window.location;
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...real, href: real.href, origin: real.origin, assign } as Location);
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('offers Mercado Pago with its description and installments when the content and the server both allow it', async () => {
    setup();
    const option = await screen.findByRole('radio', { name: /Mercado Pago/ });
    expect(option).not.toBeChecked();
    const card = option.closest('label');
    expect(card).toHaveTextContent('Tarjeta de crédito, débito o dinero en cuenta');
    expect(card).toHaveTextContent('Hasta 6 cuotas');
    expect(screen.queryByTestId('mercadopago-box')).not.toBeInTheDocument();

    // Chosen with the keyboard, like any radio of the group.
    const user = userEvent.setup();
    screen.getByRole('radio', { name: /Efectivo al retirar/ }).focus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(option).toBeChecked();
    expect(screen.getByTestId('mercadopago-box')).toHaveTextContent(
      'Al confirmar el pedido te llevamos a Mercado Pago para pagar. Reservamos tus productos durante 1 hora para que completes el pago.',
    );
    expect(screen.queryByTestId('transfer-box')).not.toBeInTheDocument();
  });

  it.each([
    ['the server has no credentials', { content: mercadoPagoContent(), services: { mercadoPago: false } }],
    ['the server does not say (an older server)', { content: mercadoPagoContent() }],
    ['the owner has it off', { content: mercadoPagoContent(false), services: { mercadoPago: true } }],
  ])('hides Mercado Pago when %s', async (_case, answer) => {
    setup({}, answer);
    // The owner's content has arrived (its cash title), and still no Mercado Pago.
    expect(await screen.findByRole('radio', { name: /Efectivo al retirar/ })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Transferencia/ })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Mercado Pago/ })).not.toBeInTheDocument();
  });

  it('chooses Mercado Pago by itself when it is the only method offered', async () => {
    const content = mercadoPagoContent();
    content.checkout.paymentInfo.cashOnDelivery.enabled = false;
    content.checkout.paymentInfo.bankTransfer.enabled = false;
    setup({}, { content, services: { mercadoPago: true } });
    expect(await screen.findByRole('radio', { name: /Mercado Pago/ })).toBeChecked();
    expect(screen.queryByRole('radio', { name: /Efectivo|Transferencia/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('mercadopago-box')).toBeInTheDocument();
  });

  it('places the order with paymentMethod mercadopago, no proof, and sends the shopper to the checkout link', async () => {
    const { user, requests } = setup({ 'POST /orders': created });
    await user.click(await screen.findByRole('radio', { name: /Mercado Pago/ }));
    await fillPersonalData(user);
    await user.click(screen.getByRole('button', { name: 'Confirmar Pedido' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(assign).toHaveBeenCalledTimes(1);
    const [order] = orderRequests(requests);
    expect(order?.body).toMatchObject({ paymentMethod: 'mercadopago', deliveryType: 'pickup', shippingInfo: { email: 'ana@example.com' } });
    expect(order?.body).not.toHaveProperty('transferProofUrl');
    expect(order?.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
    expect(requests.some((r) => r.url === '/upload/proof')).toBe(false);

    // The page stays, busy, until the browser leaves it; screen readers hear where she is going.
    const button = screen.getByRole('button', { name: 'Te llevamos a Mercado Pago para pagar…' });
    expect(button).toBeDisabled();
    expect(screen.getByTestId('checkout-redirecting')).toHaveTextContent('Te llevamos a Mercado Pago para pagar…');
    expect(screen.getByTestId('checkout-redirecting')).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/checkout$/);
    // The order is made: the cart is emptied and the tab remembers it for the tracking page she comes back to.
    expectOrderRemembered(pendingOrder);
  });

  it('goes on to the order confirmation when the browser shows the left page again (back-forward cache)', async () => {
    const { user } = setup({ 'POST /orders': created });
    await user.click(await screen.findByRole('radio', { name: /Mercado Pago/ }));
    await fillPersonalData(user);
    await user.click(screen.getByRole('button', { name: 'Confirmar Pedido' }));
    await waitFor(() => expect(assign).toHaveBeenCalled());

    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    expect(await screen.findByTestId('elsewhere')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/order-confirmation/${pendingOrder.orderNumber}`);
  });

  it('shows the 502 message, keeps what the shopper typed and the cart, and retries with the same key', async () => {
    let calls = 0;
    const { user, requests } = setup({
      'POST /orders': () => {
        calls += 1;
        return calls === 1 ? { status: 502, data: { message: MP_DOWN } } : created;
      },
    });
    await user.click(await screen.findByRole('radio', { name: /Mercado Pago/ }));
    await fillPersonalData(user);
    await user.click(screen.getByRole('button', { name: 'Confirmar Pedido' }));

    const alert = await screen.findByTestId('checkout-error');
    expect(alert).toHaveTextContent(MP_DOWN);
    expect(alert).not.toHaveTextContent('Error interno del servidor');
    expect(alert).toHaveFocus();
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Nombre completo *')).toHaveValue('Ana Pérez');
    expect(screen.getByLabelText('Email *')).toHaveValue('ana@example.com');
    expect(screen.getByLabelText('Teléfono *')).toHaveValue('2995551234');
    expect(screen.getByRole('radio', { name: /Mercado Pago/ })).toBeChecked();
    expect(JSON.parse(localStorage.getItem('cart') ?? '[]')).toHaveLength(1);
    expect(within(screen.getByTestId('order-summary')).getByText('Conjunto Encaje')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirmar Pedido' })).toBeEnabled();
    // Another method is one click away.
    expect(screen.getByRole('radio', { name: /Transferencia/ })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Confirmar Pedido' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(CHECKOUT_URL));
    const keys = orderRequests(requests).map((r) => r.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('sends a new key when the shopper switches to transfer after the 502', async () => {
    const transferOrder = makeOrder({ paymentMethod: 'transfer', status: 'pending_transfer_proof' });
    const { user, requests } = setup({
      'POST /orders': (request) =>
        (request.body as { paymentMethod?: string }).paymentMethod === 'mercadopago'
          ? { status: 502, data: { message: MP_DOWN } }
          : { status: 201, data: { order: transferOrder, orderNumber: transferOrder.orderNumber } },
    });
    await user.click(await screen.findByRole('radio', { name: /Mercado Pago/ }));
    await fillPersonalData(user);
    await user.click(screen.getByRole('button', { name: 'Confirmar Pedido' }));
    expect(await screen.findByTestId('checkout-error')).toHaveTextContent(MP_DOWN);

    await user.click(screen.getByRole('radio', { name: /Transferencia/ }));
    await user.click(screen.getByRole('button', { name: 'Confirmar Pedido' }));
    await screen.findByTestId('elsewhere');
    expect(screen.getByTestId('location')).toHaveTextContent(`/order-confirmation/${transferOrder.orderNumber}`);
    const sent = orderRequests(requests);
    expect(sent.map((r) => (r.body as { paymentMethod: string }).paymentMethod)).toEqual(['mercadopago', 'transfer']);
    expect(sent[1]?.idempotencyKey).not.toBe(sent[0]?.idempotencyKey);
    expect(assign).not.toHaveBeenCalled();
  });
});
