import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '@/test/render';
import { bodyOf } from '@/test/mock-api';
import { CounterScreenPage } from './counter-screen-page';
import { CLOSED, setupScreen } from './screen-test-kit';

async function scan(user: ReturnType<typeof userEvent.setup>, code: string) {
  const field = screen.getByLabelText('Código de barras o SKU');
  await user.type(field, `${code}{Enter}`);
}

async function ready() {
  const user = userEvent.setup();
  renderApp(<CounterScreenPage />);
  expect(await screen.findByLabelText('Caja')).toHaveValue('1');
  return user;
}

describe('the counter screen: scanning', () => {
  it('a scan adds the variant, a second scan of the same code steps its quantity; −, + and the total follow', async () => {
    setupScreen();
    const user = await ready();
    expect(screen.getByLabelText('Código de barras o SKU')).toHaveFocus();
    await scan(user, '7790001');
    expect(await screen.findByText('Agregado: Corpiño Negro Negro · talle M')).toBeInTheDocument();
    expect(screen.getByTestId('screen-qty-0')).toHaveTextContent('1');
    await scan(user, 'cn-m');
    expect(await screen.findByText('Agregado: Corpiño Negro Negro · talle M (2 unidades)')).toBeInTheDocument();
    expect(screen.getByTestId('screen-qty-0')).toHaveTextContent('2');
    expect(await screen.findByTestId('screen-total')).toHaveTextContent('$20.000');
    await user.click(screen.getByRole('button', { name: 'Una unidad más de Corpiño Negro Negro · talle M' }));
    expect(screen.getByTestId('screen-qty-0')).toHaveTextContent('3');
    await waitFor(() => expect(screen.getByTestId('screen-total')).toHaveTextContent('$30.000'));
    await user.click(screen.getByRole('button', { name: 'Quitar Corpiño Negro Negro · talle M' }));
    expect(screen.queryByTestId('screen-lines')).not.toBeInTheDocument();
  });

  it('an unknown code is announced and adds nothing', async () => {
    setupScreen();
    const user = await ready();
    await scan(user, '999');
    const status = await screen.findByText('Código no encontrado: 999');
    expect(status).toHaveAttribute('role', 'status');
    expect(screen.queryByTestId('screen-lines')).not.toBeInTheDocument();
  });

  it('no register open: it says so with a link to open one, and "Cobrar" stays off', async () => {
    setupScreen({}, [CLOSED]);
    const user = userEvent.setup();
    renderApp(<CounterScreenPage />);
    const warning = await screen.findByTestId('screen-no-register');
    expect(within(warning).getByRole('link', { name: 'Abrí una caja en Caja' })).toHaveAttribute('href', '/counter');
    await scan(user, '7790001');
    await screen.findByText(/Agregado/);
    expect(screen.getByTestId('screen-open-checkout')).toBeDisabled();
  });
});

