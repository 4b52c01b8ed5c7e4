import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { formatPrice, MERCADOLIBRE_SALES_MESSAGES } from '@shop/shared';
import { ADMIN_USER, renderApp, signInStorage } from '@/test/render';
import { mockApi } from '@/test/mock-api';
import { orderFixture } from '@/test/fixtures';
import { OrderDetailPage } from './order-detail-page';
import { OrderRow } from './order-row';
import { OrderQuickView } from './order-quick-view';

const mlOrder = (oversold: boolean) =>
  orderFixture(9, {
    status: 'paid',
    paymentMethod: 'mercadopago',
    paidAt: '2026-11-27T05:00:00.000Z',
    channel: 'mercadolibre',
    external: {
      orderId: '2000009876543',
      packId: '2000001111111',
      shipmentId: '44001122',
      paymentStatus: 'approved',
      saleFee: 2990,
      buyerNickname: 'LUCIA_NQN',
    },
    ...(oversold ? { oversold: true } : {}),
  });

describe('orders: a Mercado Libre sale', () => {
  it('the detail names the channel, shows its ids and fee, and "Vendido sin stock" with what to do', async () => {
    signInStorage({ ...ADMIN_USER, staffRole: 'owner', twoFactorEnabled: true });
    mockApi({
      'GET /orders/order-9/history': { data: { history: [] } },
      'GET /orders/order-9': { data: { order: mlOrder(true) } },
      'GET /orders/order-9/invoice': { data: { invoice: null, creditNote: null } },
    });
    renderApp(<OrderDetailPage />, { route: '/orders/order-9', path: '/orders/:id' });
    expect(await screen.findByTestId('order-channel')).toHaveTextContent('Venta por Mercado Libre');
    const card = screen.getByTestId('order-mercadolibre');
    expect(within(card).getByTestId('ml-order-id')).toHaveTextContent('2000009876543');
    expect(card).toHaveTextContent('Carrito2000001111111');
    expect(card).toHaveTextContent('Envío44001122');
    expect(card).toHaveTextContent('LUCIA_NQN');
    expect(card).toHaveTextContent('Aprobado');
    expect(card).toHaveTextContent(formatPrice(2990));
    const notice = within(card).getByTestId('order-oversold');
    expect(notice).toHaveTextContent(MERCADOLIBRE_SALES_MESSAGES.oversoldTitle);
    expect(notice).toHaveTextContent('cancelá la venta en Mercado Libre');
    // Paid on Mercado Libre: no Mercado Pago card (no refund button from the shop).
    expect(screen.queryByRole('button', { name: /Reembolsar por Mercado Pago/ })).not.toBeInTheDocument();
  });

  it('without the flag the detail shows the sale and no notice', async () => {
    signInStorage({ ...ADMIN_USER, staffRole: 'owner', twoFactorEnabled: true });
    mockApi({
      'GET /orders/order-9/history': { data: { history: [] } },
      'GET /orders/order-9': { data: { order: mlOrder(false) } },
      'GET /orders/order-9/invoice': { data: { invoice: null, creditNote: null } },
    });
    renderApp(<OrderDetailPage />, { route: '/orders/order-9', path: '/orders/:id' });
    expect(await screen.findByTestId('order-mercadolibre')).toBeInTheDocument();
    expect(screen.queryByTestId('order-oversold')).not.toBeInTheDocument();
  });

  it('a sale whose buyer Mercado Libre hides shows no empty e-mail or phone link, and says why', async () => {
    signInStorage({ ...ADMIN_USER, staffRole: 'owner', twoFactorEnabled: true });
    const hidden = mlOrder(false);
    hidden.shippingInfo = { ...hidden.shippingInfo, email: '', phone: '' };
    mockApi({
      'GET /orders/order-9/history': { data: { history: [] } },
      'GET /orders/order-9': { data: { order: hidden } },
      'GET /orders/order-9/invoice': { data: { invoice: null, creditNote: null } },
    });
    const { container } = renderApp(<OrderDetailPage />, { route: '/orders/order-9', path: '/orders/:id' });
    await screen.findByTestId('order-mercadolibre');
    // Every link on the page has a name (axe's link-name), and none points at an empty address.
    for (const link of screen.getAllByRole('link')) expect(link).toHaveAccessibleName();
    expect(container.querySelector('a[href="mailto:"], a[href="tel:"]')).toBeNull();
    expect(screen.getByText('E-mail: Mercado Libre no comparte este dato')).toBeInTheDocument();
    expect(screen.getByText('Teléfono: Mercado Libre no comparte este dato')).toBeInTheDocument();
  });

  it('a web order keeps its e-mail and phone as links', async () => {
    signInStorage({ ...ADMIN_USER, staffRole: 'owner', twoFactorEnabled: true });
    mockApi({
      'GET /orders/order-3/history': { data: { history: [] } },
      'GET /orders/order-3': { data: { order: orderFixture(3) } },
      'GET /orders/order-3/invoice': { data: { invoice: null, creditNote: null } },
    });
    renderApp(<OrderDetailPage />, { route: '/orders/order-3', path: '/orders/:id' });
    expect(await screen.findByRole('link', { name: 'cliente3@mail.com' })).toHaveAttribute('href', 'mailto:cliente3@mail.com');
    expect(screen.getByRole('link', { name: '299 555 0000' })).toHaveAttribute('href', 'tel:299 555 0000');
  });

  it('the list row names the channel and the sale, and flags an oversold one', () => {
    signInStorage();
    renderApp(
      <table>
        <tbody>
          <OrderRow order={mlOrder(true)} deleting={false} onQuickView={() => undefined} />
          <OrderRow order={orderFixture(3)} deleting={false} onQuickView={() => undefined} />
        </tbody>
      </table>,
    );
    const [ml, web] = screen.getAllByTestId('order-row');
    expect(within(ml!).getByTestId('order-row-channel')).toHaveTextContent('Mercado Libre · venta 2000009876543');
    expect(within(ml!).getByTestId('order-row-oversold')).toHaveTextContent('Vendido sin stock');
    expect(within(web!).queryByTestId('order-row-channel')).not.toBeInTheDocument();
    expect(within(web!).queryByTestId('order-row-oversold')).not.toBeInTheDocument();
  });

  it('the quick view names the sale and flags it too', () => {
    signInStorage();
    renderApp(<OrderQuickView order={mlOrder(true)} updating={false} onStatusChange={() => undefined} onClose={() => undefined} />);
    expect(screen.getByTestId('quick-view-external')).toHaveTextContent('Venta 2000009876543');
    expect(screen.getByTestId('order-oversold')).toHaveTextContent(MERCADOLIBRE_SALES_MESSAGES.oversoldTitle);
  });
});
