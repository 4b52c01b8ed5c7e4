import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { adminSession, bearer, buyableProducts, placeCashPickupOrder } from '../support/shop';
import { failOnConsoleErrors } from '../support/console-errors';
import { totp } from '../support/totp';
import { twoFactorOwner } from '../support/invoicing';
import { E2E_ARCA_URL } from '../playwright.config';

/**
 * Factura electrónica end to end, against the fake ARCA the test shop starts with (scripts/fake-arca.mjs): a new owner
 * with two-factor sign-in (invoicing.manage asks for it) sets up homologación in Configuración › Facturación (fiscal
 * data, the CSR, the certificate the fake signs, "Probar conexión"); an order paid by staff is invoiced (the order's
 * card shows the CAE); the shopper downloads the PDF from tracking with her e-mail. Both back-office screens pass axe.
 * At the end the shop goes back to invoicing by hand, so that the later specs' paid orders stay uninvoiced.
 */

failOnConsoleErrors();

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function noSeriousAxe(page: Page, include: string): Promise<void> {
  const results = await new AxeBuilder({ page }).include(include).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('the owner sets up homologación, a paid order is invoiced, the shopper downloads the PDF from tracking', async ({ page, request }) => {
  test.setTimeout(120_000);
  // A second owner with two-factor sign-in on (the seeded one stays as it is for the other specs).
  const admin = await adminSession(request);
  const { email, password, secret, enabledAt } = await twoFactorOwner(request, admin, 'Dueña Factura');

  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  const step = page.getByTestId('two-factor-step');
  await step.getByLabel('Código de verificación').fill(totp(secret, enabledAt + 30_000));
  await step.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // Configuración › Facturación: fiscal data, homologación, automatic.
  await page.goto('/admin/settings');
  await page.getByRole('tab', { name: 'Facturación' }).click();
  await page.getByLabel('CUIT').fill('20-12345678-6');
  await page.getByLabel('Punto de venta (web services)').fill('4');
  await page.getByLabel('Razón social').fill('Jazmín Lencería de Prueba');
  await page.getByLabel('Domicilio comercial').fill('Av. Argentina 245, Neuquén');
  await page.getByLabel('Inicio de actividades').fill('2020-03-01');
  await page.getByLabel('Ingresos brutos').fill('Exento');
  await page.getByLabel('Entorno').selectOption('homologacion');
  await page.getByLabel('Cuándo facturar').selectOption('auto');
  await page.getByRole('button', { name: 'Guardar datos fiscales' }).click();
  await expect(page.getByRole('status').or(page.getByRole('alert')).first()).toBeVisible();

  // The CSR for ARCA's alias, signed by the fake ARCA as its certificate page would, pasted back.
  // An earlier spec may have left a CSR on screen: wait for the new one (a new key), not the one already shown.
  const csr = page.getByLabel('Pedido de certificado (pegalo en ARCA)');
  const earlier = (await csr.count()) > 0 ? await csr.inputValue() : '';
  await page.getByRole('button', { name: /Generar (un )?pedido/ }).click();
  await expect(csr).toHaveValue(/BEGIN CERTIFICATE REQUEST/);
  if (earlier) await expect(csr).not.toHaveValue(earlier);
  const signed = await request.post(`${E2E_ARCA_URL}/__control/sign-csr`, { data: { csr: await csr.inputValue() } });
  const { certificate } = (await signed.json()) as { certificate: string };
  await page.getByLabel('Certificado que entregó ARCA (.crt o .pem)').fill(certificate);
  await page.getByRole('button', { name: 'Subir certificado' }).click();
  await expect(page.getByTestId('invoicing-certificate')).toContainText('Certificado cargado');
  await page.getByRole('button', { name: 'Probar conexión' }).click();
  await expect(page.getByText(/ARCA responde/)).toBeVisible();
  await noSeriousAxe(page, 'main');
  await page.screenshot({ path: 'test-results/invoicing-settings.png', fullPage: true });

  // A paid order: invoiced by the sweep, the card shows it authorised with its CAE.
  const [product] = await buyableProducts(request);
  const shopper = { fullName: 'Lucía Factura', email: `lucia.${unique()}@example.com`, phone: '299 555 0101' };
  const { order } = await placeCashPickupOrder<{ order: { _id: string; orderNumber: string } }>(request, product, shopper);
  const paid = await request.put(`/api/orders/${order._id}/status`, { headers: bearer(admin), data: { status: 'paid' } });
  expect(paid.status()).toBe(200);
  await page.goto(`/admin/orders/${order._id}`);
  const card = page.getByTestId('order-invoice');
  await expect(async () => {
    await page.reload();
    await expect(card).toContainText('autorizada', { timeout: 2_000 });
  }).toPass({ timeout: 40_000 });
  await expect(card).toContainText(/CAE/);
  await expect(card.getByRole('button', { name: 'Ticket 80 mm (PDF)' })).toBeVisible();
  await noSeriousAxe(page, '[data-testid="order-invoice"]');
  await card.screenshot({ path: 'test-results/invoicing-order-card.png' });

  // The shopper, on tracking with her e-mail, downloads the PDF (a POST: the e-mail is in no address).
  const shop = await page.context().browser()!.newPage();
  await shop.goto(`/track-order?n=${order.orderNumber}`);
  await shop.getByLabel(/E-mail o teléfono de la compra/).fill(shopper.email);
  await shop.getByRole('button', { name: 'Buscar' }).click();
  const invoiceLink = shop.getByTestId('tracking-invoice').getByRole('button', { name: 'Descargar factura (PDF)' });
  await expect(invoiceLink).toBeVisible();
  const [download] = await Promise.all([shop.waitForEvent('download'), invoiceLink.click()]);
  expect(download.suggestedFilename()).toBe(`factura-${order.orderNumber}.pdf`);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(2_000);
  await shop.close();

  // Back to invoicing by hand for the specs after this one.
  const owner = (await page.evaluate(() => window.localStorage.getItem('adminToken'))) ?? '';
  const settings = await request.get('/api/invoicing/settings', { headers: { Authorization: `Bearer ${owner}` } });
  const current = ((await settings.json()) as { settings: Record<string, unknown> }).settings;
  const manual = await request.put('/api/invoicing/settings', {
    headers: { Authorization: `Bearer ${owner}` },
    data: {
      cuit: current.cuit,
      taxCondition: current.taxCondition,
      pointOfSale: current.pointOfSale,
      businessName: current.businessName,
      address: current.address,
      activityStart: current.activityStart,
      grossIncome: current.grossIncome,
      environment: current.environment,
      mode: 'manual',
    },
  });
  expect(manual.status(), await manual.text()).toBe(200);
});
