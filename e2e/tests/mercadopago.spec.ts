import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { E2E_MERCADOPAGO_URL } from '../playwright.config';
import { buyableProducts, openAdminOrder, ORDER_NUMBER, restoreAdminSession, shopperAtCheckout, setMercadoPago } from '../support/shop';

/**
 * Paying by card: the shopper chooses Mercado Pago, pays on its checkout page (the local stand-in started with the
 * shop, scripts/fake-mercadopago.mjs) and comes back to her order's tracking page, already paid because Mercado
 * Pago's signed notice reached the shop first; the owner sees the payment on the order.
 */
/** Serious or critical accessibility violations of the page as it is now (rule ids and where). */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test.describe('Mercado Pago', () => {
  test.beforeAll(async ({ request }) => setMercadoPago(request, true));
  test.afterAll(async ({ request }) => setMercadoPago(request, false));

  test('the shopper pays on Mercado Pago’s page and lands on a paid tracking page; the owner sees the payment', async ({
    browser,
    page,
    request,
  }) => {
    const [product] = await buyableProducts(request);
    const shopper = await shopperAtCheckout(browser, product!, 'Mercedes Tarjeta', /Mercado Pago/);
    await shopper.getByRole('button', { name: 'Confirmar Pedido' }).click();

    await expect(shopper).toHaveURL(new RegExp(`^${E2E_MERCADOPAGO_URL}/checkout/v1/redirect\\?pref_id=`));
    const orderNumber = ((await shopper.getByText(/^Pedido /).textContent()) ?? '').replace('Pedido ', '').trim();
    expect(orderNumber).toMatch(ORDER_NUMBER);
    await shopper.getByLabel('Cuotas').selectOption('3');
    await shopper.getByRole('button', { name: 'Pagar', exact: true }).click();

    await expect(shopper).toHaveURL(new RegExp(`/track-order\\?n=${orderNumber}`));
    await expect(shopper.getByTestId('tracking-result').getByTestId('status-badge')).toHaveText('Pagado');

    await restoreAdminSession(page, request);
    await openAdminOrder(page, orderNumber);
    await expect(page.getByRole('heading', { name: `Orden #${orderNumber}` })).toBeVisible();
    await expect(page.getByTestId('order-timeline')).toContainText('Pendiente (Mercado Pago) → Pagado');
    await expect(page.getByTestId('order-timeline')).toContainText('Mercado Pago aprobó el pago');
    await expect(page.getByText('3 cuotas').first()).toBeVisible();
  });

  test('a rejected card brings the shopper back to a tracking page that lets her pay again; pages pass axe', async ({
    browser,
    request,
    page,
  }) => {
    const [, product] = await buyableProducts(request);
    const shopper = await shopperAtCheckout(browser, product!, 'Rocío Rechazo', /Mercado Pago/);
    await expect(shopper.getByText('Al confirmar el pedido te llevamos a Mercado Pago')).toBeVisible();
    // The totals are dimmed while the quote for the new method is on its way: scanned once it answered.
    await expect(shopper.locator('dl.totals[aria-busy]')).toHaveCount(0);
    expect(await seriousViolations(shopper)).toEqual([]);
    await shopper.getByRole('button', { name: 'Confirmar Pedido' }).click();
    await expect(shopper).toHaveURL(new RegExp(`^${E2E_MERCADOPAGO_URL}/`));
    const orderNumber = ((await shopper.getByText(/^Pedido /).textContent()) ?? '').replace('Pedido ', '').trim();
    await shopper.getByRole('button', { name: 'Simular tarjeta rechazada' }).click();

    await expect(shopper).toHaveURL(new RegExp(`/track-order\\?n=${orderNumber}`));
    const result = shopper.getByTestId('tracking-result');
    await expect(result.getByTestId('status-badge')).toHaveText('Pendiente (Mercado Pago)');
    const payAgain = result.getByRole('link', { name: /Pagar con Mercado Pago/ });
    await expect(payAgain).toBeVisible();
    expect(await seriousViolations(shopper)).toEqual([]);
    await payAgain.click();
    await shopper.getByRole('button', { name: 'Pagar', exact: true }).click();
    await expect(shopper.getByTestId('tracking-result').getByTestId('status-badge')).toHaveText('Pagado');

    await restoreAdminSession(page, request);
    await openAdminOrder(page, orderNumber);
    await expect(page.getByRole('button', { name: /Reembolsar por Mercado Pago/ })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
