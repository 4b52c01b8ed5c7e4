import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeContent, makeOrder } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { expectOrderRemembered, fillPersonalData, renderCheckout } from './checkout-test-setup';

function setup(routes: Parameters<typeof mockApi>[0] = {}, content = makeContent()) {
  return renderCheckout({ content }, routes);
}

describe('checkout page', () => {
  it('shows every required-field message and clears one when its field is edited', async () => {
    const { user, requests } = setup();
    await user.click(screen.getByRole('button', { name: 'Confirmar Pedido' }));
    expect(screen.getByText('El nombre completo es requerido')).toBeInTheDocument();
    expect(screen.getByText('El email es requerido')).toBeInTheDocument();
    expect(screen.getByText('El teléfono es requerido')).toBeInTheDocument();
    expect(screen.queryByText('La dirección es requerida para el envío')).not.toBeInTheDocument();
    // The first field in error takes the focus and names its message.
    const name = screen.getByLabelText('Nombre completo *');
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('El nombre completo es requerido');

    await user.type(screen.getByLabelText('Nombre completo *'), 'A');
    expect(screen.queryByText('El nombre completo es requerido')).not.toBeInTheDocument();
    expect(screen.getByText('El email es requerido')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email *'), 'ana@');
    await user.click(screen.getByRole('button', { name: 'Confirmar Pedido' }));
    expect(screen.getByText('Formato de email inválido')).toBeInTheDocument();
    // Only the quote was asked for (POST /checkout/quote): no order went out.
    expect(requests.some((r) => r.url === '/orders')).toBe(false);
  });

  it('asks for address and city only with home delivery', async () => {
    const { user } = setup();
    expect(screen.queryByLabelText('Dirección *')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Envío a domicilio/ }));
    await fillPersonalData(user);
    await user.click(screen.getByRole('button', { name: 'Confirmar Pedido' }));
    expect(screen.getByText('La dirección es requerida para el envío')).toBeInTheDocument();
    expect(screen.getByText('La ciudad es requerida para el envío')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Ciudad *'), 'Neuquén');
    expect(screen.queryByText('La ciudad es requerida para el envío')).not.toBeInTheDocument();
    expect(screen.getByText('La dirección es requerida para el envío')).toBeInTheDocument();
  });

  it('shows the totals: free pickup, configured delivery cost and the cash fee', async () => {
    const content = makeContent((c) => {
      c.checkout.paymentInfo.cashOnDelivery.additionalFee = 500;
    });
    const { user } = setup({}, content);
    const summary = screen.getByTestId('order-summary');
    await waitFor(() => expect(within(summary).getByTestId('summary-cash-fee')).toHaveTextContent('$500'));
    expect(within(summary).getByTestId('summary-subtotal')).toHaveTextContent('$36.000');
    expect(within(summary).getByTestId('summary-shipping')).toHaveTextContent('Gratis');
    expect(within(summary).getByTestId('summary-total')).toHaveTextContent('$36.500');

    await user.click(screen.getByRole('radio', { name: /Envío a domicilio/ }));
    expect(within(summary).getByTestId('summary-shipping')).toHaveTextContent('$3.000');
    expect(within(summary).getByTestId('summary-total')).toHaveTextContent('$39.500');

    await user.click(screen.getByRole('radio', { name: /Transferencia/ }));
    expect(within(summary).queryByTestId('summary-cash-fee')).not.toBeInTheDocument();
    expect(within(summary).getByTestId('summary-total')).toHaveTextContent('$39.000');
  });

  it('checks the proof type and size, uploads it and sends the order with the delivery type', async () => {
    const created = makeOrder({
      paymentMethod: 'transfer',
      deliveryType: 'delivery',
      status: 'pending_transfer_confirmation',
      transferProofUrl: '/uploads/proof.png',
      shippingInfo: { ...makeOrder().shippingInfo, email: 'ana@example.com' },
    });
    const { user, requests } = setup({
      'POST /upload/proof': { status: 201, data: { url: '/uploads/proof.png', filename: 'proof.png' } },
      'POST /orders': { status: 201, data: { order: created, orderNumber: created.orderNumber } },
    });
    await user.click(screen.getByRole('radio', { name: /Envío a domicilio/ }));
    await user.click(screen.getByRole('radio', { name: /Transferencia/ }));
    expect(await screen.findByText('0110599520000001234567')).toBeInTheDocument();

    const input = screen.getByTestId('proof-input');
    await user.upload(input, new File(['%PDF'], 'comprobante.pdf', { type: 'application/pdf' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Por favor, sube una imagen válida (JPG, PNG, WEBP)');
    await user.upload(input, new File([new Uint8Array(5 * 1024 * 1024 + 10)], 'grande.png', { type: 'image/png' }));
    expect(screen.getByRole('alert')).toHaveTextContent('La imagen no puede superar los 5MB');
    await user.upload(input, new File([new Uint8Array(64)], 'ok.png', { type: 'image/png' }));
    expect(screen.getByTestId('proof-preview')).toHaveTextContent('ok.png');

    await fillPersonalData(user);
    await user.type(screen.getByLabelText('Dirección *'), 'Belgrano 123');
    await user.type(screen.getByLabelText('Ciudad *'), 'Neuquén');
    // The shopper confirms once the summary shows the delivery's price (worked out here: no quote answers).
    const summary = screen.getByTestId('order-summary');
    await waitFor(() => expect(within(summary).getByTestId('summary-shipping')).toHaveTextContent('$3.000'));
    await user.click(screen.getByRole('button', { name: 'Confirmar Pedido' }));

    await screen.findByTestId('elsewhere');
    expect(screen.getByTestId('location')).toHaveTextContent(`/order-confirmation/${created.orderNumber}`);
    const upload = requests.findIndex((r) => r.url === '/upload/proof');
    const order = requests.findIndex((r) => r.url === '/orders');
    expect(upload).toBeGreaterThanOrEqual(0);
    expect(order).toBeGreaterThan(upload);
    expect(requests[order]?.body).toMatchObject({
      deliveryType: 'delivery',
      paymentMethod: 'transfer',
      transferProofUrl: '/uploads/proof.png',
      shippingInfo: { fullName: 'Ana Pérez', email: 'ana@example.com', phone: '2995551234', address: 'Belgrano 123', city: 'Neuquén' },
      items: [{ productId: 'p1', quantity: 2, size: 'M', color: 'Negro' }],
      subtotal: 36000,
      shippingCost: 3000,
      total: 39000,
    });
    expectOrderRemembered(created);
  });

  it('sends a pickup order with the meeting point and keeps the shopper on the page when it fails', async () => {
    const { user, requests } = setup({ 'POST /orders': { status: 500, data: {} } });
    await fillPersonalData(user);
    await user.click(screen.getByRole('button', { name: 'Confirmar Pedido' }));
    expect(await screen.findByTestId('checkout-error')).toHaveTextContent(
      'Error interno del servidor. Por favor intenta más tarde o contacta soporte.',
    );
    expect(requests.find((r) => r.url === '/orders')?.body).toMatchObject({
      deliveryType: 'pickup',
      paymentMethod: 'cash',
      shippingInfo: { address: 'Plaza Central, Neuquén', city: 'Neuquén' },
    });
    expect(screen.getByRole('button', { name: 'Confirmar Pedido' })).toBeEnabled();
    expect(JSON.parse(localStorage.getItem('cart') ?? '[]')).toHaveLength(1);
  });

  it('sends one Idempotency-Key per attempt: the same after a network error, a new one when the order changes', async () => {
    const created = makeOrder({
      paymentMethod: 'transfer',
      status: 'pending_transfer_confirmation',
      transferProofUrl: '/uploads/proof.png',
    });
    let orderCalls = 0;
    const { user, requests } = setup({
      'POST /upload/proof': { status: 201, data: { url: '/uploads/proof.png', filename: 'proof.png' } },
      'POST /orders': () => {
        orderCalls += 1;
        return orderCalls < 3 ? 'network' : { status: 201, data: { order: created, orderNumber: created.orderNumber } };
      },
    });
    await user.click(screen.getByRole('radio', { name: /Transferencia/ }));
    await user.upload(screen.getByTestId('proof-input'), new File([new Uint8Array(64)], 'ok.png', { type: 'image/png' }));
    await fillPersonalData(user);
    await user.click(screen.getByRole('button', { name: 'Confirmar Pedido' }));
    expect(await screen.findByTestId('checkout-error')).toHaveTextContent('Error de conexión. Verifica tu internet e intenta nuevamente.');
    await user.click(screen.getByRole('button', { name: 'Confirmar Pedido' }));
    await waitFor(() => expect(requests.filter((r) => r.url === '/orders')).toHaveLength(2));
    await screen.findByTestId('checkout-error');
    await user.type(screen.getByLabelText('Teléfono *'), '9');
    await user.click(screen.getByRole('button', { name: 'Confirmar Pedido' }));
    await screen.findByTestId('elsewhere');

    const keys = requests.filter((r) => r.url === '/orders').map((r) => r.idempotencyKey);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[2]).not.toBe(keys[0]);
    // The proof went up once: a retry sends the same upload, or the server would see another body.
    expect(requests.filter((r) => r.url === '/upload/proof')).toHaveLength(1);
  });

  it('shows the upload failure message and does not create the order', async () => {
    const { user, requests } = setup({ 'POST /upload/proof': { status: 400, data: { message: 'El archivo no es una imagen válida' } } });
    await user.click(screen.getByRole('radio', { name: /Transferencia/ }));
    await user.upload(screen.getByTestId('proof-input'), new File([new Uint8Array(64)], 'ok.png', { type: 'image/png' }));
    await fillPersonalData(user);
    await user.click(screen.getByRole('button', { name: 'Confirmar Pedido' }));
    expect(await screen.findByTestId('checkout-error')).toHaveTextContent('El archivo no es una imagen válida');
    expect(requests.some((r) => r.url === '/orders')).toBe(false);
  });
});
