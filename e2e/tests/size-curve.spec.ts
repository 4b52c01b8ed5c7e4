import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeIssues } from '../support/axe';
import { bearer, createBlackGarment, deliveredPickupOrder, restoreAdminSession } from '../support/shop';

/**
 * The owner's size curve in the back office ("Reportes"): a model of a size of its own (so that the other tests'
 * sales of the category do not change what this one reads) sold out by a web order. The curve shows its units, the
 * sell-out, and a table that agrees with the server's answer; the stock views say to reorder it; axe finds nothing
 * serious, at desktop and 390 px.
 */
test('the owner reads the size curve of a category, with a size that sold out', async ({ page, request }) => {
  test.setTimeout(120_000);
  const session = await restoreAdminSession(page, request);
  const run = Date.now().toString(36).toUpperCase();
  const size = `Z${run}`.slice(0, 12);
  const product = await createBlackGarment(request, session, {
    title: `Body Curva ${run}`,
    description: 'Body creado por la prueba de la curva de talles.',
    price: 21000,
    category: 'bodys',
    variants: [{ size, stock: 3, sku: `E2E-${run}-CURVA` }],
  });
  const shopper = { fullName: 'Vera Curva', email: `vera.${run.toLowerCase()}@example.com`, phone: '2995550177' };
  await deliveredPickupOrder(request, session, [{ productId: product._id, quantity: 3, size, color: 'Negro' }], shopper);

  await page.goto('/admin/reports');
  await expect(page.getByRole('heading', { name: 'Reportes', level: 1 })).toBeVisible();
  const card = page.getByTestId('size-curve');
  await card.getByLabel('Categoría').selectOption('bodys');
  await card.getByLabel('Unidades a comprar').fill('20');
  await card.getByRole('button', { name: 'Ver curva' }).click();
  const table = card.getByRole('table', { name: /Curva de talles de Bodys/ });
  const row = table.getByRole('row').filter({ has: page.getByRole('cell', { name: size, exact: true }) });
  await expect(row).toHaveCount(1);
  // Talle, Vendidas, Parte, Veces agotado, Tardó en agotarse, De 20 a comprar: 3 sold, sold out once, the same day.
  await expect(row.getByRole('cell').nth(1)).toHaveText('3');
  await expect(row.getByRole('cell').nth(3)).toHaveText('1');
  await expect(row.getByRole('cell').nth(4)).toHaveText('0 días');
  await expect(card.getByTestId('size-curve-sentence')).toContainText(/^De cada 10 bodys, \d+ (es|son) /);

  // The page shows what the server answers for the same question.
  const answer = await request.get('/api/reports/size-curve?category=bodys&units=20', { headers: bearer(session) });
  expect(answer.status()).toBe(200);
  const curve = (await answer.json()) as { sizes: { size: string; units: number; suggested: number }[] };
  const mine = curve.sizes.find((s) => s.size === size);
  expect(mine?.units).toBe(3);
  await expect(table.getByRole('row')).toHaveCount(curve.sizes.length + 1);
  await expect(row.getByRole('cell').nth(5)).toHaveText(String(mine?.suggested));
  expect(curve.sizes.reduce((sum, s) => sum + s.suggested, 0)).toBe(20);

  // The same variant in the stock views: sold out, 3 sold in 30 days; with 21 days of delivery, 3/30 × (21 + 30) → 6.
  const stock = page.getByTestId('stock-report');
  await stock.getByLabel('Reporte', { exact: true }).selectOption('reorder');
  await stock.getByLabel('Categoría').selectOption('bodys');
  await stock.getByRole('button', { name: 'Ver reporte' }).click();
  const reorderRow = stock.getByRole('row').filter({ has: page.getByRole('cell', { name: `E2E-${run}-CURVA`, exact: true }) });
  await expect(reorderRow).toHaveCount(1);
  // Producto, Variante, SKU, Stock, Vendidas, Por día, Días de stock, Sugerido.
  await expect(reorderRow.getByRole('cell').nth(3)).toHaveText('0');
  await expect(reorderRow.getByRole('cell').nth(4)).toHaveText('3');
  await expect(reorderRow.getByRole('cell').nth(7)).toHaveText('6');

  // Sales over time: by day, a column for every day of the last 30, today's with this sale in it.
  const sales = page.getByTestId('sales-report');
  await sales.getByLabel('Agrupar por').selectOption('day');
  await sales.getByRole('button', { name: 'Ver ventas' }).click();
  const byDay = sales.getByRole('table', { name: 'Ventas por día' });
  await expect(byDay.getByRole('row')).toHaveCount(31);
  await expect(sales.getByTestId('sales-chart').locator('.sales-chart-column')).toHaveCount(30);
  const today = new Intl.DateTimeFormat('es-AR', {
    timeZone: 'America/Argentina/Buenos_Aires',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date());
  const todayRow = byDay.getByRole('row').filter({ has: page.getByRole('cell', { name: today, exact: true }) });
  await expect(todayRow).toHaveCount(1);
  await expect(todayRow.getByRole('cell').nth(1)).not.toHaveText('0');
  await expect(sales.getByLabel('Comisión de Mercado Pago (%)')).toBeVisible();

  await expectNoSeriousAxeIssues(page, 'reports page with the size curve');
  await page.screenshot({ path: 'test-results/size-curve/reports-desktop.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousAxeIssues(page, 'reports page with the size curve at 390 px');
  await page.screenshot({ path: 'test-results/size-curve/reports-390.png', fullPage: true });
});
