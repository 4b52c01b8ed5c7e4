import { expect, test, type Page } from '@playwright/test';
import { bearer, buyableProducts, placeCashPickupOrder, restoreAdminSession } from '../support/shop';

// The test shop runs without SMTP_HOST, as in development: every message waits in the outbox and staff read it
// (and can queue it again) on the Correos page and in the order's detail.

/** Optional screenshots for review (E2E_SHOTS_DIR set): the page at 390 and 1280 px wide. */
async function shots(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS_DIR;
  if (!dir) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('staff see an order’s messages on the Correos page and in the order, and resend one', async ({ page, request }) => {
  const session = await restoreAdminSession(page, request);
  const [product] = await buyableProducts(request);
  const { order } = await placeCashPickupOrder<{ order: { _id: string; orderNumber: string } }>(request, product, {
    fullName: 'Rocío Correos E2E',
    email: 'rocio.correos@example.com',
    phone: '299 555 0110',
  });

  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Correos' }).click();
  await expect(page).toHaveURL(/\/admin\/emails$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Correos' })).toBeVisible();
  await expect(page.getByText(/Sin servidor de correo configurado \(SMTP_HOST\)/)).toBeVisible();
  const row = page.getByTestId('emails-table').locator('tr', { hasText: 'rocio.correos@example.com' });
  await expect(row).toContainText(`Recibimos tu pedido ${order.orderNumber}`);
  await expect(row).toContainText('Pendiente');
  await shots(page, 'correos');

  await row.getByRole('button', { name: /Reenviar/ }).click();
  await expect(page.getByText('Correo a rocio.correos@example.com en cola para reenviarse.')).toBeVisible();
  const listed = await request.get(`/api/emails?order=${order._id}`, { headers: bearer(session) });
  const body = (await listed.json()) as { emails: { to: string; status: string; attempts: number }[] };
  expect(body.emails.find((m) => m.to === 'rocio.correos@example.com')).toMatchObject({ status: 'pending', attempts: 0 });

  // The order's own Correos section: the shopper's receipt and the owner's notice.
  await row.getByRole('link', { name: `#${order.orderNumber}` }).click();
  await expect(page.getByRole('heading', { name: `Orden #${order.orderNumber}` })).toBeVisible();
  const section = page.getByTestId('order-emails');
  await expect(section).toContainText('rocio.correos@example.com');
  await expect(section).toContainText(`Nuevo pedido ${order.orderNumber}`);
  await section.scrollIntoViewIfNeeded();
  await shots(page, 'order-correos');
});
