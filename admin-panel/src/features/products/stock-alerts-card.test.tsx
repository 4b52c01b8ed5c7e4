import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiUser, StockAlert, StockAlertListAnswer } from '@shop/shared';
import { ADMIN_USER, renderApp, signInStorage } from '@/test/render';
import { mockApi } from '@/test/mock-api';
import { contentFixture, productFixture } from '@/test/fixtures';
import { ProductFormPage } from './product-form-page';
import { StockAlertsCard } from './stock-alerts-card';

const alert = (id: number, over: Partial<StockAlert> = {}): StockAlert => ({
  id,
  productId: 'p-lila',
  productTitle: 'Corpiño Lila',
  size: '90C',
  email: `clienta${id}@mail.com`,
  phone: null,
  status: 'waiting',
  createdAt: '2026-11-22T18:05:00.000Z',
  notifiedAt: null,
  ...over,
});

/** What the server holds: three wait for 90C, one for 95B. */
function waitingAlerts(): StockAlert[] {
  return [alert(4, { size: '95B', phone: '299 555 1234', createdAt: '2026-11-23T12:30:00.000Z' }), alert(3), alert(2), alert(1)];
}

function answer(alerts: StockAlert[]): StockAlertListAnswer {
  const counts = new Map<string, number>();
  for (const a of alerts) counts.set(a.size, (counts.get(a.size) ?? 0) + 1);
  return { alerts, bySize: [...counts].map(([size, waiting]) => ({ size, waiting })).sort((a, b) => b.waiting - a.waiting) };
}

function setup(user: ApiUser = ADMIN_USER) {
  signInStorage(user);
  let stored = waitingAlerts();
  const calls = mockApi({
    'GET /auth/check': () => ({ data: { user } }),
    'GET /stock-alerts': () => ({ data: answer(stored) }),
    'DELETE /stock-alerts/*': (request) => {
      const id = Number(request.url.split('/').pop());
      stored = stored.filter((a) => a.id !== id);
      return { data: { message: 'Aviso eliminado' } };
    },
  });
  return { calls, user: userEvent.setup() };
}

describe('StockAlertsCard', () => {
  it("shows how many wait for each size and who, for this product's alerts", async () => {
    const { calls } = setup();
    renderApp(<StockAlertsCard productId="p-lila" />);
    const card = await screen.findByTestId('stock-alerts');
    expect(within(card).getByRole('heading', { name: 'Avisos de stock' })).toBeInTheDocument();
    const chips = await within(card).findByRole('list', { name: 'Personas esperando por talle' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['3 esperan 90C', '1 espera 95B']);
    expect(calls.find((c) => c.url === '/stock-alerts')?.params).toEqual({ productId: 'p-lila' });
    const rows = within(screen.getByTestId('stock-alerts-table')).getAllByRole('row');
    expect(rows).toHaveLength(5);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent?.trim()),
    ).toEqual(['clienta4@mail.com', '299 555 1234', '95B', '23/11/2026, 09:30', 'Eliminar']);
    // No WhatsApp given: a dash.
    expect(within(rows[2]!).getAllByRole('cell')[1]).toHaveTextContent('—');
  });

  it('deletes an alert only after confirming, then shows the list without it', async () => {
    const { calls, user } = setup();
    renderApp(<StockAlertsCard productId="p-lila" />);
    const remove = await screen.findByRole('button', { name: 'Eliminar el aviso de clienta4@mail.com por el talle 95B' });
    await user.click(remove);
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('¿Seguro que querés eliminar el aviso de clienta4@mail.com por el talle 95B?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(remove);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Aviso eliminado')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/stock-alerts/4']);
    await waitFor(() => expect(screen.queryByText('clienta4@mail.com')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.url === '/stock-alerts')).toHaveLength(2);
    expect(
      within(screen.getByRole('list', { name: 'Personas esperando por talle' }))
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['3 esperan 90C']);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('says why a delete failed, and refreshes the list anyway', async () => {
    const { user } = setup();
    const calls = mockApi({
      'GET /stock-alerts': () => ({ data: answer(waitingAlerts()) }),
      'DELETE /stock-alerts/*': { status: 404, data: { message: 'No encontramos ese aviso' } },
    });
    renderApp(<StockAlertsCard productId="p-lila" />);
    await user.click(await screen.findByRole('button', { name: 'Eliminar el aviso de clienta3@mail.com por el talle 90C' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo eliminar el aviso: No encontramos ese aviso');
    await waitFor(() => expect(calls.filter((c) => c.url === '/stock-alerts')).toHaveLength(2));
    expect(screen.getByText('clienta3@mail.com')).toBeInTheDocument();
  });

  it('says nobody waits when the product has no alerts, and gives the Spanish error when they cannot be read', async () => {
    signInStorage();
    mockApi({ 'GET /stock-alerts': () => ({ data: { alerts: [], bySize: [] } }) });
    const { unmount } = renderApp(<StockAlertsCard productId="p-lila" />);
    expect(await screen.findByText('Nadie está esperando talles de este producto')).toBeInTheDocument();
    expect(screen.queryByTestId('stock-alerts-table')).not.toBeInTheDocument();
    unmount();

    mockApi({ 'GET /stock-alerts': { status: 500, data: { message: 'Base de datos no disponible' } } });
    renderApp(<StockAlertsCard productId="p-lila" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al cargar los avisos de stock: Base de datos no disponible');
  });

  it('is shown only to staff who manage products', async () => {
    const { calls } = setup({ ...ADMIN_USER, staffRole: 'sales' });
    const { container } = renderApp(<StockAlertsCard productId="p-lila" />);
    await waitFor(() => expect(calls.some((c) => c.url === '/auth/check')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(container).toBeEmptyDOMElement();
    expect(calls.some((c) => c.url === '/stock-alerts')).toBe(false);

    setup({ ...ADMIN_USER, staffRole: 'catalog' });
    renderApp(<StockAlertsCard productId="p-lila" />);
    expect(await screen.findByText('3 esperan 90C')).toBeInTheDocument();
  });
});

describe('product editor', () => {
  const product = productFixture();

  it('shows the stock alerts of an existing product under the form, and none for a new one', async () => {
    signInStorage();
    const calls = mockApi({
      'GET /content': () => ({ data: { content: contentFixture() } }),
      'GET /products/p-lila': () => ({ data: { product } }),
      'GET /stock-alerts': () => ({ data: answer(waitingAlerts()) }),
    });
    const { unmount } = renderApp(<ProductFormPage />, { route: '/products/edit/p-lila', path: '/products/edit/:id' });
    await screen.findByTestId('product-edit-step');
    expect(await within(screen.getByTestId('stock-alerts')).findByText('3 esperan 90C')).toBeInTheDocument();
    unmount();

    renderApp(<ProductFormPage />, { route: '/products/new', path: '/products/new' });
    await screen.findByTestId('product-edit-step');
    expect(screen.queryByTestId('stock-alerts')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/stock-alerts')).toHaveLength(1);
  });
});
