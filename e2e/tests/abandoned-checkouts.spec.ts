import { expect, test } from '@playwright/test';
import { addToCart, bearer, createStaffProduct, restoreAdminSession } from '../support/shop';
import { expectNoSeriousAxeIssues } from '../support/axe';

/**
 * Abandoned checkouts end to end: a shopper types her contact at the checkout and leaves; staff (the threshold set to
 * 0 minutes through the content API) see her cart in "Carritos abandonados" with the "Enviar por WhatsApp" link; the
 * shopper opens the recovery link in a new browser and buys. The new screens pass axe (0 serious or critical).
 */

const SHOTS = 'test-results/abandoned-checkouts';

test('a shopper leaves at checkout, staff send the recovery link and she buys from a new browser', async ({ browser, page, request }) => {
  test.setTimeout(150_000);
  const session = await restoreAdminSession(page, request);
  const title = `Conjunto Abandonado E2E ${Date.now()}`;
  const product = await createStaffProduct(request, session, {
    title,
    description: 'Conjunto creado por la prueba de carritos abandonados.',
    price: 23000,
    category: 'conjuntos',
    size: ['90'],
    stockBySize: { '90': 4 },
  });
  const email = `abandona.${Date.now()}@example.com`;
  const setThreshold = async (minutes: number) => {
    const res = await request.put('/api/content', { headers: bearer(session), data: { checkout: { abandonedAfterMinutes: minutes } } });
    expect(res.status(), await res.text()).toBe(200);
  };
  try {
    // The shopper fills her contact and leaves: the checkout saved her draft (debounced).
    const shopperContext = await browser.newContext();
    const shopper = await shopperContext.newPage();
    await addToCart(shopper, product);
    await shopper.goto('/checkout');
    await expect(shopper.getByTestId('checkout-draft-notice')).toContainText('solo para ayudarte a terminar la compra');
    const saved = shopper.waitForResponse((r) => r.url().includes('/api/checkouts/') && r.request().method() === 'PUT');
    await shopper.getByLabel('Nombre completo *').fill('Carla Abandona');
    await shopper.getByLabel('Email *').fill(email);
    await shopper.getByLabel('Teléfono *').fill('+54 9 299 555-0177');
    expect((await saved).status()).toBe(200);
    await shopper.screenshot({ path: `${SHOTS}/checkout-aviso.png`, fullPage: true });
    await shopperContext.close();

    // Staff see it once past the threshold (set to 0 for the test), with the WhatsApp link carrying the recovery link.
    await setThreshold(0);
    await page.goto('/admin/abandoned');
    const row = page.getByTestId('abandoned-row').filter({ hasText: email });
    await expect(row).toBeVisible();
    await expect(row).toContainText(title);
    await expect(row).toContainText('Carla Abandona');
    const whatsapp = row.getByTestId('abandoned-whatsapp');
    const href = (await whatsapp.getAttribute('href')) ?? '';
    expect(href).toMatch(/^https:\/\/wa\.me\/5492995550177\?text=/);
    const message = decodeURIComponent(href.split('?text=')[1] ?? '');
    expect(message).toContain('¡Hola Carla!');
    const link = /(https?:\/\/\S+\/checkout\/recuperar\/[A-Za-z0-9_-]+)/.exec(message)?.[1] ?? '';
    expect(link).not.toBe('');
    await expectNoSeriousAxeIssues(page, 'Carritos abandonados');
    await page.screenshot({ path: `${SHOTS}/admin-carritos.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/admin-carritos-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    // The shopper opens the link in a new browser: the cart comes back priced today, and she buys.
    const again = await (await browser.newContext()).newPage();
    await again.goto(new URL(link).pathname);
    await expect(again.getByRole('heading', { level: 1, name: 'Tu carrito guardado' })).toBeVisible();
    await expect(again.getByTestId('recovery-line')).toContainText(title);
    await expect(again.getByTestId('recovery-total')).toHaveText(/23\.000/);
    await expectNoSeriousAxeIssues(again, 'recovery page');
    await again.screenshot({ path: `${SHOTS}/recuperar.png`, fullPage: true });
    await again.getByTestId('recovery-resume').click();
    await expect(again).toHaveURL(/\/checkout$/);
    await again.getByLabel('Nombre completo *').fill('Carla Abandona');
    await again.getByLabel('Email *').fill(email);
    await again.getByLabel('Teléfono *').fill('+54 9 299 555-0177');
    const ordered = again.waitForRequest((r) => r.url().endsWith('/api/orders') && r.method() === 'POST');
    await again.getByRole('button', { name: 'Confirmar Pedido' }).click();
    const body = (await ordered).postDataJSON() as { checkoutToken?: string; fromRecovery?: boolean };
    expect(body.fromRecovery).toBe(true);
    expect(link.endsWith(body.checkoutToken ?? '-')).toBe(true);
    await expect(again).toHaveURL(/\/order-confirmation\//);

    // Recovered: out of the list, counted on the dashboard.
    await page.goto('/admin/abandoned');
    await expect(page.getByTestId('abandoned-page')).toBeVisible();
    await expect(page.getByTestId('abandoned-row').filter({ hasText: email })).toHaveCount(0);
    const stats = await request.get('/api/checkouts/stats?days=1', { headers: bearer(session) });
    expect(((await stats.json()) as { recovered: number }).recovered).toBeGreaterThanOrEqual(1);
    await page.goto('/admin/dashboard');
    await expect(page.getByTestId('abandoned-stats-card')).toBeVisible();
    await expect(page.getByTestId('stat-recovered')).not.toHaveText('0');
  } finally {
    await setThreshold(60);
    await request.delete(`/api/products/${product._id}`, { headers: bearer(session) });
  }
});
