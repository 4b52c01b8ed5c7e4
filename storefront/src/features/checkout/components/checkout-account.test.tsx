import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeAccount, makeContent, makeOrder, makeSavedAddress } from '@/test/fixtures';
import { bodyOf } from '@/test/mock-api';
import { renderCheckout } from './checkout-test-setup';
import { SAVE_ADDRESS_LABEL, USE_SAVED_ADDRESS } from './account-address-parts';

const ACCOUNT = makeAccount();
const SAVED = makeSavedAddress();

describe('checkout with her account', () => {
  it('fills her e-mail, offers her saved addresses and saves the new one once the order is placed', async () => {
    localStorage.setItem('account-signed-in', '1');
    const created = makeOrder({ deliveryType: 'delivery', shippingInfo: { ...makeOrder().shippingInfo, email: 'ana@example.com' } });
    const { user, requests } = renderCheckout(
      { content: makeContent() },
      {
        'GET /account': { data: { account: ACCOUNT } },
        'GET /account/addresses': { data: { addresses: [SAVED] } },
        'PUT /account/addresses': (request) => ({ data: bodyOf(request) }),
        'POST /orders': { status: 201, data: { order: created, orderNumber: created.orderNumber } },
      },
    );
    await waitFor(() => expect(screen.getByLabelText('Email *')).toHaveValue('ana@example.com'));
    await user.click(screen.getByRole('radio', { name: /Envío a domicilio/ }));

    const saved = await screen.findByRole('group', { name: USE_SAVED_ADDRESS });
    await user.click(within(saved).getByRole('radio', { name: /Casa/ }));
    expect(screen.getByLabelText('Nombre completo *')).toHaveValue('Ana Pérez');
    expect(screen.getByLabelText('Teléfono *')).toHaveValue('2995551234');
    expect(screen.getByLabelText('Dirección *')).toHaveValue('Belgrano 123');
    expect(screen.getByLabelText('Ciudad *')).toHaveValue('Neuquén');
    expect(screen.getByLabelText('Código postal')).toHaveValue('8300');

    // Another address this time, saved in her account after the order.
    const option = screen.getByRole('checkbox', { name: SAVE_ADDRESS_LABEL });
    expect(option).not.toBeChecked();
    await user.clear(screen.getByLabelText('Dirección *'));
    await user.type(screen.getByLabelText('Dirección *'), 'Av. Argentina 500');
    await user.click(option);
    await waitFor(() => expect(within(screen.getByTestId('order-summary')).getByTestId('summary-shipping')).toHaveTextContent('$3.000'));
    await user.click(screen.getByRole('button', { name: 'Confirmar Pedido' }));

    await screen.findByTestId('elsewhere');
    expect(requests.find((r) => r.url === '/orders')?.body).toMatchObject({
      shippingInfo: { fullName: 'Ana Pérez', email: 'ana@example.com', address: 'Av. Argentina 500', city: 'Neuquén' },
    });
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    const put = bodyOf(requests.find((r) => r.method === 'PUT')!);
    expect(put.addresses).toMatchObject([
      SAVED,
      { fullName: 'Ana Pérez', address: 'Av. Argentina 500', city: 'Neuquén', postalCode: '8300' },
    ]);
  });

  it('does not save an address she already has', async () => {
    localStorage.setItem('account-signed-in', '1');
    const created = makeOrder({ deliveryType: 'delivery' });
    const { user, requests } = renderCheckout(
      { content: makeContent() },
      {
        'GET /account': { data: { account: ACCOUNT } },
        'GET /account/addresses': { data: { addresses: [SAVED] } },
        'POST /orders': { status: 201, data: { order: created, orderNumber: created.orderNumber } },
      },
    );
    await user.click(screen.getByRole('radio', { name: /Envío a domicilio/ }));
    await user.click(within(await screen.findByRole('group', { name: USE_SAVED_ADDRESS })).getByRole('radio', { name: /Casa/ }));
    await user.click(screen.getByRole('checkbox', { name: SAVE_ADDRESS_LABEL }));
    await waitFor(() => expect(within(screen.getByTestId('order-summary')).getByTestId('summary-shipping')).toHaveTextContent('$3.000'));
    await user.click(screen.getByRole('button', { name: 'Confirmar Pedido' }));
    await screen.findByTestId('elsewhere');
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('signed out, asks nothing of the account and offers nothing more', async () => {
    const { user, requests } = renderCheckout({ content: makeContent() });
    await user.click(screen.getByRole('radio', { name: /Envío a domicilio/ }));
    expect(screen.getByLabelText('Dirección *')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: USE_SAVED_ADDRESS })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: SAVE_ADDRESS_LABEL })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email *')).toHaveValue('');
    expect(requests.some((r) => r.url.startsWith('/account'))).toBe(false);
  });
});
