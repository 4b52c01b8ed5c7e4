import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeIssues } from '../support/axe';
import { createBlackGarment, deliveredPickupOrder, restoreAdminSession } from '../support/shop';

/**
 * The botón de arrepentimiento on a 390 px phone: its link on the home's first screen (no scrolling, no menu opened),
 * the form without signing in, the code at once, its status on the tracking page; the owner sees the request in
 * "Arrepentimientos" and arranges the pickup. Every new page passes axe.
 */
test('from the home’s first screen to a withdrawal code without signing in; the owner arranges the pickup', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const session = await restoreAdminSession(page, request);
  const run = Date.now().toString(36).toUpperCase();
  const product = await createBlackGarment(request, session, {
    title: `Conjunto Arrepentimiento ${run}`,
    description: 'Conjunto creado por la prueba del botón de arrepentimiento.',
    price: 18000,
    category: 'conjuntos',
    variants: [{ size: 'M', stock: 2, sku: `E2E-ARR-${run}` }],
  });
  const shopper = { fullName: 'Carla Arrepentida', email: `carla.${run.toLowerCase()}@example.com`, phone: '2995550190' };
  const order = await deliveredPickupOrder(request, session, [{ productId: product._id, quantity: 1, size: 'M', color: 'Negro' }], shopper);

  const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await phone.goto('/');
  const link = phone.getByTestId('withdrawal-link');
  await expect(link).toHaveText('Botón de arrepentimiento');
  await expect(link).toBeInViewport();
  // The footer's consumer-defence link, with the law's exact text, to the portal (site content `legal`).
  const defense = phone.getByTestId('consumer-defense-link');
  await expect(defense).toHaveText('Defensa de las y los Consumidores. Para reclamos ingrese aquí');
  await expect(defense).toHaveAttribute('href', /^https:\/\/.+/);
  await link.click();
  await expect(phone.getByRole('heading', { level: 1, name: 'Botón de arrepentimiento' })).toBeVisible();
  await expectNoSeriousAxeIssues(phone, 'withdrawals.spec.ts #1');
  await phone.getByLabel('Número de pedido').fill(order.orderNumber);
  await phone.getByLabel('E-mail o teléfono de la compra').fill(shopper.email);
  await phone.getByLabel(/Comentario/).fill('Me quedó grande');
  await phone.getByRole('button', { name: 'Arrepentirme de la compra' }).click();
  const code = phone.getByTestId('withdrawal-code');
  await expect(code).toHaveText(/^ARR-[0-9A-Z]{10}$/);
  const codeText = (await code.textContent())?.trim() ?? '';
  await expect(phone.getByTestId('withdrawal-result')).toContainText('Recibimos tu arrepentimiento');
  await phone.screenshot({ path: 'test-results/withdrawals/code-390.png', fullPage: true });
  await expectNoSeriousAxeIssues(phone, 'withdrawals.spec.ts #2');
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // Her tracking page shows the request and its status.
  await phone.goto(`/track-order?n=${order.orderNumber}`);
  await phone.getByLabel(/E-mail o teléfono de la compra/).fill(shopper.email);
  await phone.getByRole('button', { name: 'Buscar' }).click();
  await expect(phone.getByTestId('tracking-withdrawals')).toContainText(`${codeText}: Recibido`);

  // The owner's screen: the request with its window and days left; the pickup arranged.
  await page.goto('/admin/withdrawals');
  const card = page.getByTestId('withdrawal-card').filter({ hasText: codeText });
  await expect(card).toContainText(order.orderNumber);
  await expect(card).toContainText('quedan 10 día(s)');
  await expectNoSeriousAxeIssues(page, 'withdrawals.spec.ts #3');
  await page.screenshot({ path: 'test-results/withdrawals/admin.png', fullPage: true });
  await card.getByRole('button', { name: 'Retiro coordinado' }).click();
  await expect(card.getByRole('button', { name: /Recibido en tienda/ })).toBeVisible();
  await expect(card.locator('.badge')).toHaveText('Retiro coordinado');
});