describe('the counter screen: "Cobrar"', () => {
  it('cash with "Paga con" and the change (F4 opens it); the sale goes to the register as Consumidor final; the ticket follows', async () => {
    const calls = setupScreen();
    const user = await ready();
    await scan(user, '7790001');
    await scan(user, '7790001');
    expect(await screen.findByTestId('screen-scan-status')).toHaveTextContent('(2 unidades)');
    await waitFor(() => expect(screen.getByTestId('screen-total')).toHaveTextContent('$20.000'));
    await user.keyboard('{F4}');
    const dialog = await screen.findByRole('dialog', { name: 'Cobrar' });
    expect(await within(dialog).findByTestId('screen-due')).toHaveTextContent('$20.000');
    await user.type(within(dialog).getByLabelText('Paga con'), '25000');
    expect(within(dialog).getByTestId('screen-change')).toHaveTextContent('Vuelto $5.000');
    await user.click(within(dialog).getByRole('button', { name: 'Cobrar $20.000' }));
    expect(await screen.findByRole('heading', { name: 'Venta cobrada' })).toBeInTheDocument();
    const sale = calls.find((c) => c.method === 'POST' && c.url === '/orders/manual');
    expect(bodyOf(sale!)).toMatchObject({
      registerId: 1,
      deliveryType: 'store',
      channel: 'local',
      paymentMethod: 'cash',
      shippingInfo: { fullName: 'Consumidor final', phone: '', email: '' },
      payments: [{ method: 'cash', amount: 20000, tendered: 25000 }],
      items: [{ productId: 'p-negro', quantity: 2, sku: 'CN-M' }],
    });
    expect(await screen.findByTestId('ticket-total')).toHaveTextContent('$20.000');
    await user.click(screen.getByRole('button', { name: 'Nueva venta' }));
    expect(await screen.findByText('Escaneá un producto para empezar la venta.')).toBeInTheDocument();
  });

  it('split: parts adding up to the total, the remaining shown while they do not', async () => {
    const calls = setupScreen();
    const user = await ready();
    await scan(user, '7790001');
    await scan(user, '7790001');
    expect(await screen.findByTestId('screen-scan-status')).toHaveTextContent('(2 unidades)');
    await user.click(screen.getByTestId('screen-open-checkout'));
    const dialog = await screen.findByRole('dialog', { name: 'Cobrar' });
    await within(dialog).findByText('$20.000');
    await user.click(within(dialog).getByRole('radio', { name: 'Dividido' }));
    await user.type(within(dialog).getByLabelText('Monto de la parte 1'), '5000');
    expect(within(dialog).getByTestId('screen-remaining')).toHaveTextContent('Resta cobrar $15.000');
    await user.click(within(dialog).getByRole('button', { name: 'Agregar parte' }));
    await user.selectOptions(within(dialog).getByLabelText('Medio de la parte 2'), 'transfer');
    expect(within(dialog).getByLabelText('Monto de la parte 2')).toHaveValue('15.000');
    expect(within(dialog).getByTestId('screen-remaining')).toHaveTextContent('Los pagos cubren el total');
    await user.click(within(dialog).getByRole('button', { name: 'Cobrar $20.000' }));
    await screen.findByRole('heading', { name: 'Venta cobrada' });
    const sale = calls.find((c) => c.method === 'POST' && c.url === '/orders/manual');
    expect(bodyOf(sale!)).toMatchObject({
      paymentMethod: 'transfer',
      payments: [
        { method: 'cash', amount: 5000 },
        { method: 'transfer', amount: 15000 },
      ],
    });
  });

  it('a split that does not add up is not sent', async () => {
    const calls = setupScreen();
    const user = await ready();
    await scan(user, '7790001');
    await screen.findByText(/Agregado/);
    await user.click(screen.getByTestId('screen-open-checkout'));
    const dialog = await screen.findByRole('dialog', { name: 'Cobrar' });
    await within(dialog).findByText('$10.000');
    await user.click(within(dialog).getByRole('radio', { name: 'Dividido' }));
    await user.type(within(dialog).getByLabelText('Monto de la parte 1'), '4000');
    await user.click(within(dialog).getByRole('button', { name: 'Cobrar $10.000' }));
    expect(await within(dialog).findByText('Los pagos no llegan al total')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/orders/manual')).toBe(false);
  });
});

describe('the counter screen: customer and keyboard', () => {
  it('the customer found by phone and her DNI go with the sale; F2 brings the focus back to the scan field', async () => {
    const calls = setupScreen({
      'GET /customers': () => ({
        data: {
          customers: [
            {
              id: 'c1',
              name: 'Ana Pérez',
              email: null,
              phone: '299 555 1234',
              orders: 3,
              totalSpent: 45000,
              firstOrderAt: null,
              lastOrderAt: null,
              channels: ['local'],
            },
          ],
          total: 1,
          page: 1,
          pageSize: 5,
        },
      }),
    });
    const user = await ready();
    await scan(user, '7790001');
    await screen.findByText(/Agregado/);
    await user.type(screen.getByLabelText('Teléfono, nombre o e-mail'), '2995551234{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Ana Pérez · 299 555 1234' }));
    expect(screen.getByTestId('screen-customer')).toHaveTextContent('Ana Pérez');
    expect(calls.find((c) => c.url === '/customers')?.params).toMatchObject({ search: '2995551234' });
    await user.type(screen.getByLabelText('DNI o CUIT para la factura (opcional)'), '30.123.456');
    await user.click(screen.getByRole('checkbox', { name: 'Quiere recibir novedades de la compra por WhatsApp' }));
    await user.keyboard('{F2}');
    expect(screen.getByLabelText('Código de barras o SKU')).toHaveFocus();
    await user.keyboard('{F4}');
    const dialog = await screen.findByRole('dialog', { name: 'Cobrar' });
    await within(dialog).findByText('$10.000');
    await user.click(within(dialog).getByRole('radio', { name: 'Transferencia' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cobrar $10.000' }));
    await screen.findByRole('heading', { name: 'Venta cobrada' });
    expect(bodyOf(calls.find((c) => c.url === '/orders/manual')!)).toMatchObject({
      shippingInfo: { fullName: 'Ana Pérez', phone: '299 555 1234' },
      buyerDocument: '30123456',
      whatsappOptIn: true,
      payments: [{ method: 'transfer', amount: 10000 }],
    });
  });
});
