import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeIssues } from '../support/axe';
import { bearer, createBlackGarment, deliveredPickupOrder, restoreAdminSession } from '../support/shop';

/**
 * The stock ledger in the back office: a product made in the editor, a web order of one unit, then the owner's
 * "Ajuste de stock" (a broken garment). The product's 'Historial de stock' lists each movement with its reason and
 * what is left, newest first, and the variant's stock is what the movements say.
 */
test('the owner sees each movement of a variant, and a breakage adjustment with its reason', async ({ page, request }) => {
  test.setTimeout(120_000);
  const session = await restoreAdminSession(page, request);
  const run = Date.now().toString(36).toUpperCase();
  const sku = `E2E-${run}-90B`;
  const product = await createBlackGarment(request, session, {
    title: `Corpiño Historial ${run}`,
    description: 'Corpiño creado por la prueba del historial de stock.',
    price: 18000,
    variants: [{ size: '90B', stock: 5, sku }],
  });
  const shopper = { fullName: 'Rita Historial', email: `rita.${run.toLowerCase()}@example.com`, phone: '2995550199' };
  await deliveredPickupOrder(request, session, [{ productId: product._id, quantity: 1, size: '90B', color: 'Negro' }], shopper);

  await page.goto(`/admin/products/edit/${product._id}`);
  const card = page.getByTestId('stock-history');
  const rows = card.getByTestId('stock-movement-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Pedido web');
  await expect(rows.nth(0).getByRole('cell').nth(4)).toHaveText('4');
  await expect(rows.nth(1)).toContainText('Edición del producto');

  await card.getByRole('button', { name: 'Ajuste de stock' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ajuste de stock' });
  await dialog.getByLabel(/Variante/).selectOption(sku);
  await dialog.getByLabel(/Unidades/).fill('1');
  await dialog.getByLabel(/Motivo/).selectOption('rotura');
  await dialog.getByLabel(/Nota/).fill('Bretel descosido');
  await expectNoSeriousAxeIssues(page, 'stock adjustment dialog');
  await dialog.getByRole('button', { name: 'Guardar ajuste' }).click();
  await expect(dialog).toBeHidden();
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('Ajuste de stock · Rotura');
  await expect(rows.nth(0).getByRole('cell').nth(4)).toHaveText('3');
  await expect(rows.nth(0)).toContainText((session.user as { email: string }).email);
  await expectNoSeriousAxeIssues(page, 'product editor with its stock history');
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/stock-ledger/history-desktop.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/stock-ledger/history-390.png' });

  // What the back office shows is what the server keeps: 5 − 1 sold − 1 broken, and the books agree.
  const stored = await request.get(`/api/products/${product._id}`, { headers: bearer(session) });
  expect((await stored.json()).product.variants[0].stock).toBe(3);
  const check = await request.get('/api/stock-check', { headers: bearer(session) });
  expect(check.status()).toBe(200);
  expect(await check.json()).toMatchObject({ ok: true, mismatches: [] });
});
