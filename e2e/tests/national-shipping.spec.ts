import { expect, test, type APIRequestContext } from '@playwright/test';
import { E2E_ANDREANI, E2E_CORREO, E2E_CORREO_URL } from '../playwright.config';
import { expectNoSeriousAxeIssues } from '../support/axe';
import {
  adminSession,
  bearer,
  buyableProducts,
  confirmOrder,
  openAdminOrder,
  payByTransferWithProof,
  restoreAdminSession,
  shopperAtCheckout,
} from '../support/shop';

/**
 * Issue 48 end to end: a shopper in Córdoba checks out to a Correo Argentino branch (quoted by the fake MiCorreo),
 * the owner creates the shipment and prints its label, marks it dispatched, the carrier reports it delivered, and the
 * shopper follows it on her tracking page. The carriers are turned on for this file only and off again after it, so
 * the other files' checkouts stay as they were.
 */
const SHOPPER_EMAIL = 'compradora.journey@example.com';

async function carriers(request: APIRequestContext, enabled: boolean): Promise<void> {
  const owner = await adminSession(request);
  const body = enabled
    ? {
        carriers: {
          'correo-argentino': { enabled: true, credentials: { ...E2E_CORREO } },
          andreani: {
            enabled: true,
            credentials: {
              contract: E2E_ANDREANI.contract,
              branchContract: E2E_ANDREANI.branchContract,
              user: E2E_ANDREANI.user,
              password: E2E_ANDREANI.password,
            },
          },
        },
      }
    : { carriers: { 'correo-argentino': { enabled: false }, andreani: { enabled: false } } };
  const res = await request.put('/api/shipping/settings', { headers: bearer(owner), data: body });
  expect(res.status(), await res.text()).toBe(200);
}

test.beforeAll(async ({ request }) => carriers(request, true));
test.afterAll(async ({ request }) => carriers(request, false));

