import { expect, test } from '@playwright/test';
import { buyableProducts, confirmOrder, openAdminOrder, restoreAdminSession, shopperAtCheckout } from '../support/shop';

/**
 * An unpaid transfer keeps its products for the reservation set in Métodos de Pago (two days by default): the
 * shopper is told until when, on the confirmation page and when tracking; the owner's changes land in the
 * order's timeline under her account.
 */
test('a transfer without proof is held two days; the owner’s change appears in the timeline under her account', async ({
  browser,
  page,
  request,
}) => {
  const [product] = await buyableProducts(request);
  const shopper = await shopperAtCheckout(browser, product!, 'Rocío Reserva', /Transferencia/);
  const placedAt = Date.now();
  const orderNumber = await confirmOrder(shopper);

  const notice = shopper.getByTestId('hold-notice');
  await expect(notice).toContainText('Reservamos tus productos hasta el');
  await expect(notice).toContainText(
    'Si para entonces no recibimos el comprobante de tu transferencia, el pedido se cancela automáticamente',
  );
  const deadline = Date.parse((await notice.locator('time').getAttribute('datetime')) ?? '');
  expect(deadline - placedAt).toBeGreaterThan(2880 * 60_000 - 60_000);
  expect(deadline - placedAt).toBeLessThan(2880 * 60_000 + 60_000);

  await shopper.goto('/track-order');
  await shopper.getByLabel('Número de pedido').fill(orderNumber);
  await shopper.getByRole('button', { name: 'Buscar' }).click();
  await expect(shopper.getByTestId('tracking-result').getByTestId('hold-notice')).toContainText('Reservamos tus productos hasta el');

  // The owner cancels it with a note; the timeline says who, from what to what, and why.
  const session = await restoreAdminSession(page, request);
  const username = (session.user as { username?: string }).username ?? '';
  await openAdminOrder(page, orderNumber);
  await expect(page.getByRole('heading', { name: `Orden #${orderNumber}` })).toBeVisible();
  await expect(page.getByTestId('reserved-until')).toBeVisible();
  await page.getByLabel('Nuevo estado').selectOption('cancelled');
  await page.getByRole('button', { name: 'Actualizar Orden' }).click();
  await expect(page.getByText('Orden actualizada exitosamente!')).toBeVisible();
  const timeline = page.getByTestId('order-timeline');
  await expect(timeline).toContainText('Pendiente (Falta Comprobante) → Cancelado');
  await expect(timeline).toContainText(`por ${username}`);
  await expect(page.getByTestId('reserved-until')).toHaveCount(0);

  // The shopper is no longer told about a reservation.
  await shopper.getByRole('button', { name: 'Buscar' }).click();
  await expect(shopper.getByTestId('status-badge')).toHaveText('Cancelado');
  await expect(shopper.getByTestId('hold-notice')).toHaveCount(0);
});
