import { expect, test, type Request } from '@playwright/test';
import { expectNoSeriousAxeIssues } from '../support/axe';
import { adminSession, bearer, createStaffProduct } from '../support/shop';

/**
 * "¿Cuál es mi talle?" on a phone: a shopper types her measurements on a corpiño, the demo bra guide answers 90B, she
 * chooses it and adds it to the cart. Her measurements never leave the browser: no request the page sends carries them.
 */

// 75,5 cm under the bust and 91,5 cm of bust: the demo guide's 90 band (73 - 77, 89 - 93) with cup B.
const UNDERBUST = '75,5';
const BUST = '91,5';
const TRACES = ['75,5', '75.5', '75%2C5', '91,5', '91.5', '91%2C5', 'contorno'];

test('a shopper finds her size (90B) with the size finder, chooses it and buys it; the measurements stay in the browser', async ({
  page,
  request,
}) => {
  const session = await adminSession(request);
  const run = Date.now().toString(36).toUpperCase();
  const title = `Corpiño Talle Justo ${run}`;
  const product = await createStaffProduct(request, session, {
    title,
    description: 'Corpiño creado por la prueba del buscador de talles.',
    price: 19000,
    category: 'corpinos',
    size: ['85B', '90B', '95C'],
    colors: [{ name: 'Negro', value: '#000000' }],
    variants: [
      { color: 'Negro', size: '85B', stock: 3, sku: `E2E-${run}-85B` },
      { color: 'Negro', size: '90B', stock: 3, sku: `E2E-${run}-90B` },
      { color: 'Negro', size: '95C', stock: 0, sku: `E2E-${run}-95C` },
    ],
  });
  const sent: string[] = [];
  page.on('request', (req: Request) => sent.push(`${req.method()} ${req.url()} ${req.postData() ?? ''}`));
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/product/${product._id}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expectNoSeriousAxeIssues(page, 'product page');

    await page.getByRole('button', { name: '¿Cuál es mi talle?' }).click();
    const finder = page.getByTestId('size-finder');
    await expect(finder.getByRole('img', { name: /Dónde medir/ })).toBeVisible();
    await finder.getByLabel('Contorno bajo busto (cm)').fill(UNDERBUST);
    await finder.getByLabel('Contorno de busto (cm)').fill(BUST);
    await finder.getByRole('button', { name: 'Ver mi talle' }).click();
    const result = page.getByTestId('size-finder-result');
    await expect(result).toContainText('Tu talle es 90B.');
    await expect(result).toContainText('Talle 90B disponible en Negro.');
    await expectNoSeriousAxeIssues(page, 'size finder with its answer');
    await finder.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/size-finder-390.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await finder.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/size-finder-1280.png' });
    await page.setViewportSize({ width: 390, height: 844 });

    await result.getByRole('button', { name: 'Elegir talle 90B' }).click();
    await expect(page.getByTestId('size-selector').getByRole('button', { name: '90B', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.getByTestId('add-to-cart').click();
    await expect(page.getByTestId('toast')).toHaveText('¡Producto agregado al carrito!');

    await page.goto('/cart');
    const line = page.getByTestId('cart-line');
    await expect(line).toHaveCount(1);
    await expect(line).toContainText(title);
    await expect(line).toContainText('Talla: 90B');
    await expectNoSeriousAxeIssues(page, 'cart');

    // Remembered in this browser for the next product, sent nowhere.
    expect(await page.evaluate(() => localStorage.getItem('size-finder-measurements'))).toBe(
      JSON.stringify({ 'contorno bajo busto': 75.5, 'contorno de busto': 91.5 }),
    );
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.filter((line) => TRACES.some((trace) => line.toLowerCase().includes(trace)))).toEqual([]);
  } finally {
    await request.delete(`/api/products/${product._id}`, { headers: bearer(session) });
  }
});
