import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '@/test/render';
import { bodyOf, deferred, type MockReply } from '@/test/mock-api';
import { orderFixture } from '@/test/fixtures';
import { CounterScreenPage } from './counter-screen-page';
import { ORDER_NUMBER, setupScreen } from './screen-test-kit';

const QR_DATA = '00020101021243650016COM.MERCADOLIBRE02013063638f1192a-5fd1-4180-a180-8bcae3556bc35204000053030325802AR';

/** POST /orders/manual answering one pending card or QR part of the whole total. */
const saleWithPart = (method: 'card' | 'qr') => () => ({
  status: 201,
  data: {
    order: orderFixture(42, { orderNumber: ORDER_NUMBER, total: 10000, status: 'pending_manual' }),
    orderNumber: ORDER_NUMBER,
    paymentUrl: null,
    whatsappUrl: null,
    change: 0,
    counterPayments: [
      {
        id: 91,
        method,
        amount: 10000,
        status: 'pending',
        orderNumber: ORDER_NUMBER,
        orderPaid: false,
        ...(method === 'qr' ? { qrData: QR_DATA } : {}),
      },
    ],
  },
});

const payment = (method: 'card' | 'qr', status: string, extra: Record<string, unknown> = {}): MockReply => ({
  data: { payment: { id: 91, method, amount: 10000, status, orderNumber: ORDER_NUMBER, orderPaid: status === 'approved', ...extra } },
});

async function toCheckout(method: string) {
  const user = userEvent.setup();
  renderApp(<CounterScreenPage />);
  expect(await screen.findByLabelText('Caja')).toHaveValue('1');
  await user.type(screen.getByLabelText('Código de barras o SKU'), '7790001{Enter}');
  await screen.findByText(/Agregado/);
  await user.click(screen.getByTestId('screen-open-checkout'));
  const dialog = await screen.findByRole('dialog', { name: 'Cobrar' });
  await within(dialog).findByText('$10.000');
  await user.click(within(dialog).getByRole('radio', { name: method }));
  await user.click(within(dialog).getByRole('button', { name: 'Cobrar $10.000' }));
  return { user, dialog };
}

describe('card and QR at the counter (Mercado Pago, issue 49 §2 contract)', () => {
  it('card: "Esperando la terminal…" while pending, then approved: the sale is done', async () => {
    const first = deferred<MockReply>();
    let polls = 0;
    const calls = setupScreen({
      'POST /orders/manual': saleWithPart('card'),
      'GET /counter-payments/91': () => (++polls === 1 ? first.promise : payment('card', 'approved')),
    });
    const { dialog } = await toCheckout('Tarjeta');
    expect(await within(dialog).findByText('Esperando la terminal…')).toBeInTheDocument();
    expect(within(dialog).getByText('Tarjeta por $10.000')).toBeInTheDocument();
    first.resolve(payment('card', 'approved'));
    expect(await screen.findByRole('heading', { name: 'Venta cobrada' })).toBeInTheDocument();
    expect(bodyOf(calls.find((c) => c.url === '/orders/manual')!)).toMatchObject({
      paymentMethod: 'transfer',
      payments: [{ method: 'card', amount: 10000 }],
    });
  });

  it('card refused: the Spanish reason, then the rest in cash with its change (POST …/counter-payments)', async () => {
    const calls = setupScreen({
      'POST /orders/manual': saleWithPart('card'),
      'GET /counter-payments/91': () => payment('card', 'refused', { reason: 'Tarjeta rechazada: fondos insuficientes' }),
      [`POST /orders/${ORDER_NUMBER}/counter-payments`]: () => ({
        status: 201,
        data: {
          orderNumber: ORDER_NUMBER,
          orderPaid: true,
          outstanding: 0,
          change: 2000,
          counterPayments: [{ id: 91, method: 'card', amount: 10000, status: 'refused', orderNumber: ORDER_NUMBER, orderPaid: true }],
        },
      }),
    });
    const { user, dialog } = await toCheckout('Tarjeta');
    expect(await within(dialog).findByText('Tarjeta rechazada: fondos insuficientes')).toBeInTheDocument();
    expect(within(dialog).getByTestId('screen-rest')).toHaveTextContent('Resta cobrar $10.000');
    await user.click(within(dialog).getByRole('radio', { name: 'Efectivo' }));
    await user.type(within(dialog).getByLabelText('Paga con'), '12000');
    expect(within(dialog).getByTestId('screen-change')).toHaveTextContent('Vuelto $2.000');
    await user.click(within(dialog).getByTestId('screen-charge-rest'));
    expect(await screen.findByRole('heading', { name: 'Venta cobrada' })).toBeInTheDocument();
    const rest = calls.find((c) => c.url === `/orders/${ORDER_NUMBER}/counter-payments`);
    expect(bodyOf(rest!)).toEqual({ method: 'cash', amount: 10000, tendered: 12000 });
  });

  it('QR: the code drawn as an image with the amount; "Cancelar cobro" cancels it and offers another method', async () => {
    const pending = deferred<MockReply>();
    const calls = setupScreen({
      'POST /orders/manual': saleWithPart('qr'),
      'GET /counter-payments/91': () => pending.promise,
      'DELETE /counter-payments/91': () => payment('qr', 'cancelled'),
    });
    const { user, dialog } = await toCheckout('QR');
    const image = await within(dialog).findByRole('img', { name: 'Código QR para pagar $10.000 con cualquier billetera' });
    expect(image.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(within(dialog).getByText('QR por $10.000')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar cobro' }));
    expect(await within(dialog).findByText('Cobro cancelado desde la caja')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/counter-payments/91')).toBe(true);
    expect(within(dialog).getByRole('radio', { name: 'Transferencia' })).toBeInTheDocument();
  });
});
