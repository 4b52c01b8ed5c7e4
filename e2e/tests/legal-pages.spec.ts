import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeIssues } from '../support/axe';
import { adminSession, bearer, buyableProducts, pngProof, restoreAdminSession } from '../support/shop';

/**
 * Issue 59 §4 as the owner and a shopper meet it: the owner loads the Data Fiscal in Contenido › Legales (its
 * address and the image, uploaded), a shopper on a 390 px phone finds it in the footer with the two legal pages,
 * reads the privacy policy and the terms (axe), and sees the privacy line under the contact form.
 */
test('the owner loads the Data Fiscal; a shopper finds it, the terms and the privacy policy in the footer', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const session = await restoreAdminSession(page, request);
  const original = (await (await request.get('/api/content')).json()) as { content: { legal: Record<string, string> } };
  const qr = `http://qr.afip.gob.ar/?qr=E2E${Date.now().toString(36)}`;
  try {
    await page.goto('/admin/content');
    await page.getByRole('tab', { name: 'Legales' }).click();
    await expect(page.getByTestId('data-fiscal-editor')).toContainText('Sin imagen');
    await page.getByLabel('Dirección del Data Fiscal').fill(qr);
    await page
      .getByLabel('Subir la imagen del Data Fiscal')
      .setInputFiles({ name: 'data-fiscal.png', mimeType: 'image/png', buffer: pngProof(96) });
    await expect(page.getByText('Imagen del Data Fiscal subida.')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Imagen del Data Fiscal cargada' })).toBeVisible();
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page.getByText('Contenido actualizado exitosamente!')).toBeVisible();
    await page.getByTestId('data-fiscal-editor').screenshot({ path: 'test-results/legal/admin-data-fiscal-desktop.png' });
    const saved = (await (await request.get('/api/content')).json()) as {
      content: { legal: { dataFiscalUrl: string; dataFiscalImage: string } };
    };
    expect(saved.content.legal.dataFiscalUrl).toBe(qr);
    expect(saved.content.legal.dataFiscalImage).toMatch(/^\/uploads\/.+\.(png|webp|jpe?g)$/);

    const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await phone.goto('/');
    const dataFiscal = phone.getByTestId('data-fiscal');
    await expect(dataFiscal).toHaveAttribute('href', qr);
    const image = dataFiscal.getByRole('img', { name: /Data Fiscal/ });
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // The contact form says what its data is for, linking to the policy.
    await expect(phone.locator('#contact').getByTestId('privacy-notice')).toContainText(
      'Usamos estos datos solo para responder tu mensaje.',
    );

    await phone.getByTestId('site-footer').getByRole('link', { name: 'Política de privacidad' }).click();
    await expect(phone.getByRole('heading', { level: 1, name: 'Política de privacidad' })).toBeVisible();
    await expect(phone.getByTestId('privacy-page')).toContainText('Agencia de Acceso a la Información Pública (AAIP)');
    await expect(phone.getByRole('heading', { level: 2, name: 'Tus derechos' })).toBeVisible();
    await expectNoSeriousAxeIssues(phone, 'legal-pages.spec.ts #1');
    await phone.screenshot({ path: 'test-results/legal/privacy-390.png', fullPage: true });

    await phone.getByTestId('site-footer').getByRole('link', { name: 'Términos y condiciones' }).click();
    await expect(phone.getByRole('heading', { level: 1, name: 'Términos y condiciones' })).toBeVisible();
    await expect(phone.getByRole('heading', { level: 2, name: 'Botón de arrepentimiento' })).toBeVisible();
    await expectNoSeriousAxeIssues(phone, 'legal-pages.spec.ts #2');
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    await phone.context().close();
    // The same page on a desktop, with the footer's Data Fiscal.
    await page.goto('/politica-de-privacidad');
    await expect(page.getByRole('heading', { level: 1, name: 'Política de privacidad' })).toBeVisible();
    await page.screenshot({ path: 'test-results/legal/privacy-desktop.png', fullPage: true });
  } finally {
    const restored = await request.put('/api/content', { headers: bearer(session), data: { legal: original.content.legal } });
    expect(restored.status()).toBe(200);
  }
});

/**
 * Issue 59 §3 on a 390 px phone: with plans set, the product page states the cash price and, for each plan, the
 * installments, the amount of each, the total financed price and the CFTEA; the card shows its best plan in one line.
 */
test('installments as the law writes them: the product page and the card, with their CFTEA', async ({ browser, request }) => {
  const session = await adminSession(request);
  const [product] = await buyableProducts(request);
  const before = (await (await request.get('/api/content')).json()) as { content: { checkout: { paymentInfo: { mercadoPago: object } } } };
  const plans = [
    { installments: 3, surchargePercent: 0, cftea: 0 },
    { installments: 12, surchargePercent: 40, cftea: 89.5 },
  ];
  const saved = await request.put('/api/content', {
    headers: bearer(session),
    data: { checkout: { paymentInfo: { mercadoPago: { enabled: true, installmentPlans: plans, installmentsOnCards: true } } } },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  try {
    const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await phone.goto(`/product/${product._id}`);
    const block = phone.getByTestId('installment-plans');
    await expect(block).toContainText(/Precio contado \$[\d.]+/);
    const lines = block.getByTestId('installment-plan');
    await expect(lines).toHaveCount(2);
    await expect(lines.first()).toHaveText(/^3 cuotas sin interés de \$[\d.,]+ · Precio total financiado \$[\d.]+ · CFTEA 0,00 %$/);
    await expect(lines.nth(1)).toHaveText(/^12 cuotas de \$[\d.,]+ · Precio total financiado \$[\d.]+ · CFTEA 89,50 %$/);
    await expectNoSeriousAxeIssues(phone, 'legal-pages.spec.ts #3');
    await block.scrollIntoViewIfNeeded();
    await phone.screenshot({ path: 'test-results/legal/installments-390.png' });
    await phone.goto(`/category/${encodeURIComponent(product.category)}`);
    await expect(phone.getByTestId('card-installments').first()).toHaveText(/^3 cuotas sin interés de .+ · CFTEA 0,00 %$/);
    await phone.context().close();
  } finally {
    const restored = await request.put('/api/content', {
      headers: bearer(session),
      data: { checkout: { paymentInfo: { mercadoPago: before.content.checkout.paymentInfo.mercadoPago } } },
    });
    expect(restored.status()).toBe(200);
  }
});
