import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeIssues } from '../support/axe';
import { bearer, createBlackGarment, ean13, restoreAdminSession } from '../support/shop';

/**
 * "Ingreso de mercadería": the owner adds a supplier, scans a garment's barcode twice (a scanner types the code and
 * Enter), sets the unit cost and receives the purchase. The units reach the product's stock through the ledger, the
 * product's history names the purchase, and the stock valued at cost says what it is worth; axe finds nothing serious.
 */
test('the owner receives a purchase by scanning, and sees it in the history and at cost', async ({ page, request }) => {
  test.setTimeout(120_000);
  const session = await restoreAdminSession(page, request);
  const run = Date.now().toString(36).toUpperCase();
  const sku = `E2E-${run}-ING`;
  const barcode = ean13(`779${String(Date.now()).slice(-9)}`);
  const product = await createBlackGarment(request, session, {
    title: `Corpiño Ingreso ${run}`,
    description: 'Corpiño creado por la prueba del ingreso de mercadería.',
    price: 19000,
    variants: [{ size: '95B', stock: 1, sku, barcode }],
  });

  await page.goto('/admin/purchases');
  const form = page.getByTestId('purchase-form');
  await form.getByRole('button', { name: 'Nuevo proveedor' }).click();
  await form.getByLabel('Nombre del proveedor').fill(`Textil ${run}`);
  await form.getByRole('button', { name: 'Guardar proveedor' }).click();
  await expect(form.getByLabel('Proveedor', { exact: true })).toHaveValue(/\d+/);

  const scan = form.getByTestId('purchase-scan');
  await scan.fill(barcode);
  await scan.press('Enter');
  await scan.fill(barcode);
  await scan.press('Enter');
  const line = form.getByTestId('purchase-line');
  await expect(line).toHaveCount(1);
  await expect(form.getByRole('spinbutton', { name: /^Cantidad de / })).toHaveValue('2');
  await form.getByRole('spinbutton', { name: /^Costo unitario de / }).fill('7500');
  await expect(form.getByTestId('purchase-total')).toContainText('$15.000');
  await expectNoSeriousAxeIssues(page, 'purchase being scanned');
  await page.screenshot({ path: 'test-results/purchases/scan-desktop.png', fullPage: true });
  await form.getByRole('button', { name: 'Recibir todo' }).click();
  await expect(page.getByText(/recibida: 2 unidades sumadas al stock/)).toBeVisible();

  // The product's history names the purchase; its stock is 1 + 2.
  await page.goto(`/admin/products/edit/${product._id}`);
  const rows = page.getByTestId('stock-history').getByTestId('stock-movement-row');
  await expect(rows.first()).toContainText('Ingreso de mercadería');
  await expect(rows.first()).toContainText(/Compra N° \d+/);
  await expect(rows.first().getByRole('cell').nth(4)).toHaveText('3');

  // The stock at cost: 3 units at 7.500.
  const valuation = await request.get('/api/reports/stock?view=valuation&category=corpinos', { headers: bearer(session) });
  expect(valuation.status()).toBe(200);
  const mine = ((await valuation.json()) as { rows: { sku: string; stock: number; unitCost: number | null; value: number | null }[] }).rows;
  expect(mine.find((r) => r.sku === sku)).toMatchObject({ stock: 3, unitCost: 7500, value: 22500 });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/purchases');
  await expect(page.getByTestId('purchase-form')).toBeVisible();
  await expectNoSeriousAxeIssues(page, 'purchases page at 390 px');
  await page.screenshot({ path: 'test-results/purchases/purchases-390.png', fullPage: true });
});
