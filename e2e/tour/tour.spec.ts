import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { addToCart, adminSession, buyableProducts, pngProof, restoreAdminSession, chooseBarrio } from '../support/shop';

/** Takes the README's screenshots from the running shop, on a desktop and a phone viewport. */
const OUT = path.resolve(__dirname, '..', '..', 'docs', 'tour');
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

async function shoot(page: Page, name: string, viewport: (typeof VIEWPORTS)[number]) {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join(OUT, `${name}-${viewport.name}.png`) });
}

for (const viewport of VIEWPORTS) {
  test(`tour on ${viewport.name}`, async ({ browser, request }) => {
    const [product] = await buyableProducts(request);
    const context = await browser.newContext({ viewport, locale: 'es-AR' });
    const page = await context.newPage();

    await page.goto('/');
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    await shoot(page, '1-home', viewport);

    await addToCart(page, product!);
    await page
      .getByTestId('toast')
      .waitFor({ state: 'detached', timeout: 5000 })
      .catch(() => undefined);
    await shoot(page, '2-product', viewport);

    await page.goto('/checkout');
    await page.getByRole('radio', { name: /domicilio/i }).check();
    await chooseBarrio(page, 'centro', 'Centro');
    await page.getByRole('radio', { name: /Transferencia/ }).check();
    await shoot(page, '3-checkout', viewport);

    // A transfer order with a proof, as a shopper would leave it, for the order-detail screenshot.
    const upload = await request.post('/api/upload/proof', {
      multipart: { file: { name: 'comprobante.png', mimeType: 'image/png', buffer: pngProof(240) } },
    });
    const { url } = await upload.json();
    const created = await request.post('/api/orders', {
      data: {
        items: [{ productId: product!._id, quantity: 1, size: product!.size[0] }],
        shippingInfo: {
          fullName: 'Sofía Gómez',
          email: 'sofia@example.com',
          phone: '+54 9 299 555-0199',
          address: 'Av. Argentina 1500',
          city: 'Neuquén',
        },
        paymentMethod: 'transfer',
        deliveryType: 'delivery',
        transferProofUrl: url,
      },
    });
    expect(created.status()).toBe(201);
    const { order } = await created.json();

    await adminSession(request);
    const admin = await context.newPage();
    await restoreAdminSession(admin, request);
    await admin.goto('/admin/dashboard');
    await expect(admin.getByTestId('dashboard-stats')).toBeVisible();
    await shoot(admin, '4-admin-dashboard', viewport);

    await admin.goto(`/admin/orders/${order._id}`);
    await expect(admin.getByRole('heading', { name: `Orden #${order.orderNumber}` })).toBeVisible();
    await shoot(admin, '5-admin-order-detail', viewport);

    await admin.goto('/admin/content');
    await expect(admin.getByRole('tab', { name: 'Sección Inicial' })).toBeVisible();
    await shoot(admin, '6-admin-content-editor', viewport);
    await context.close();
  });
}
