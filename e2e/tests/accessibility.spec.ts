import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  ADMIN_EMAIL,
  addToCart,
  adminSession,
  buyableProducts,
  confirmOrder,
  fillHomeDelivery,
  payByTransferWithProof,
  pngProof,
  signInThroughForm,
} from '../support/shop';

/**
 * axe-core scans every page of the storefront and of the back office, each once its real content is on screen (not
 * a loading state), and finds no violation of impact 'serious' or 'critical'. One test per app: the pages of an app
 * share one page (and, in the back office, one signed-in session). Every page is scanned even when one fails, and
 * the failure names each rule, its help text and the selectors of the offending elements.
 */

type Scan = (name: string) => Promise<void>;

/**
 * Serious or critical violations of the page as it is now: per rule, its id, help and link, then each offending
 * element's selector with axe's reason (e.g. the contrast found and the one required).
 */
async function seriousViolations(page: Page): Promise<{ rules: string[]; elements: number }> {
  const results = await new AxeBuilder({ page })
    // WCAG 2.5.3 (label in name): still tagged 'experimental' in this axe-core, so not run unless asked for.
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  const reason = (summary: string | undefined) => (summary ?? '').split('\n').slice(1).join(' ').replace(/\s+/g, ' ').trim();
  return {
    rules: serious.map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} [${violation.helpUrl}]\n` +
        violation.nodes.map((node) => `      at ${node.target.join(' >> ')}: ${reason(node.failureSummary)}`).join('\n'),
    ),
    elements: serious.reduce((sum, violation) => sum + violation.nodes.length, 0),
  };
}

/** A scan function for one test: each scan is a step, a failing page is reported and the next page still scanned. */
function scanner(page: Page): Scan {
  return (name) =>
    test.step(`axe: ${name}`, async () => {
      const { rules, elements } = await seriousViolations(page);
      test.info().annotations.push({ type: 'axe', description: `${name}: ${rules.length} rule(s), ${elements} element(s)` });
      expect.soft(rules, `serious/critical accessibility violations on ${name} (${page.url()})`).toEqual([]);
    });
}

/** The checkout's totals once the server's quote has answered (while it is on its way they are dimmed, aria-busy). */
async function settledTotals(page: Page): Promise<void> {
  await expect(page.getByTestId('summary-total')).toBeVisible();
  await expect(page.locator('dl.totals[aria-busy]')).toHaveCount(0);
}

test('storefront: every page has no serious or critical accessibility violation', async ({ page, request }) => {
  // Eleven pages, each scanned whole by axe: over a minute on a loaded 2-core machine (as the back office's test).
  test.setTimeout(180_000);
  const scan = scanner(page);
  // A product with stock in its first size, and its category's page.
  const [product] = await buyableProducts(request);
  const category = product.category;

  await page.goto('/');
  await expect(page.getByTestId('hero')).toBeVisible();
  await expect(page.getByTestId('catalog').getByTestId('product-card').first()).toBeVisible();
  // The contact form loads when the shopper comes near it.
  await page.getByTestId('contact').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('contact').getByRole('button', { name: 'Enviar mensaje' })).toBeVisible();
  await scan('home (hero, catalogue, contact)');

  await page.goto(`/category/${encodeURIComponent(category)}`);
  await expect(page.getByTestId('category-page').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await scan('category page');

  await addToCart(page, product);
  // The toast fades in: its colours are scanned once the animation is over, not half-way.
  await page.getByTestId('toast').evaluate((toast) => Promise.all(toast.getAnimations().map((animation) => animation.finished)));
  await scan('product detail');

  await page.goto('/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await scan('cart with an item');

  await page.goto('/checkout');
  await expect(page.getByRole('button', { name: 'Confirmar Pedido' })).toBeVisible();
  await expect(page.getByTestId('summary-shipping')).toHaveText('Gratis');
  await settledTotals(page);
  await scan('checkout (pickup, cash)');

  await fillHomeDelivery(page, 'Accesibilidad Prueba');
  await payByTransferWithProof(page);
  await settledTotals(page);
  await scan('checkout (home delivery, transfer with proof)');

  const orderNumber = await confirmOrder(page);
  await expect(page.getByTestId('proof-flag')).toBeVisible();
  await scan('order confirmation');

  await page.goto('/track-order');
  await expect(page.getByLabel('Número de pedido')).toBeVisible();
  await scan('order tracking (form)');
  await page.getByLabel('Número de pedido').fill(orderNumber);
  await page.getByLabel(/E-mail o teléfono de la compra/).fill('compradora.journey@example.com');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByTestId('tracking-result')).toContainText(product.title);
  await scan('order tracking (full order)');

  await page.goto('/esta-pagina-no-existe');
  await expect(page.getByTestId('home-page')).toBeVisible();
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await scan('unknown address (shows the home page)');
});

/** Shows each tab of the page's tab list in turn and scans it. */
async function scanTabs(page: Page, scan: Scan, screen: string): Promise<void> {
  const tabs = page.getByRole('tablist').getByRole('tab');
  const count = await tabs.count();
  expect(count, `${screen} has tabs`).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const tab = tabs.nth(i);
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toBeVisible();
    await scan(`${screen}, tab '${((await tab.textContent()) ?? '').trim()}'`);
  }
}

/**
 * What the back-office pages show: a transfer with its proof (proofs queue), a cash order sent home (delivery sheet)
 * and one picked up (pickup list).
 */
async function ordersToShow(request: APIRequestContext) {
  const [first, second] = await buyableProducts(request);
  const upload = await request.post('/api/upload/proof', {
    multipart: { file: { name: 'comprobante.png', mimeType: 'image/png', buffer: pngProof() } },
  });
  expect(upload.ok(), await upload.text()).toBeTruthy();
  const { url } = (await upload.json()) as { url: string };
  const place = async (data: Record<string, unknown>) => {
    const response = await request.post('/api/orders', { data });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { order: { _id: string; orderNumber: string } }).order;
  };
  const transfer = await place({
    items: [{ productId: first._id, quantity: 1, size: first.size[0] }],
    shippingInfo: { fullName: 'Accesible Transferencia', email: 'accesible.transferencia@example.com', phone: '299 555 0120' },
    paymentMethod: 'transfer',
    deliveryType: 'pickup',
    transferProofUrl: url,
  });
  const delivery = await place({
    items: [{ productId: second._id, quantity: 1, size: second.size[0] }],
    shippingInfo: {
      fullName: 'Accesible Envío',
      email: 'accesible.envio@example.com',
      phone: '299 555 0121',
      address: 'Av. Argentina 1500',
      city: 'Neuquén',
    },
    paymentMethod: 'cash',
    deliveryType: 'delivery',
    barrio: 'Centro',
  });
  const pickup = await place({
    items: [{ productId: second._id, quantity: 1, size: second.size[0] }],
    shippingInfo: { fullName: 'Accesible Retiro', email: 'accesible.retiro@example.com', phone: '299 555 0122' },
    paymentMethod: 'cash',
    deliveryType: 'pickup',
  });
  return { transfer, delivery, pickup, product: first };
}

test('back office: every page has no serious or critical accessibility violation', async ({ page, request }) => {
  // Some thirty pages, each scanned whole by axe: over three minutes on a loaded 2-core machine.
  test.setTimeout(360_000);
  const scan = scanner(page);
  // The API session checks the staff account before the form signs in with it.
  await adminSession(request);
  const { transfer, delivery, pickup, product } = await ordersToShow(request);

  await page.goto('/admin/login');
  await expect(page.getByRole('button', { name: 'Iniciar Sesión' })).toBeVisible();
  await scan('login');
  await signInThroughForm(page);

  await expect(page.getByTestId('dashboard-stats')).toBeVisible();
  await expect(page.getByTestId('recent-orders')).toContainText(pickup.orderNumber);
  await expect(page.getByTestId('sales-chart-card').locator('.recharts-cartesian-axis').first()).toBeVisible();
  await expect(page.getByTestId('low-stock-card').getByText('Cargando...')).toHaveCount(0);
  await scan('dashboard');

  await page.goto('/admin/products');
  await expect(page.getByTestId('product-row').first()).toBeVisible();
  await scan('products list');

  await page.goto('/admin/products/new');
  await expect(page.getByLabel(/^Título/)).toBeVisible();
  // The sizes offered (and the stock per size) come with the category.
  await page.getByLabel(/^Categoría/).selectOption('corpinos');
  await expect(page.getByTestId('size-options').getByRole('checkbox').first()).toBeVisible();
  await scan('new product');

  await page.goto(`/admin/products/edit/${product._id}`);
  await expect(page.getByLabel(/^Título/)).toHaveValue(product.title);
  await scan('edit product');
  await page.getByRole('button', { name: 'Revisar y continuar' }).click();
  await expect(page.getByTestId('product-review-step')).toContainText(product.title);
  await scan('edit product (review step)');

  await page.goto('/admin/orders');
  const row = page.getByTestId('order-row').filter({ hasText: pickup.orderNumber });
  await expect(row).toBeVisible();
  await scan('orders list');
  await row.getByRole('button', { name: /Vista rápida/ }).click();
  await expect(page.getByTestId('order-quick-view')).toContainText(pickup.orderNumber);
  await scan('orders list (quick view)');

  await page.goto(`/admin/orders/${transfer._id}`);
  await expect(page.getByRole('heading', { name: `Orden #${transfer.orderNumber}` })).toBeVisible();
  await expect(page.getByRole('img', { name: `Comprobante de transferencia de la orden ${transfer.orderNumber}` })).toBeVisible();
  await expect(page.getByTestId('order-emails')).toContainText('accesible.transferencia@example.com');
  await scan('order detail (transfer with proof)');
  await page.goto(`/admin/orders/${delivery._id}`);
  await expect(page.getByRole('heading', { name: `Orden #${delivery.orderNumber}` })).toBeVisible();
  await expect(page.getByText('Av. Argentina 1500').first()).toBeVisible();
  await expect(page.getByTestId('order-emails')).toContainText('accesible.envio@example.com');
  await scan('order detail (home delivery in cash)');
  await page.getByRole('link', { name: 'Remito' }).click();
  await expect(page.getByTestId('order-slip')).toContainText('Av. Argentina 1500');
  await expect(page.getByTestId('slip-collect')).toContainText('A cobrar');
  await scan('packing slip (home delivery in cash)');

  await page.goto('/admin/orders/dispatch');
  await expect(page.getByTestId('dispatch-page')).toContainText(delivery.orderNumber);
  await scan('dispatch sheet (home deliveries)');
  await page.goto('/admin/orders/dispatch?type=pickup');
  await expect(page.getByTestId('dispatch-page')).toContainText(pickup.orderNumber);
  await scan('dispatch sheet (pickups)');

  await page.goto('/admin/content');
  const tabs = page.getByRole('tablist').getByRole('tab');
  await expect(tabs.first()).toBeVisible();
  await expect(page.getByRole('tabpanel')).toBeVisible();
  await scanTabs(page, scan, 'content editor');

  await page.goto('/admin/emails');
  await expect(page.getByTestId('email-list-page').getByText('accesible.retiro@example.com').first()).toBeVisible();
  await scan('emails');

  await page.goto('/admin/proofs');
  await expect(page.getByTestId('proof-card').filter({ hasText: transfer.orderNumber })).toBeVisible();
  await scan('proofs');

  await page.goto('/admin/settings');
  await expect(page.getByRole('tablist').getByRole('tab').first()).toBeVisible();
  await scanTabs(page, scan, 'settings');

  await page.goto('/admin/team');
  await expect(page.getByTestId('staff-table')).toContainText(ADMIN_EMAIL);
  await scan('team');

  await page.goto('/admin/activity');
  await expect(page.getByTestId('activity-page').getByText('Cargando la actividad...')).toHaveCount(0);
  await expect(page.getByTestId('activity-page').getByRole('table').or(page.getByText('Sin actividad'))).toBeVisible();
  await scan('activity');

  // Canales › Mercado Libre: the account and its settings, or (an owner without two-factor sign-in) the refusal.
  await page.goto('/admin/channels/mercadolibre');
  await expect(page.getByRole('heading', { level: 1, name: 'Canales › Mercado Libre' })).toBeVisible();
  await expect(page.getByTestId('meli-settings').or(page.getByRole('alert'))).toBeVisible();
  await scan('Mercado Libre channel');
});