test('a shopper in Córdoba buys to a Correo Argentino branch, the owner prints the label, the shopper follows it to delivered', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const [product] = await buyableProducts(request);
  const shopper = await shopperAtCheckout(browser, product, 'Lucía Córdoba');

  // The national address, then the carriers' options for it.
  await shopper.getByRole('radio', { name: /Envío a todo el país/ }).check();
  const address = shopper.getByTestId('national-address');
  await address.getByLabel(/Código postal/).fill('5000');
  await address.getByLabel(/Provincia/).selectOption({ label: 'Córdoba' });
  await address.getByLabel(/Localidad/).fill('Córdoba');
  await address.getByLabel(/Calle/).fill('Av. Colón');
  await address.getByLabel(/Número/).fill('1200');
  const options = shopper.getByRole('radiogroup', { name: 'Opciones de envío' });
  await expect(options.getByRole('radio')).not.toHaveCount(0, { timeout: 30_000 });
  // Both carriers answer, to the door and to a branch.
  await expect(options.getByRole('radio', { name: /Andreani/ }).first()).toBeVisible();
  const correoBranch = options.getByRole('radio', { name: /Correo Argentino.*A sucursal/ }).first();
  await correoBranch.check();
  const branches = shopper.getByTestId('branch-picker');
  await expect(branches.getByRole('radio').first()).toBeVisible({ timeout: 30_000 });
  const branchName = (await branches.locator('label').first().innerText()).split('\n')[0]?.trim() ?? '';
  await branches.getByRole('radio').first().check();
  // The summary's figures are re-quoted for the chosen option: scan once the new figures are in.
  const figures = shopper.getByTestId('order-summary').locator('dl.totals');
  await expect(figures).not.toHaveAttribute('aria-busy', 'true', { timeout: 30_000 });
  await expect(shopper.getByTestId('summary-shipping')).not.toHaveText('A calcular');
  await expectNoSeriousAxeIssues(shopper, 'checkout with national shipping');
  await shopper.screenshot({ path: 'test-results/national-shipping/checkout-desktop.png', fullPage: true });
  await shopper.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => shopper.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousAxeIssues(shopper, 'checkout with national shipping at 390 px');
  await shopper.screenshot({ path: 'test-results/national-shipping/checkout-390.png', fullPage: true });

  await payByTransferWithProof(shopper);
  const orderNumber = await confirmOrder(shopper);

  // The stored order: the branch and the quoted price, and a total that adds up to the peso.
  const owner = await adminSession(request);
  const listed = await request.get('/api/orders?limit=50', { headers: bearer(owner) });
  const { orders } = (await listed.json()) as {
    orders: {
      _id: string;
      orderNumber: string;
      total: number;
      subtotal: number;
      discountTotal?: number;
      shippingCost: number;
      deliveryType: string;
      nationalShipping: { carrier: string; type: string; price: number; branch: { name: string } | null };
    }[];
  };
  const stored = orders.find((o) => o.orderNumber === orderNumber);
  if (!stored) throw new Error(`${orderNumber} is not in the back office's list`);
  const id = stored._id;
  expect(stored.deliveryType).toBe('carrier');
  expect(stored.nationalShipping).toMatchObject({ carrier: 'correo-argentino', type: 'branch', branch: { name: branchName } });
  expect(stored.shippingCost).toBe(stored.nationalShipping.price);
  expect(stored.total).toBe(stored.subtotal - (stored.discountTotal ?? 0) + stored.shippingCost);

  // The transfer is checked (as staff do after reading the proof), then the owner ships it from the back office.
  const paid = await request.put(`/api/orders/${id}/status`, { headers: bearer(owner), data: { status: 'paid' } });
  expect(paid.status(), await paid.text()).toBe(200);
  await restoreAdminSession(page, request);
  await openAdminOrder(page, orderNumber);
  const card = page.getByTestId('order-shipment');
  await card.getByRole('button', { name: 'Crear envío' }).click();
  await expect(card.getByTestId('shipment-status')).toHaveText('Etiqueta lista', { timeout: 30_000 });
  const trackingNumber = (await card.getByTestId('shipment-tracking-number').innerText()).trim();
  expect(trackingNumber).not.toBe('');
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Descargar etiqueta (10 × 15 cm)' }).click();
  const label = await (await download).path();
  const { readFile } = await import('node:fs/promises');
  expect((await readFile(label)).subarray(0, 5).toString()).toBe('%PDF-');
  await expectNoSeriousAxeIssues(page, 'order with its carrier shipment');
  await page.screenshot({ path: 'test-results/national-shipping/admin-shipment.png', fullPage: true });
  await card.getByRole('button', { name: 'Marcar despachado' }).click();
  await expect(card.getByTestId('shipment-status')).toHaveText('Despachado');

  // The carrier reports it delivered; the shopper's tracking page asks it and shows its steps.
  const advanced = await request.post(`${E2E_CORREO_URL}/__control/advance`, { data: { number: trackingNumber, to: 'delivered' } });
  expect(advanced.status(), await advanced.text()).toBe(200);
  const tracking = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await tracking.goto('/track-order');
  await tracking.getByLabel('Número de pedido').fill(orderNumber);
  await tracking.getByLabel(/E-mail o teléfono de la compra/).fill(SHOPPER_EMAIL);
  await tracking.getByRole('button', { name: 'Buscar' }).click();
  const followed = tracking.getByTestId('tracking-shipment');
  await expect(followed.getByTestId('tracking-shipment-number')).toContainText(trackingNumber);
  await expect(followed.getByRole('listitem').first()).toContainText('Entregado');
  await expect(tracking.getByTestId('tracking-fulfillment')).toHaveText('Entregado');
  await expect(tracking.getByTestId('tracking-carrier')).toContainText('Correo Argentino');
  await expectNoSeriousAxeIssues(tracking, 'tracking a carrier shipment');
  await expect.poll(() => tracking.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await tracking.screenshot({ path: 'test-results/national-shipping/tracking-390.png', fullPage: true });
});
