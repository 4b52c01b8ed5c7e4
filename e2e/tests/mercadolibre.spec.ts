import { expect, test } from '@playwright/test';
import { E2E_MERCADOLIBRE_URL } from '../playwright.config';
import { expectNoSeriousAxeIssues } from '../support/axe';
import { twoFactorOwner, twoFactorSession } from '../support/invoicing';
import { adminSession, bearer, buyableProducts, storeAdminSession, type AdminSession } from '../support/shop';

/**
 * Issue 47 end to end, against the fake Mercado Libre Playwright starts: an owner with two-factor sign-in connects the
 * shop's account through the OAuth consent, publishes a product with its variations, and a sale made on Mercado Libre
 * (its notification posted to the shop) shows up in the back office's orders as a Mercado Libre sale. The account is
 * disconnected at the end, so the other files' stock changes are not sent anywhere.
 */
let session: AdminSession;

test.afterAll(async ({ request }) => {
  if (session) await request.delete('/api/channels/mercadolibre', { headers: bearer(session) });
});

test('the owner connects Mercado Libre, publishes a product, and a Mercado Libre sale appears in the orders', async ({ page, request }) => {
  test.setTimeout(180_000);
  const admin = await adminSession(request);
  const owner = await twoFactorOwner(request, admin, 'Dueña de Mercado Libre');
  session = await twoFactorSession(request, owner);
  await storeAdminSession(page, session);

  // Connect: the consent page (the fake accepts at once) sends the browser back to the shop's callback.
  await page.goto('/admin/channels/mercadolibre');
  await page.getByRole('button', { name: 'Conectar' }).click();
  await expect(page).toHaveURL(/\/admin\/channels\/mercadolibre\?connected=1/, { timeout: 30_000 });
  await expect(page.getByTestId('meli-nickname')).not.toBeEmpty();

  // Publish one product of the catalogue, from its own page, with the category Mercado Libre predicts and its
  // required attributes.
  const [product] = await buyableProducts(request);
  await page.goto(`/admin/products/edit/${product._id}`);
  await page.getByRole('link', { name: 'Publicar en Mercado Libre' }).click();
  await expect(page).toHaveURL(/\/admin\/channels\/mercadolibre\?publicar=/);
  const publish = page.getByTestId('meli-publish');
  await expect(publish.getByLabel('Producto', { exact: true })).toHaveValue(product._id, { timeout: 15_000 });
  await expect(publish.getByLabel('Categoría de Mercado Libre')).not.toHaveValue('', { timeout: 15_000 });
  const attributes = publish.locator('[id^="meli-attr-"]');
  await expect(attributes.first()).toBeVisible({ timeout: 15_000 });
  for (const field of await attributes.all()) {
    if ((await field.evaluate((el) => el.tagName)) === 'SELECT') await field.selectOption({ index: 1 });
    else await field.fill('Jazmín');
  }
  await expectNoSeriousAxeIssues(page, 'Mercado Libre: publish form');
  await publish.getByRole('button', { name: 'Publicar en Mercado Libre' }).click();
  const listing = page.locator('[data-testid^="meli-listing-MLA"]').filter({ hasText: product.title });
  await expect(listing).toBeVisible({ timeout: 30_000 });
  await expectNoSeriousAxeIssues(page, 'Mercado Libre: connected, with a listing');
  await page.screenshot({ path: 'test-results/mercadolibre/channel-desktop.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/mercadolibre/channel-390.png', fullPage: true });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });

  // A buyer on Mercado Libre buys one unit of the first variant with units; Mercado Libre notifies the shop.
  const detail = await (await request.get(`/api/products/${product._id}`, { headers: bearer(admin) })).json();
  const variant = (detail.product.variants as { sku: string; stock: number; active?: boolean }[]).find(
    (v) => v.stock > 0 && v.active !== false && v.sku,
  );
  if (!variant) throw new Error('the product has no variant with units');
  const sale = await request.post(`${E2E_MERCADOLIBRE_URL}/__control/sale`, {
    data: { items: [{ sku: variant.sku, quantity: 1, unitPrice: 25_000 }], firstName: 'Carla', lastName: 'Mercadal' },
  });
  expect(sale.status(), await sale.text()).toBe(200);
  const { id: orderId } = (await sale.json()) as { id: number };
  const notified = await request.post(`${E2E_MERCADOLIBRE_URL}/__control/notify`, {
    data: { orderId, url: `${new URL(page.url()).origin}/api/channels/mercadolibre/notifications` },
  });
  expect(notified.status(), await notified.text()).toBe(200);

  // The shop fetched it (a worker, within seconds) and recorded it as one of its own orders.
  await page.goto('/admin/orders');
  const row = page.getByTestId('order-row').filter({ hasText: 'Carla Mercadal' });
  await expect(async () => {
    await page.reload();
    await expect(row).toHaveCount(1, { timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
  await expect(row.getByTestId('order-row-channel')).toContainText('Mercado Libre');
  await expectNoSeriousAxeIssues(page, 'orders with a Mercado Libre sale');

  // Its page: Mercado Libre hides the buyer's e-mail and phone, so the customer card says so instead of empty links.
  await row.locator('a.order-number').click();
  await expect(page.getByTestId('order-mercadolibre')).toBeVisible();
  await expect(page.getByText('E-mail: Mercado Libre no comparte este dato')).toBeVisible();
  await expect(page.getByText('Teléfono: Mercado Libre no comparte este dato')).toBeVisible();
  await expect(page.locator('a[href="mailto:"], a[href="tel:"]')).toHaveCount(0);
  await expectNoSeriousAxeIssues(page, 'a Mercado Libre sale');
});
