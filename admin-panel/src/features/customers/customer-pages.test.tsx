import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { customerIdOf } from '@shop/shared';
import { ADMIN_USER, renderApp, signInStorage } from '@/test/render';
import { mockApi } from '@/test/mock-api';
import { CustomerListPage } from './customer-list-page';
import { CustomerDetailPage } from './customer-detail-page';

const ANA = {
  id: customerIdOf('e:anaperez@gmail.com'),
  name: 'Ana Pérez',
  email: 'ana.perez@gmail.com',
  phone: '+54 9 299 555-1001',
  orders: 3,
  totalSpent: 30000,
  firstOrderAt: '2026-11-01T15:00:00.000Z',
  lastOrderAt: '2026-11-20T15:00:00.000Z',
  channels: ['web', 'whatsapp'],
};

describe('Clientes', () => {
  it('searches and sorts on the server, and offers the CSV to the owner only', async () => {
    signInStorage({ ...ADMIN_USER, staffRole: 'owner' });
    const calls = mockApi({ 'GET /customers': () => ({ data: { customers: [ANA], total: 1, page: 1, pageSize: 25 } }) });
    renderApp(<CustomerListPage />);
    const table = await screen.findByTestId('customers-table');
    expect(within(table).getByRole('link', { name: 'Ana Pérez' })).toHaveAttribute('href', `/customers/${ANA.id}`);
    expect(table).toHaveTextContent('Web, WhatsApp');
    expect(screen.getByRole('button', { name: 'Exportar CSV de clientes' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Buscar'), 'perez');
    await user.selectOptions(screen.getByLabelText('Ordenar por'), 'totalSpent');
    await waitFor(() => expect(calls.at(-1)?.params).toMatchObject({ search: 'perez', sort: 'totalSpent', direction: 'desc', page: 1 }));
  });

  it('hides the CSV from sales and shows the empty state', async () => {
    signInStorage({ ...ADMIN_USER, staffRole: 'sales' });
    mockApi({ 'GET /customers': () => ({ data: { customers: [], total: 0, page: 1, pageSize: 25 } }) });
    renderApp(<CustomerListPage />);
    expect(await screen.findByText('Todavía no hay clientes')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Exportar CSV/ })).toBeNull();
  });

  it("shows a customer's orders and the WhatsApp link", async () => {
    signInStorage();
    mockApi({
      [`GET /customers/${ANA.id}`]: () => ({
        data: {
          customer: ANA,
          orders: [
            {
              _id: 'ord-1',
              orderNumber: 'JL-20261120-0001',
              createdAt: ANA.lastOrderAt,
              status: 'paid',
              total: 10000,
              channel: 'whatsapp',
              paymentMethod: 'cash',
              fulfillment: 'unfulfilled',
            },
          ],
        },
      }),
    });
    renderApp(<CustomerDetailPage />, { route: `/customers/${ANA.id}`, path: '/customers/:id' });
    expect(await screen.findByRole('heading', { name: 'Ana Pérez', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '#JL-20261120-0001' })).toHaveAttribute('href', '/orders/ord-1');
    expect(screen.getByTestId('customer-whatsapp')).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:\/\/wa\.me\/5492995551001\?text=/),
    );
  });
});
