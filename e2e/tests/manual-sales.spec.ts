import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { E2E_MERCADOPAGO_URL } from '../playwright.config';
import { adminSession, bearer, createBlackGarment, ean13, ORDER_NUMBER, setMercadoPago } from '../support/shop';

/**
 * A sale taken on WhatsApp: a salesperson opens "Nueva venta", scans (types) the barcode and presses Enter, writes
 * the customer's phone, creates the sale with Mercado Pago, copies the payment link; the shopper pays it on Mercado
 * Pago's page (the local stand-in, scripts/fake-mercadopago.mjs) and the order shows paid.
 */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test.describe('Nueva venta', () => {
  test.beforeAll(async ({ request }) => setMercadoPago(request, true));
  test.afterAll(async ({ request }) => setMercadoPago(request, false));

  test('a salesperson takes a WhatsApp sale by barcode, copies the link, and it is paid on Mercado Pago', async ({
    browser,
    context,
    page,
    request,
  }) => {
    const owner = await adminSession(request);
    const barcode = ean13(`779${Date.now().toString().slice(-9)}`);
    const product = await createBlackGarment(request, owner, {
      title: `Body Encaje ${unique()}`,
      description: 'Body de encaje para la venta por WhatsApp',
      price: 25000,
      category: 'conjuntos',
      variants: [{ size: 'M', stock: 4, barcode }],
    });

    // The salesperson, invited by the owner and past her temporary password.
    const email = `ventas.${unique()}@jazminlenceria.com.ar`;
    const created = await request.post('/api/staff', { headers: bearer(owner), data: { name: 'Lucía Ventas', email, role: 'sales' } });
    expect(created.status(), await created.text()).toBe(201);
    const { temporaryPassword } = (await created.json()) as { temporaryPassword: string };
    const first = await request.post('/api/auth/login', { data: { email, password: temporaryPassword } });
    const password = `Ventas-${unique()}-2026`;
    const changed = await request.put('/api/users/password', {
      headers: { Authorization: `Bearer ${((await first.json()) as { token: string }).token}` },
      data: { currentPassword: temporaryPassword, newPassword: password },
    });
    expect(changed.status()).toBe(200);

    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$|\/admin\/?$|\/admin\/orders/);

    await page.getByRole('link', { name: 'Nueva venta' }).first().click();
    await expect(page.getByRole('heading', { name: 'Nueva venta', level: 1 })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel('Canal de la venta').selectOption('whatsapp');
    // A USB scanner types the code and presses Enter.
    const search = page.getByLabel('Buscar producto (título, SKU o código de barras)');
    await search.click();
    await page.keyboard.type(barcode);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('sale-lines')).toContainText(product.title);
    await expect(page.getByTestId('sale-lines')).toContainText('4 en stock');
    await expect(search).toHaveValue('');
    await expect(page.getByTestId('sale-total')).toHaveText(/25\.000/);

    await page.screenshot({ path: test.info().outputPath('nueva-venta-desktop.png'), fullPage: true });
    // At a phone's width (390 px) the same screen, still without serious accessibility problems.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('nueva-venta-390.png'), fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByLabel('Teléfono').fill('299 555 4321');
    await page.getByLabel('Nombre y apellido').fill('Ana Chat');
    await page.getByLabel('Mercado Pago (link de pago)').check();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('sale-create').click();

    await expect(page.getByRole('heading', { name: /^Orden #/ })).toBeVisible();
    const heading = (await page.getByRole('heading', { name: /^Orden #/ }).textContent()) ?? '';
    const orderNumber = heading.replace('Orden #', '').trim();
    expect(orderNumber).toMatch(ORDER_NUMBER);
    const panel = page.getByTestId('payment-link-panel');
    await expect(panel).toBeVisible();
    const whatsapp = panel.getByRole('link', { name: 'Enviar por WhatsApp' });
    await expect(whatsapp).toHaveAttribute('href', /^https:\/\/wa\.me\/5492995554321\?text=/);
    await panel.getByRole('button', { name: 'Copiar link de pago' }).click();
    await expect(panel.getByText('Link de pago copiado')).toBeVisible();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link.startsWith(`${E2E_MERCADOPAGO_URL}/checkout/v1/redirect?pref_id=`)).toBe(true);
    expect(decodeURIComponent((await whatsapp.getAttribute('href')) ?? '')).toContain(link);

    // The shopper opens the link on her phone and pays.
    const shopperContext = await browser.newContext();
    const shopper = await shopperContext.newPage();
    await shopper.goto(link);
    await expect(shopper.getByText(`Pedido ${orderNumber}`)).toBeVisible();
    await shopper.getByRole('button', { name: 'Pagar', exact: true }).click();
    await expect(shopper).toHaveURL(new RegExp(`/track-order\\?n=${orderNumber}`));
    await shopperContext.close();

    await page.reload();
    await expect(page.getByRole('main').getByText('Pagado', { exact: true }).first()).toBeVisible();
    await expect(page.getByTestId('order-channel')).toContainText('Venta por WhatsApp, tomada por Lucía Ventas');
    await expect(page.getByTestId('payment-link-panel')).toHaveCount(0);
  });
});
