import { expect, test } from '@playwright/test';
import { finalPrice, formatPrice } from '@shop/shared';
import {
  addToCart,
  bearer,
  buyableProducts,
  chooseBarrio,
  confirmOrder,
  fillShopper,
  restoreAdminSession,
  type ApiProduct,
} from '../support/shop';

/**
 * Delivery priced by zone and pickup at one of several meeting points, on the demo shop's seeded zones: a shopper
 * finds her zone by barrio and orders, another picks a meeting point, and the owner prints the delivery sheet.
 */

const SHOTS = 'test-results/delivery-zones';

async function orderByNumber(request: import('@playwright/test').APIRequestContext, token: string, orderNumber: string) {
  const res = await request.get(`/api/orders?limit=50`, { headers: { Authorization: `Bearer ${token}` } });
  const body: { orders: { _id: string; orderNumber: string; zone: { id: string } | null; meetingPoint: { id: string } | null }[] } =
    await res.json();
  return body.orders.find((o) => o.orderNumber === orderNumber);
}

test('a shopper finds her zone by barrio and orders with its cost; another picks a meeting point; the owner prints the delivery sheet', async ({
  browser,
  page,
  request,
}) => {
  const [product] = (await buyableProducts(request)) as [ApiProduct, ...ApiProduct[]];
  const shopper = await (await browser.newContext()).newPage();

  // The cart tells the cheapest delivery and the lowest free-shipping threshold of the seeded zones.
  await addToCart(shopper, product);
  await shopper.goto('/cart');
  await expect(shopper.getByTestId('cart-page')).toContainText(`Envío desde ${formatPrice(2500)}`);

  // Home delivery: "valentina" finds Valentina Norte, in the west zone ($3.500 below $40.000).
  await shopper.goto('/checkout');
  await shopper.getByRole('radio', { name: /domicilio/i }).check();
  await shopper.getByRole('combobox', { name: 'Barrio' }).fill('Bariloche');
  await expect(shopper.getByTestId('out-of-zone')).toContainText('No llegamos a ese barrio con envío a domicilio');
  await expect(shopper.getByTestId('out-of-zone').getByRole('link', { name: /WhatsApp/ })).toHaveAttribute('href', /wa\.me/);
  await chooseBarrio(shopper, 'valentina', 'Valentina Norte');
  await expect(shopper.getByTestId('zone-name')).toHaveText('Neuquén oeste');
  const subtotal = finalPrice(product.price, product.discount);
  const shipping = subtotal >= 40000 ? 'Gratis' : formatPrice(3500);
  await expect(shopper.getByTestId('zone-cost')).toHaveText(shipping);
  await expect(shopper.getByTestId('summary-shipping')).toHaveText(shipping);
  await fillShopper(shopper, 'Lucía Oeste');
  await shopper.getByLabel('Dirección *').fill('Los Álamos 321');
  await shopper.getByLabel('Ciudad *').fill('Neuquén');
  await shopper.screenshot({ path: `${SHOTS}/checkout-zone.png`, fullPage: true });
  const deliveryNumber = await confirmOrder(shopper);
  await expect(shopper.getByTestId('confirmation-page')).toContainText('Neuquén oeste');

  // Pickup at the second meeting point.
  await addToCart(shopper, product);
  await shopper.goto('/checkout');
  await shopper.getByRole('radio', { name: /Shopping Alto Comahue/ }).check();
  await expect(shopper.getByTestId('summary-shipping')).toHaveText('Gratis');
  await fillShopper(shopper, 'Paula Retiro');
  const pickupNumber = await confirmOrder(shopper);
  await expect(shopper.getByTestId('confirmation-page')).toContainText('Shopping Alto Comahue');

  // The server stored what the shopper saw.
  const session = await restoreAdminSession(page, request);
  expect((await orderByNumber(request, session.token, deliveryNumber))?.zone?.id).toBe('neuquen-oeste');
  expect((await orderByNumber(request, session.token, pickupNumber))?.meetingPoint?.id).toBe('alto-comahue');
  const sheet = await request.get('/api/orders/dispatch?type=delivery', { headers: bearer(session) });
  expect(sheet.status()).toBe(200);

  // The owner prints the delivery sheet: the west zone lists the order, with the cash to collect.
  await page.addInitScript(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await page.goto('/admin/orders');
  await page.getByRole('link', { name: /Hoja de reparto/ }).click();
  const west = page.getByTestId('dispatch-group').filter({ hasText: 'Neuquén oeste' });
  await expect(west).toContainText(deliveryNumber);
  await expect(west).toContainText('Lucía Oeste');
  await page.screenshot({ path: `${SHOTS}/delivery-sheet.png`, fullPage: true });
  await page.getByRole('button', { name: /Imprimir/ }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  // The pickup list names the meeting point and the pickup order.
  await page
    .getByRole('tab', { name: /Retiros/ })
    .or(page.getByRole('button', { name: /Retiros/ }))
    .or(page.getByRole('radio', { name: /Retiros/ }))
    .first()
    .click();
  await expect(page.getByTestId('dispatch-group').filter({ hasText: 'Shopping Alto Comahue' })).toContainText(pickupNumber);
});
