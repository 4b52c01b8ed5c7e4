import { expect, test } from '@playwright/test';
import { bearer, createCorpinoBySize, restoreAdminSession } from '../support/shop';

/**
 * Stock per size across the shop: the owner sets each size's units in the back-office form, the storefront shows a
 * sold-out size struck through and refuses it, and caps the quantity at the chosen size's units.
 */

const SHOTS = 'test-results/stock-by-size';

test('the owner edits per-size stock in the form; the storefront shows it and a sold-out size cannot be added', async ({
  page,
  request,
}) => {
  const session = await restoreAdminSession(page, request);
  const title = `Corpiño Tallas E2E ${Date.now()}`;
  const product = await createCorpinoBySize(request, session, { title, price: 21000, stockBySize: { '85': 4, '90': 4, '95': 4 } });
  try {
    // The owner: 85 sold out, 90 down to 2, 95 untouched.
    await page.goto(`/admin/products/edit/${product._id}`);
    const table = page.getByTestId('stock-by-size');
    await expect(table.getByLabel('Stock Negro 85')).toHaveValue('4');
    await table.getByLabel('Stock Negro 85').fill('0');
    await table.getByLabel('Stock Negro 90').fill('2');
    await expect(table.getByTestId('stock-total')).toHaveText('6');
    await page.setViewportSize({ width: 390, height: 844 });
    await table.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/admin-form-phone.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await table.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/admin-form-desktop.png` });
    await page.getByRole('button', { name: 'Revisar y continuar' }).click();
    await expect(page.getByTestId('review-stock-by-size')).toHaveText('(85: 0 · 90: 2 · 95: 4)');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);
    await page.getByLabel('Buscar').fill(title);
    await expect(page.getByTestId('product-row').filter({ hasText: title }).getByTestId('sizes-out')).toHaveText('Agotado: 85');

    // The shopper.
    await page.goto(`/product/${product._id}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const picker = page.getByTestId('size-selector');
    const soldOut = picker.getByRole('button', { name: '85, agotada' });
    await expect(soldOut).not.toHaveAttribute('aria-disabled', 'true');
    await expect(soldOut).toHaveCSS('text-decoration-line', 'line-through');
    await expect(page.getByText('Las tallas tachadas están agotadas.')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/product-desktop.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/product-phone.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    // A sold-out size can be chosen (keyboard too) to ask for an alert, never added to the cart.
    await soldOut.focus();
    await page.keyboard.press('Enter');
    await expect(soldOut).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('stock-alert')).toBeVisible();
    await expect(page.getByTestId('add-to-cart')).toBeDisabled();
    await expect(page.getByTestId('add-to-cart')).toHaveText(/Sin stock/);
    expect(await page.evaluate(() => window.localStorage.getItem('cart') ?? '[]')).toBe('[]');

    // Size 90: the stepper stops at its 2 units.
    await picker.getByRole('button', { name: '90', exact: true }).click();
    await expect(page.getByTestId('stock-note')).toHaveText('Stock disponible en talla 90: 2');
    const plus = page.getByRole('button', { name: 'Sumar una unidad' });
    await plus.click();
    await expect(page.getByTestId('quantity')).toHaveText('2');
    await expect(plus).toBeDisabled();
    await page.getByTestId('add-to-cart').click();
    await expect(page.getByTestId('toast')).toBeVisible();
    const cart: { size: string; quantity: number }[] = JSON.parse(await page.evaluate(() => window.localStorage.getItem('cart') ?? '[]'));
    expect(cart).toEqual([expect.objectContaining({ size: '90', quantity: 2 })]);

    // The API refuses the sold-out size too, naming it.
    const refused = await request.post('/api/orders', {
      data: {
        items: [{ productId: product._id, quantity: 1, size: '85' }],
        shippingInfo: { fullName: 'Prueba Tallas', email: 'tallas@example.com', phone: '299 555 0102' },
        paymentMethod: 'cash',
      },
    });
    expect(refused.status()).toBe(409);
    expect((await refused.json()).message).toBe(`Stock insuficiente para "${title}". Quedan 0 de Negro 85`);
  } finally {
    await request.delete(`/api/products/${product._id}`, { headers: bearer(session) });
  }
});
