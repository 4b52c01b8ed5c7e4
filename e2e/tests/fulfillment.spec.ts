import { expect, test } from '@playwright/test';
import { bearer, buyableProducts, placeCashPickupOrder, restoreAdminSession } from '../support/shop';

interface Placed {
  orderNumber: string;
  order: { _id: string };
}

/**
 * After the sale: the staff mark the pickup list delivered at once ("Marcar entregado todo"); the cash collected makes
 * the orders paid, they leave the list, and the shopper's tracking page shows the steps up to "Entregado".
 */
test('staff mark a sheet delivered and the shopper’s tracking page shows it', async ({ browser, page, request }) => {
  const [product] = await buyableProducts(request);
  const shopper = { fullName: 'Carla Entrega', email: 'carla.entrega@example.com', phone: '2995550123' };
  const first = await placeCashPickupOrder<Placed>(request, product!, shopper);
  const second = await placeCashPickupOrder<Placed>(request, product!, { ...shopper, fullName: 'Sofía Entrega' });

  const session = await restoreAdminSession(page, request);
  await page.goto('/admin/orders/dispatch?type=pickup');
  const list = page.getByTestId('dispatch-page');
  await expect(list).toContainText(first.orderNumber);
  await expect(list).toContainText(second.orderNumber);
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Marcar entregado todo' }).click();
  await expect(page.getByText(/pedidos? marcados? entregados?\./)).toBeVisible();
  await expect(list).not.toContainText(first.orderNumber);
  await expect(list).not.toContainText(second.orderNumber);

  // The server agrees: delivered, and paid (the cash was collected on hand-over), named after the staff member.
  const stored = await request.get(`/api/orders/${first.order._id}`, { headers: bearer(session) });
  expect(await stored.json()).toMatchObject({ order: { status: 'paid', fulfillment: 'delivered' } });

  const tracking = await browser.newPage();
  await tracking.goto('/track-order');
  await tracking.getByLabel('Número de pedido').fill(first.orderNumber);
  await tracking.getByLabel(/E-mail o teléfono de la compra/).fill(shopper.email);
  await tracking.getByRole('button', { name: 'Buscar' }).click();
  await expect(tracking.getByTestId('tracking-fulfillment')).toHaveText('Entregado');
  await expect(tracking.getByTestId('tracking-step-delivered')).toHaveAttribute('aria-current', 'step');
  await expect(tracking.getByTestId('status-badge')).toHaveText('Pagado');
  await tracking.close();
});
