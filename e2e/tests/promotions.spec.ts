import { expect, test } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { finalPrice, formatPrice, priceWithPaymentDiscount } from '@shop/shared';
import { adminSession, bearer, buyableProducts, confirmOrder, fillShopper, restoreAdminSession } from '../support/shop';

/**
 * Promotions as a shopper and the owner meet them: the transfer price on the product, a 3x2 in the cart, a coupon
 * applied at checkout and shown on the tracking page; the owner creates a coupon in "Promociones" and sees the uses
 * of the one the shopper used. Everything the test switches on is switched off again at the end.
 */

const SHOTS = 'test-results/promotions';

test('a shopper sees the transfer price and a 3x2, applies a coupon and finds it on the tracking page; the owner sees its use', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const session = await adminSession(request);
  const headers = bearer(session);
  const [product] = await buyableProducts(request, 3);
  const unit = finalPrice(product.price, product.discount);
  const original = (await (await request.get('/api/content')).json()).content;
  const content = structuredClone(original);
  content.checkout.paymentInfo.bankTransfer.discountPercent = 10;
  expect((await request.put('/api/content', { headers, data: content })).ok()).toBeTruthy();
  const promotion = await request.post('/api/promotions', {
    headers,
    data: { name: '3x2 de prueba', type: 'buy_x_pay_y', category: product.category, buy: 3, pay: 2 },
  });
  expect(promotion.status()).toBe(201);
  const promotionId: string = (await promotion.json()).promotion.id;
  const code = `E2E${Date.now().toString(36)}`.toUpperCase();
  const created = await request.post('/api/coupons', { headers, data: { code, type: 'fixed', value: 1000 } });
  expect(created.status()).toBe(201);
  const couponIds: string[] = [(await created.json()).coupon.id];

  try {
    const shopper = await (await browser.newContext()).newPage();
    // The product page: the badge of the promotion and the price with transfer.
    await shopper.goto(`/product/${product._id}`);
    await expect(shopper.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
    const info = shopper.locator('.product-info');
    await expect(info.getByTestId('promotion-badges')).toContainText('3x2');
    await expect(info.getByTestId('transfer-price')).toHaveText(`${formatPrice(priceWithPaymentDiscount(unit, 10))} con transferencia`);
    await shopper.screenshot({ path: `${SHOTS}/product.png` });
    await shopper.getByTestId('size-selector').getByRole('button', { name: product.size[0], exact: true }).click();
    await shopper.getByTestId('add-to-cart').click();
    await expect(shopper.getByTestId('toast')).toBeVisible();

    // The cart: three units, one of them free.
    await shopper.goto('/cart');
    const more = shopper.getByRole('button', { name: `Sumar una unidad de ${product.title}` });
    await more.click();
    await more.click();
    await expect(shopper.getByTestId('cart-promotion')).toHaveText(`3x2 de prueba-${formatPrice(unit)}`);
    await expect(shopper.getByTestId('cart-total')).toHaveText(formatPrice(2 * unit));
    await expect(shopper.getByTestId('cart-transfer-price')).toContainText(formatPrice(priceWithPaymentDiscount(2 * unit, 10)));
    await shopper.screenshot({ path: `${SHOTS}/cart-3x2.png`, fullPage: true });

    // Checkout: a code that does not exist is explained; the real one applies.
    await shopper.goto('/checkout');
    await fillShopper(shopper, 'Camila Cupón');
    const coupon = shopper.getByTestId('coupon');
    await coupon.getByLabel('¿Tenés un cupón?').fill('NOEXISTE');
    await coupon.getByRole('button', { name: 'Aplicar' }).click();
    await expect(coupon.getByTestId('coupon-status')).toHaveText('El cupón no existe o ya no está disponible');
    await coupon.getByLabel('¿Tenés un cupón?').fill(code.toLowerCase());
    await coupon.getByLabel('¿Tenés un cupón?').press('Enter');
    await expect(coupon.getByTestId('coupon-applied')).toHaveText(`Cupón ${code} aplicado`);
    const discounts = shopper.getByTestId('summary-discount');
    await expect(discounts).toHaveText([`3x2 de prueba-${formatPrice(unit)}`, `Cupón ${code}-${formatPrice(1000)}`]);
    await expect(shopper.getByTestId('summary-total')).toContainText(formatPrice(2 * unit - 1000));
    const axe = await new AxeBuilder({ page: shopper }).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await shopper.screenshot({ path: `${SHOTS}/checkout-coupon.png`, fullPage: true });
    const orderNumber = await confirmOrder(shopper);

    // The tracking page with the e-mail of the purchase lists both discounts.
    await shopper.goto('/track-order');
    await shopper.getByLabel('Número de pedido').fill(orderNumber);
    await shopper.getByLabel('E-mail o teléfono de la compra').fill('compradora.journey@example.com');
    await shopper.getByRole('button', { name: 'Buscar' }).click();
    await expect(shopper.getByTestId('tracking-discount')).toHaveText([
      `3x2 de prueba-${formatPrice(unit)}`,
      `Cupón ${code}-${formatPrice(1000)}`,
    ]);
    await expect(shopper.getByTestId('tracking-result')).toContainText(formatPrice(2 * unit - 1000));

    // The owner: "Promociones" shows the shopper's use, and a new coupon is created there.
    await restoreAdminSession(page, request);
    await page.goto('/admin/promotions');
    const row = page.getByTestId('coupon-row').filter({ hasText: code });
    await expect(row.getByTestId('coupon-uses')).toHaveText('1 / ∞');
    await expect(row).toContainText(formatPrice(2 * unit - 1000));
    const mine = `${code}B`;
    const form = page.getByTestId('coupon-form');
    await form.getByLabel(/Código/).fill(mine);
    await form.getByLabel(/Descuento \(%\)/).fill('150');
    await form.getByRole('button', { name: 'Crear cupón' }).click();
    await expect(form.getByRole('alert')).toHaveText('El porcentaje debe ser un número entero entre 1 y 100');
    await form.getByLabel(/Descuento \(%\)/).fill('15');
    await form.getByLabel(/Usos máximos/).fill('20');
    await form.getByRole('button', { name: 'Crear cupón' }).click();
    await expect(page.getByText(`Cupón ${mine} creado.`)).toBeVisible();
    const newRow = page.getByTestId('coupon-row').filter({ hasText: mine });
    await expect(newRow.getByTestId('coupon-uses')).toHaveText('0 / 20');
    await expect(newRow).toContainText('15 %');
    const listed = await (await request.get('/api/coupons', { headers })).json();
    couponIds.push(...listed.coupons.filter((c: { code: string }) => c.code === mine).map((c: { id: string }) => c.id));
    const adminAxe = await new AxeBuilder({ page }).analyze();
    expect(adminAxe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/admin-promotions.png`, fullPage: true });
  } finally {
    await request.delete(`/api/promotions/${promotionId}`, { headers });
    for (const id of couponIds) await request.delete(`/api/coupons/${id}`, { headers });
    await request.put('/api/content', { headers, data: original });
  }
});
