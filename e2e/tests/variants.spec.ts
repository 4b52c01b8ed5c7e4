import { expect, test } from '@playwright/test';
import { bearer, confirmOrder, fillShopper, restoreAdminSession } from '../support/shop';
import { expectNoSeriousAxeIssues } from '../support/axe';

/**
 * Variants end to end: a shopper follows a link to the nude 85B (as a feed or a WhatsApp message sends it), sees the
 * nude photos first, and buys it: only that variant's units go; a sold-out colour's size opens "Avisame". Staff fill
 * the colour × size grid, and update stock from a spreadsheet with one bad row (refused, nothing applied), then a
 * good one. axe finds no serious issue on the product page, the grid and the spreadsheet page.
 */

const SHOTS = 'test-results/variants';
const NEGRO_PHOTO = '/images/products/conjunto-lila-triangulo.webp';
const NUDE_PHOTO = '/images/products/body-encaje-noche.webp';

test('a shopper opens a nude 85B link, sees the nude photos and buys it; staff fill the grid and import a stock file', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const session = await restoreAdminSession(page, request);
  const run = Date.now().toString(36).toUpperCase();
  const title = `Corpiño Soft Variantes ${run}`;
  const created = await request.post('/api/products', {
    headers: bearer(session),
    data: {
      title,
      description: 'Corpiño en dos colores, creado por la prueba de variantes.',
      price: 18000,
      category: 'corpinos',
      size: ['85B', '90C'],
      colors: [
        { name: 'Negro', value: '#000000' },
        { name: 'Nude', value: '#E3BC9A' },
      ],
      thumbnails: [NEGRO_PHOTO, NUDE_PHOTO],
      photoColors: { [NUDE_PHOTO]: 'Nude' },
      variants: [
        { color: 'Negro', size: '85B', stock: 3, sku: `E2E-${run}-N85` },
        { color: 'Nude', size: '85B', stock: 2, sku: `E2E-${run}-U85` },
        { color: 'Negro', size: '90C', stock: 0, sku: `E2E-${run}-N90` },
        { color: 'Nude', size: '90C', stock: 1, sku: `E2E-${run}-U90` },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const product = (await created.json()).product as { _id: string };
  const units = async () => {
    const res = await request.get(`/api/products/${product._id}`, { headers: bearer(session) });
    const body = await res.json();
    return Object.fromEntries(body.product.variants.map((v: { id: string; stock: number }) => [v.id, v.stock])) as Record<string, number>;
  };
  try {
    // The shopper arrives on the link a feed gives (any case).
    const shopper = await (await browser.newContext()).newPage();
    await shopper.goto(`/product/${product._id}?color=nude&talle=85b`);
    await expect(shopper.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(shopper.getByRole('button', { name: /^Color Nude/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(shopper.getByTestId('size-selector').getByRole('button', { name: '85B', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // The nude photo comes first.
    const main = shopper.locator('.gallery__main img');
    await expect(main).toHaveAttribute('src', /body-encaje-noche/);
    await expectNoSeriousAxeIssues(shopper, 'product page with colour swatches');
    await shopper.screenshot({ path: `${SHOTS}/product-nude.png`, fullPage: true });

    // Negro 90C has no units: choosing it opens "Avisame".
    await shopper.getByRole('button', { name: /^Color Negro/ }).click();
    await expect(main).toHaveAttribute('src', /conjunto-lila-triangulo/);
    await shopper
      .getByTestId('size-selector')
      .getByRole('button', { name: /^90C, agotad/ })
      .click();
    await expect(shopper.getByTestId('stock-alert')).toBeVisible();
    await expect(shopper.getByTestId('add-to-cart')).toBeDisabled();

    // Back to Nude 85B, into the cart and through the checkout.
    await shopper.getByRole('button', { name: /^Color Nude/ }).click();
    await shopper.getByTestId('size-selector').getByRole('button', { name: '85B', exact: true }).click();
    await shopper.getByTestId('add-to-cart').click();
    await expect(shopper.getByTestId('toast')).toBeVisible();
    const cart: { size: string; color: string; quantity: number }[] = JSON.parse(
      await shopper.evaluate(() => window.localStorage.getItem('cart') ?? '[]'),
    );
    expect(cart).toEqual([expect.objectContaining({ size: '85B', color: 'Nude', quantity: 1 })]);
    await shopper.goto('/checkout');
    await expect(shopper.getByText(/Nude/).first()).toBeVisible();
    await fillShopper(shopper, 'Compradora Variantes');
    const orderNumber = await confirmOrder(shopper);
    expect(orderNumber).not.toBe('');
    expect(await units()).toEqual({ 'negro~85B': 3, 'nude~85B': 1, 'negro~90C': 0, 'nude~90C': 1 });

    // Staff: the grid in the product editor.
    await page.goto(`/admin/products/edit/${product._id}`);
    const grid = page.getByTestId('stock-by-size');
    await expect(grid.getByLabel('Stock Nude 85B')).toHaveValue('1');
    await grid.getByLabel('Stock Negro 90C').fill('5');
    await expectNoSeriousAxeIssues(page, 'product editor with the colour × size grid');
    await page.screenshot({ path: `${SHOTS}/admin-grid.png`, fullPage: true });
    await page.getByRole('button', { name: 'Revisar y continuar' }).click();
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);
    expect((await units())['negro~90C']).toBe(5);

    // Staff: stock from a spreadsheet, one bad row refuses the file; the corrected file applies.
    await page.goto('/admin/products/stock');
    const bad = `sku;stock\r\nE2E-${run}-N85;7\r\nNO-EXISTE-${run};2\r\n`;
    await page.getByLabel('Planilla de stock (.csv)').setInputFiles({ name: 'stock.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
    await expect(page.getByText(`No hay ninguna variante con SKU NO-EXISTE-${run}`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Aplicar cambios' })).toBeDisabled();
    await expectNoSeriousAxeIssues(page, 'stock spreadsheet preview with a refused row');
    await page.screenshot({ path: `${SHOTS}/admin-stock-sheet.png`, fullPage: true });
    expect((await units())['negro~85B']).toBe(3);
    const good = `sku;stock\r\nE2E-${run}-N85;7\r\n`;
    await page.getByLabel('Planilla de stock (.csv)').setInputFiles({ name: 'stock.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
    await expect(page.getByRole('button', { name: 'Aplicar cambios' })).toBeEnabled();
    await page.getByRole('button', { name: 'Aplicar cambios' }).click();
    await expect(page.getByTestId('stock-import-success')).toHaveText('Stock actualizado: 1 cambio aplicado.');
    expect((await units())['negro~85B']).toBe(7);
  } finally {
    await request.delete(`/api/products/${product._id}`, { headers: bearer(session) });
  }
});
