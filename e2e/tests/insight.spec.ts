import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { adminSession, bearer, createStaffProduct, restoreAdminSession, type ApiProduct } from '../support/shop';
import { failOnConsoleErrors } from '../support/console-errors';

/**
 * The dashboard's insight (sales per day, most viewed with low stock, revenue from the summary) and the
 * accountant's exports, in the real back office. Screenshots of the new screens go to SHOTS_DIR when it is set.
 */
const SHOTS_DIR = process.env.SHOTS_DIR;

failOnConsoleErrors();

async function lowStockProduct(request: Parameters<typeof adminSession>[0]): Promise<ApiProduct> {
  const product = await createStaffProduct(request, await adminSession(request), {
    title: `Conjunto Poco Stock ${Date.now()}`,
    description: 'Conjunto creado por la prueba del dashboard.',
    price: 18000,
    category: 'conjuntos',
    size: ['S', 'M'],
    stockBySize: { S: 1, M: 12 },
    // One colour: a product with several colours is counted per colour and size ("Negro S").
    colors: [{ name: 'Negro', value: '#000000' }],
  });
  for (let i = 0; i < 25; i++) {
    const view = await request.post('/api/interactions', {
      data: { type: 'product_view', data: { productId: product._id, productTitle: product.title, productCategory: 'conjuntos' } },
    });
    expect(view.status()).toBe(201);
  }
  return product;
}

test('dashboard: sales chart loaded only there, its table, most viewed with low stock and the edit link', async ({ page, request }) => {
  const session = await restoreAdminSession(page, request);
  const product = await lowStockProduct(request);
  const summary = await (await request.get('/api/orders/summary', { headers: bearer(session) })).json();

  // The chart library is a chunk of its own: the orders screen never downloads it.
  const chartChunks: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/sales-chart-[^/]*\.js$/.test(r.url())) chartChunks.push(r.url());
  });
  await page.goto('/admin/orders');
  await expect(page.getByTestId('order-list-page')).toBeVisible();
  expect(chartChunks).toEqual([]);

  await page.goto('/admin/dashboard');
  const sales = page.getByTestId('sales-chart-card');
  await expect(sales.locator('.recharts-surface').first()).toBeVisible();
  expect(chartChunks).toHaveLength(1);
  await expect(page.getByTestId('dashboard-stats')).toContainText(
    `$${new Intl.NumberFormat('es-AR').format(summary.summary.totalRevenue)}`,
  );
  const table = sales.getByRole('table', { name: /últimos 30 días/ });
  await expect(table.getByRole('row')).toHaveCount(31);
  await sales.getByRole('button', { name: 'Ver como tabla' }).click();
  await expect(table).toBeVisible();
  await sales.getByRole('button', { name: '90 días' }).click();
  await expect(sales.getByRole('table', { name: /últimos 90 días/ }).getByRole('row')).toHaveCount(91);

  const lowStock = page.getByTestId('low-stock-card');
  await expect(lowStock.getByText(product.title)).toBeVisible();
  await expect(lowStock.getByText('Talles con poco stock: S: 1 (total 13)')).toBeVisible();
  if (SHOTS_DIR) {
    await page.screenshot({ path: `${SHOTS_DIR}/dashboard-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS_DIR}/dashboard-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  await lowStock.getByRole('link', { name: `Editar ${product.title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/products/edit/${product._id}$`));
  await request.delete(`/api/products/${product._id}`, { headers: bearer(session) });
});

test('orders and products export: a CSV for Excel es-AR downloaded from the lists', async ({ page, request }) => {
  await restoreAdminSession(page, request);
  await page.goto('/admin/orders');
  await expect(page.getByTestId('orders-export')).toBeVisible();
  if (SHOTS_DIR) {
    await page.screenshot({ path: `${SHOTS_DIR}/orders-export-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS_DIR}/orders-export-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  const [orders] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exportar CSV de órdenes' }).click(),
  ]);
  expect(orders.suggestedFilename()).toMatch(/^ordenes-\d{4}-\d{2}-\d{2}\.csv$/);
  const ordersFile = readFileSync((await orders.path())!);
  expect([...ordersFile.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(ordersFile.toString('utf8').slice(1).split('\r\n')[0]).toMatch(/^Número;Fecha;Estado;Medio de pago;/);

  // A reversed range is refused by the server with its Spanish message.
  await page.getByLabel('Desde').fill('2026-12-31');
  await page.getByLabel('Hasta').fill('2026-01-01');
  await page.getByRole('button', { name: 'Exportar CSV de órdenes' }).click();
  await expect(page.getByRole('alert')).toContainText('La fecha "desde" no puede ser posterior a la fecha "hasta"');

  await page.goto('/admin/products');
  const [products] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exportar CSV de productos' }).click(),
  ]);
  expect(products.suggestedFilename()).toMatch(/^productos-\d{4}-\d{2}-\d{2}\.csv$/);
  const productsText = readFileSync((await products.path())!).toString('utf8');
  expect(productsText.slice(1).split('\r\n')[0]).toBe(
    'ID;Producto;Categoría;Talle;Stock;Precio;Descuento %;Precio final;Activo;Peso embalado (g);Largo (cm);Ancho (cm);Alto (cm)',
  );
  expect(productsText.split('\r\n').length).toBeGreaterThan(3);
});
