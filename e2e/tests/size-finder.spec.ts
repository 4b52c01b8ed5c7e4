import { expect, test, type APIRequestContext, type Request } from '@playwright/test';
import { expectNoSeriousAxeIssues } from '../support/axe';
import { adminSession, bearer, createBlackGarment, deliveredPickupOrder, restoreAdminSession, type AdminSession } from '../support/shop';

/**
 * "¿Cuál es mi talle?" on a phone: a shopper types her measurements on a corpiño, the demo bra guide answers 90B, she
 * chooses it and adds it to the cart. Her measurements never leave the browser: no request the page sends carries them.
 */

// 75,5 cm under the bust and 91,5 cm of bust: the demo guide's 90 band (73 - 77, 89 - 93) with cup B.
const UNDERBUST = '75,5';
const BUST = '91,5';
const TRACES = ['75,5', '75.5', '75%2C5', '91,5', '91.5', '91%2C5', 'contorno'];

/** A corpiño in 85B, 90B and 95C (black), with these units of each. */
function bra(request: APIRequestContext, session: AdminSession, title: string, units: [number, number, number]) {
  const run = Date.now().toString(36).toUpperCase();
  const sizes = ['85B', '90B', '95C'];
  return createBlackGarment(request, session, {
    title,
    description: 'Corpiño creado por las pruebas del buscador de talles.',
    price: 19000,
    variants: sizes.map((size, i) => ({ size, stock: units[i] ?? 0, sku: `E2E-${run}-${size}` })),
  });
}

test('a shopper finds her size (90B) with the size finder, chooses it and buys it; the measurements stay in the browser', async ({
  page,
  request,
}) => {
  const session = await adminSession(request);
  const run = Date.now().toString(36).toUpperCase();
  const title = `Corpiño Talle Justo ${run}`;
  const product = await bra(request, session, title, [3, 3, 0]);
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

/**
 * A model the shop's shoppers exchanged six times for the next size up ("Me quedó chico"): its page says so, and the
 * finder answers one size up for the same measurements, saying why.
 */
test('a bra exchanged six times for a larger size shows its fit note, and the finder answers one size up', async ({ page, request }) => {
  test.setTimeout(120_000);
  const session = await adminSession(request);
  const run = Date.now().toString(36).toUpperCase();
  const title = `Corpiño Calza Chico ${run}`;
  const product = await bra(request, session, title, [8, 8, 8]);
  try {
    const variants = (product as unknown as { variants: { id: string; size: string }[] }).variants;
    const to95 = variants.find((v) => v.size === '95C')!.id;
    const shopper = { fullName: 'Marta Calce', email: `marta.${run.toLowerCase()}@example.com`, phone: '2995550188' };
    const order = await deliveredPickupOrder(
      request,
      session,
      [{ productId: product._id, quantity: 6, size: '90B', color: 'Negro' }],
      shopper,
    );
    // Six exchanges, one garment each: 90B for 95C, "Me quedó chico".
    for (let i = 0; i < 6; i += 1) {
      const asked = await request.post('/api/returns', {
        data: {
          orderNumber: order.orderNumber,
          contact: shopper.email,
          lines: [{ lineIndex: 0, quantity: 1, kind: 'exchange', variantId: to95, reason: 'size_small' }],
        },
      });
      expect(asked.status(), await asked.text()).toBe(201);
    }

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/product/${product._id}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByTestId('fit-note')).toHaveText('La mayoría de las clientas eligió un talle más. Según 6 cambios de talle.');
    await page.getByRole('button', { name: '¿Cuál es mi talle?' }).click();
    const finder = page.getByTestId('size-finder');
    await finder.getByLabel('Contorno bajo busto (cm)').fill(UNDERBUST);
    await finder.getByLabel('Contorno de busto (cm)').fill(BUST);
    await finder.getByRole('button', { name: 'Ver mi talle' }).click();
    await expect(page.getByTestId('size-finder-result')).toContainText(
      'Tu talle en este modelo es 95C. Este modelo calza chico: en otros sería 90B.',
    );
    await expectNoSeriousAxeIssues(page, 'product page with its fit note');
    await page.getByTestId('fit-note').scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/fit-note-390.png' });

    // The owner reads the same figures by size in the product's 'Calce' card.
    await restoreAdminSession(page, request);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/admin/products/edit/${product._id}`);
    const card = page.getByTestId('fit-report');
    await expect(card.getByTestId('fit-summary')).toHaveText(
      'La página del producto muestra: «La mayoría de las clientas eligió un talle más (según 6 cambios de talle).»',
    );
    await expect(card).toContainText('6 de 6 prendas vendidas se cambiaron (100 %). Subieron de talle 6, bajaron 0.');
    await expect(card.getByRole('row', { name: /90B/ }).getByRole('cell')).toHaveText(['90B', '6', '6', '0', '6']);
    await expectNoSeriousAxeIssues(page, 'product editor with its fit card');
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/fit-card-1280.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/fit-card-390.png' });
  } finally {
    await request.delete(`/api/products/${product._id}`, { headers: bearer(session) });
  }
});
