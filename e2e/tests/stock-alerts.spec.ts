import { expect, test } from '@playwright/test';
import { bearer, createCorpinoBySize, restoreAdminSession } from '../support/shop';
import { expectNoSeriousAxeIssues } from '../support/axe';

/**
 * "Avisame cuando vuelva" end to end: a shopper arrives on a sold-out size through a feed link (`?talle=`), leaves
 * her e-mail; the owner sees who waits on the product, restocks the size in the back office, and the "Volvió tu
 * talle" e-mail is in the outbox (Correos). The product page with the form and the product editor with the waiting
 * list pass axe.
 */

const SHOTS = 'test-results/stock-alerts';

test('a shopper asks for a sold-out size, the owner restocks it and the e-mail is in the outbox', async ({ browser, page, request }) => {
  test.setTimeout(120_000);
  const session = await restoreAdminSession(page, request);
  const title = `Corpiño Avisame E2E ${Date.now()}`;
  const product = await createCorpinoBySize(request, session, { title, price: 19000, stockBySize: { '85': 0, '90': 3 } });
  const email = `avisame.${Date.now()}@example.com`;
  try {
    // The shopper comes from a feed link naming the sold-out size: the form is there at once.
    const shopper = await (await browser.newContext()).newPage();
    await shopper.goto(`/product/${product._id}?talle=85`);
    await expect(shopper.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const form = shopper.getByTestId('stock-alert');
    await expect(form).toBeVisible();
    await expect(shopper.getByTestId('add-to-cart')).toBeDisabled();
    await form.getByLabel('E-mail').fill('no-es-email');
    await form.getByRole('button', { name: 'Avisame' }).click();
    await expect(form.getByText('Ingresá un email válido')).toBeVisible();
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel('WhatsApp (opcional)').fill('299 555 0123');
    await form.getByRole('button', { name: 'Avisame' }).click();
    await expect(form.getByRole('status')).toHaveText('Listo: te avisamos por email cuando vuelva el talle 85.');
    await expectNoSeriousAxeIssues(shopper, 'product page with the alert form');
    await shopper.screenshot({ path: `${SHOTS}/product-avisame.png`, fullPage: true });

    // The owner sees who waits, and restocks the size.
    await page.goto(`/admin/products/edit/${product._id}`);
    await expect(page.getByText('1 espera Negro 85')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Avisos de stock esperando' })).toContainText(email);
    await expectNoSeriousAxeIssues(page, 'product editor with the waiting alerts');
    await page.screenshot({ path: `${SHOTS}/admin-avisos.png`, fullPage: true });
    const table = page.getByTestId('stock-by-size');
    await table.getByLabel('Stock Negro 85').fill('2');
    await page.getByRole('button', { name: 'Revisar y continuar' }).click();
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);

    // The e-mail waits in the outbox (no SMTP in the test shop), found on the Correos page.
    await expect(async () => {
      await page.goto('/admin/emails');
      const row = page.getByTestId('emails-table').locator('tr', { hasText: email });
      await expect(row).toContainText(`Volvió tu talle Negro 85: ${title}`, { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await page.screenshot({ path: `${SHOTS}/correos.png` });

    // Nobody waits any more.
    await page.goto(`/admin/products/edit/${product._id}`);
    await expect(page.getByText('Nadie está esperando talles de este producto')).toBeVisible();
  } finally {
    await request.delete(`/api/products/${product._id}`, { headers: bearer(session) });
  }
});
