import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MSG, ACCOUNT_PREFERENCE_LABELS } from '@shop/shared';
import { bodyOf, mockApi } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import { ACCOUNT, accountOrder, accountRoutes } from '../test-answers';
import AccountPage from './account-page';

function renderAccount(routes: Parameters<typeof mockApi>[0] = {}) {
  const requests = mockApi({ ...accountRoutes(), ...routes });
  renderWithApp(<AccountPage />, { route: '/cuenta', path: '/cuenta' });
  return { requests, user: userEvent.setup() };
}

describe('her account', () => {
  it('shows every section under its heading, in order, from the answers', async () => {
    renderAccount();
    const orders = await screen.findByTestId('account-orders');
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual([
      'Tus compras',
      'Tus direcciones',
      'Tus talles',
      'Tus favoritos',
      'Tus avisos',
      'Tus preferencias de e-mail',
      'Tus datos',
    ]);
    const order = await within(orders).findByRole('article', { name: 'Pedido JL-20260301-0001' });
    expect(order).toHaveTextContent('Web');
    expect(order).toHaveTextContent('Pagado');
    expect(order).toHaveTextContent('$36.000');
    expect(order).toHaveTextContent('2 × Conjunto Encaje · Talle M · Negro');
    expect(within(order).getByRole('link', { name: 'Seguir el envío' })).toHaveAttribute('href', 'https://andreani.example/AND123');
    expect(within(order).getByRole('button', { name: 'Descargar factura' })).toBeInTheDocument();
    expect(within(order).getByRole('link', { name: 'Ver el pedido' })).toHaveAttribute('href', '/track-order?n=JL-20260301-0001');
    expect(within(order).queryByRole('link', { name: 'Pagar' })).not.toBeInTheDocument();

    expect(await screen.findByTestId('account-address')).toHaveTextContent('Belgrano 123, Neuquén, CP 8300');
    expect(screen.getByTestId('account-size-list')).toHaveTextContent('Talle M · Conjunto Encaje (cambio)');
    expect(screen.getByTestId('account-size-list')).toHaveTextContent('Talle 90B · Corpiño Soft');
    expect(await screen.findByTestId('account-measurements')).toHaveTextContent('Cintura: 70 cm');
    expect(await screen.findByRole('link', { name: 'Conjunto Encaje' })).toHaveAttribute('href', '/product/p1');
    expect(await screen.findByTestId('account-alert')).toHaveTextContent('Talle S · Rojo');
  });

  it('buys an order again: the available lines go to the cart, the others are named', async () => {
    const { user } = renderAccount();
    const order = await screen.findByRole('article', { name: 'Pedido JL-20260301-0001' });
    await user.click(within(order).getByRole('button', { name: 'Volver a comprar' }));
    const status = within(order).getByTestId('account-reorder-status');
    expect(status).toHaveTextContent('Agregamos 1 producto a tu carrito.');
    expect(status).toHaveTextContent('No están disponibles:');
    expect(status).toHaveTextContent('Body Rubí · Talle S · Rojo');
    expect(JSON.parse(localStorage.getItem('cart') ?? '[]')).toMatchObject([{ id: 'p1', size: 'M', color: 'Negro', quantity: 2 }]);
  });

  it('offers to pay an unpaid order, pages through her orders and says when she has none', async () => {
    const unpaid = accountOrder({ status: 'pending_payment', checkoutUrl: 'https://mp.example/pay', tracking: null, invoiced: false });
    const { requests, user } = renderAccount({
      'GET /account/orders': (request) => ({
        data: { orders: request.params.page === 2 ? [] : [unpaid], total: 11, totalPages: 2, page: request.params.page },
      }),
    });
    const order = await screen.findByRole('article', { name: 'Pedido JL-20260301-0001' });
    expect(within(order).getByRole('link', { name: 'Pagar' })).toHaveAttribute('href', 'https://mp.example/pay');
    expect(within(order).queryByRole('button', { name: 'Descargar factura' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('Todavía no tenés compras con este e-mail')).toBeInTheDocument();
    expect(requests.filter((r) => r.url === '/account/orders').map((r) => r.params.page)).toEqual([1, 2]);
  });

  it('offers "Opiná" on a delivered order only, to its review page', async () => {
    const delivered = accountOrder({ orderNumber: 'JL-20260301-0002', fulfillment: 'delivered', reviewPath: '/opinar/tok-1-firma' });
    renderAccount({ 'GET /account/orders': { data: { orders: [delivered, accountOrder()], total: 2, totalPages: 1, page: 1 } } });
    const done = await screen.findByRole('article', { name: 'Pedido JL-20260301-0002' });
    expect(within(done).getByRole('link', { name: 'Opiná sobre tu compra' })).toHaveAttribute('href', '/opinar/tok-1-firma');
    const shipped = screen.getByRole('article', { name: 'Pedido JL-20260301-0001' });
    expect(within(shipped).queryByRole('link', { name: 'Opiná sobre tu compra' })).not.toBeInTheDocument();
  });

  it('saves her e-mail preferences and says so', async () => {
    const { requests, user } = renderAccount({
      'PUT /account/preferences': (request) => ({ data: { account: { ...ACCOUNT, preferences: bodyOf(request) } } }),
    });
    const news = await screen.findByRole('checkbox', { name: ACCOUNT_PREFERENCE_LABELS.news });
    expect(news).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: ACCOUNT_PREFERENCE_LABELS.cartRecovery })).toBeChecked();
    await user.click(news);
    await user.click(screen.getByRole('checkbox', { name: ACCOUNT_PREFERENCE_LABELS.stockAlerts }));
    await user.click(screen.getByRole('button', { name: 'Guardar preferencias' }));
    expect(await screen.findByTestId('account-preferences-status')).toHaveTextContent(ACCOUNT_MSG.saved);
    expect(bodyOf(requests.find((r) => r.method === 'PUT')!)).toEqual({ cartRecovery: true, stockAlerts: false, news: true });
  });

  it('adds an address with the whole list and removes a favourite and an alert', async () => {
    const { requests, user } = renderAccount({
      'PUT /account/addresses': (request) => ({ data: bodyOf(request) }),
      'PUT /account/favorites': { data: { favorites: [] } },
      'DELETE /account/alerts/7': { data: { alerts: [] } },
    });
    await user.click(await screen.findByRole('button', { name: 'Agregar una dirección' }));
    await user.click(screen.getByRole('button', { name: 'Guardar dirección' }));
    expect(screen.getByLabelText(/^Dirección/)).toHaveAccessibleDescription('Escribí la dirección (calle y número)');
    await user.type(screen.getByLabelText('Nombre de la dirección'), 'Trabajo');
    await user.type(screen.getByLabelText(/^Dirección/), 'Av. Argentina 500');
    await user.type(screen.getByLabelText('Ciudad'), 'Neuquén');
    await user.click(screen.getByRole('button', { name: 'Guardar dirección' }));
    expect(await screen.findByRole('button', { name: 'Editar Trabajo' })).toBeInTheDocument();
    const put = bodyOf(requests.find((r) => r.url === '/account/addresses' && r.method === 'PUT')!);
    expect(put.addresses).toMatchObject([{ id: 'a1' }, { label: 'Trabajo', address: 'Av. Argentina 500', city: 'Neuquén' }]);

    await user.click(screen.getByRole('button', { name: 'Quitar Conjunto Encaje de favoritos' }));
    expect(await screen.findByText(/Todavía no marcaste favoritos/)).toBeInTheDocument();
    expect(bodyOf(requests.find((r) => r.url === '/account/favorites' && r.method === 'PUT')!)).toEqual({ productIds: [] });
    await user.click(screen.getByRole('button', { name: /Quitar el aviso de Body Rubí/ }));
    expect(await screen.findByText(/No tenés avisos pendientes/)).toBeInTheDocument();
  });

  it('downloads her data as a .json file and lists its summary', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const exported = {
      exportedAt: '2026-03-05T10:00:00.000Z',
      summary: ['1 compra', '1 dirección guardada'],
      account: {},
      orders: [],
      alerts: [],
      reviews: [],
      returns: [],
      withdrawals: [],
      checkouts: [],
      customer: null,
    };
    const { user } = renderAccount({ 'GET /account/export': { data: exported } });
    await user.click(await screen.findByRole('button', { name: 'Descargar mis datos' }));
    const summary = await screen.findByTestId('account-export-summary');
    await waitFor(() => expect(summary).toHaveTextContent('1 dirección guardada'));
    expect(within(summary).getAllByRole('listitem')).toHaveLength(2);
    expect(click).toHaveBeenCalledTimes(1);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('mis-datos-2026-03-05.json');
  });

  it('deletes her account after a confirmation dialog, then shows what went and what is kept, signed out', async () => {
    localStorage.setItem('account-signed-in', '1');
    const { requests, user } = renderAccount({
      'DELETE /account': {
        data: { message: ACCOUNT_MSG.deleted, deleted: ['Tus direcciones', 'Tus favoritos'], kept: ['Tus compras y sus facturas'] },
      },
    });
    const open = await screen.findByRole('button', { name: 'Eliminar mi cuenta' });
    await user.click(open);
    let dialog = screen.getByRole('dialog', { name: '¿Eliminar tu cuenta?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(/la ley nos obliga a guardarlas/);
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(open).toHaveFocus();
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);

    await user.click(open);
    dialog = screen.getByRole('dialog', { name: '¿Eliminar tu cuenta?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sí, eliminar mi cuenta' }));
    const farewell = await screen.findByTestId('account-farewell');
    expect(farewell).toHaveTextContent(ACCOUNT_MSG.deleted);
    expect(farewell).toHaveTextContent('Tus favoritos');
    expect(farewell).toHaveTextContent('Tus compras y sus facturas');
    expect(screen.getByLabelText('Tu e-mail')).toBeInTheDocument();
    expect(localStorage.getItem('account-signed-in')).toBeNull();
  });

  it('signs out on this device and on every device', async () => {
    const { requests, user } = renderAccount({
      'DELETE /account/session': { data: { message: ACCOUNT_MSG.signedOut } },
    });
    await user.click(await screen.findByRole('button', { name: 'Cerrar sesión' }));
    expect(await screen.findByTestId('account-farewell')).toHaveTextContent(ACCOUNT_MSG.signedOut);
    expect(requests.some((r) => r.method === 'DELETE' && r.url === '/account/session')).toBe(true);
  });

  it('shows an error with "Reintentar" when a section cannot load', async () => {
    let fail = true;
    const { user } = renderAccount({
      'GET /account/alerts': () => (fail ? { status: 500, data: { message: 'Error interno' } } : { data: { alerts: [] } }),
    });
    const section = await screen.findByTestId('account-alerts');
    expect(await within(section).findByRole('alert')).toHaveTextContent('Error interno');
    fail = false;
    await user.click(within(section).getByRole('button', { name: 'Reintentar' }));
    expect(await within(section).findByText(/No tenés avisos pendientes/)).toBeInTheDocument();
  });
});
