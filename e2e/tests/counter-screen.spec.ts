import { expect, test } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { expectNoSeriousAxeIssues } from '../support/axe';
import { autoInvoicing, manualInvoicing, twoFactorOwner, twoFactorSession } from '../support/invoicing';
import { bearer, createBlackGarment, ean13, restoreAdminSession } from '../support/shop';
import { E2E_MERCADOPAGO_URL } from '../playwright.config';

interface FakeInPersonOrder {
  id: string;
  type: string;
  status: string;
  config: { qr?: { external_pos_id: string } };
  transactions: { payments: { amount: string }[] };
}

/**
 * The counter end to end ("Mostrador", issue 49): the owner opens a register of its own (its QR POS set), the
 * assistant scans two garments by their barcodes, charges by QR (the fake Mercado Pago's dynamic QR, paid from "any
 * wallet" through its control), the sale is paid and invoiced at once (the fake ARCA, invoicing on automatic): the
 * ticket shows the total and the CAE, and printed (the browser's PDF of the print view) holds them too; then the
 * register closes with no difference, the QR sale in its figures. axe at 768 px and 390 px.
 */
test('the counter: scan two items, pay by QR, the ticket with its CAE, close the register', async ({ page, request }) => {
  test.setTimeout(240_000);
  const session = await restoreAdminSession(page, request);
  const run = Date.now().toString(36).toUpperCase();
  const codes = [ean13(`779${String(Date.now()).slice(-9)}`), ean13(`778${String(Date.now()).slice(-9)}`)];
  const product = await createBlackGarment(request, session, {
    title: `Conjunto Mostrador ${run}`,
    description: 'Conjunto creado por la prueba del mostrador.',
    price: 12500,
    category: 'conjuntos',
    variants: [
      { size: 'S', stock: 4, sku: `E2E-${run}-MS`, barcode: codes[0] },
      { size: 'M', stock: 4, sku: `E2E-${run}-MM`, barcode: codes[1] },
    ],
  });
  // A register of its own with its QR point of sale at Mercado Pago.
  const name = `Mostrador ${run}`;
  const created = await request.post('/api/registers', { headers: bearer(session), data: { name } });
  expect(created.status(), await created.text()).toBe(201);
  const registerId = ((await created.json()) as { register: { id: number } }).register.id;
  const devices = await request.patch(`/api/registers/${registerId}`, { headers: bearer(session), data: { qrPosId: `E2E${run}` } });
  expect(devices.status(), await devices.text()).toBe(200);
  // Invoicing on automatic against the fake ARCA (a two-factor owner sets it; back to by hand at the end).
  const fiscal = await twoFactorSession(request, await twoFactorOwner(request, session, 'Dueña Mostrador'));
  await autoInvoicing(request, fiscal);

  try {
    await page.goto('/admin/counter');
    const card = page.locator('section.card').filter({ has: page.getByRole('heading', { name: new RegExp(name) }) });
    await card.getByLabel('Efectivo inicial').fill('5000');
    await card.getByRole('button', { name: 'Abrir caja' }).click();
    await expect(card.getByTestId('session-expected')).toContainText('Efectivo esperado: $5.000');

    // The tablet: scan two garments (a scanner types the code and Enter).
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.goto('/admin/counter/screen');
    await page.getByLabel('Caja', { exact: true }).selectOption({ label: name });
    const scan = page.getByLabel('Código de barras o SKU');
    await expect(scan).toBeFocused();
    for (const code of codes) {
      await scan.fill(code);
      await scan.press('Enter');
      await expect(page.getByText(/Agregado/).first()).toBeVisible();
    }
    await expect(page.getByTestId('screen-total')).toContainText('$25.000');
    await expectNoSeriousAxeIssues(page, 'counter screen with two lines at 768 px');
    await page.screenshot({ path: 'test-results/counter-screen/cart-768.png', fullPage: true });

    // Cobrar → QR: the code for the exact amount, paid from a wallet (the fake's control), the sale paid once.
    await page.keyboard.press('F4');
    const dialog = page.getByRole('dialog', { name: 'Cobrar' });
    await dialog.getByRole('radio', { name: 'QR' }).check();
    await dialog.getByRole('button', { name: 'Cobrar $25.000' }).click();
    await expect(dialog.getByRole('img', { name: /Código QR para pagar \$25\.000/ })).toBeVisible();
    await expectNoSeriousAxeIssues(page, 'the QR waiting to be paid');
    await page.screenshot({ path: 'test-results/counter-screen/qr-768.png' });
    const state = await request.post(`${E2E_MERCADOPAGO_URL}/__control/in-person`, { data: {} });
    const orders = ((await state.json()) as { orders: FakeInPersonOrder[] }).orders;
    // The order Mercado Pago holds for this register's QR, for the exact amount.
    const qr = orders.find((o) => o.type === 'qr' && o.config.qr?.external_pos_id === `E2E${run}` && o.status === 'created');
    expect(Number(qr?.transactions.payments[0]?.amount)).toBe(25000);
    expect(qr, JSON.stringify(orders)).toBeTruthy();
    const paid = await request.post(`${E2E_MERCADOPAGO_URL}/__control/orders/${qr!.id}`, { data: { action: 'approve' } });
    expect(paid.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Venta cobrada' })).toBeVisible({ timeout: 30_000 });

    // The ticket: the total, the QR payment and, once ARCA authorised it, the invoice's CAE.
    const ticket = page.getByTestId('counter-ticket');
    await expect(ticket.getByTestId('ticket-total')).toHaveText('$25.000');
    await expect(ticket.getByTestId('ticket-invoice')).toContainText(/CAE: \d{14}/, { timeout: 90_000 });
    const cae = ((await ticket.getByTestId('ticket-invoice').innerText()).match(/CAE: (\d{14})/) ?? [])[1]!;
    await expectNoSeriousAxeIssues(page, 'the paid sale with its ticket');
    // "Imprimir ticket" opens the browser's print dialog; the PDF of the print view is what the printer gets.
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await page.getByTestId('screen-print').click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    await page.emulateMedia({ media: 'screen' });
    const text = (await new PDFParse({ data: new Uint8Array(pdf) }).getText()).text;
    expect(text).toContain('25.000');
    expect(text).toContain(cae);
    expect(text).not.toContain('Código de barras o SKU');
    await ticket.screenshot({ path: 'test-results/counter-screen/ticket.png' });

    // Closing: the drawer still holds the $5.000 it opened with; the QR sale is in the figures, no difference.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin/counter');
    await expect(card.getByTestId('session-expected')).toContainText('Ventas: 1');
    await card.getByLabel('Efectivo contado').fill('5000');
    await card.getByLabel('QR contado').fill('25000');
    await card.getByRole('button', { name: 'Cerrar caja' }).click();
    await expect(card.getByTestId('session-difference')).toContainText('Diferencia total: $0');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin/counter/screen');
    await expect(page.getByLabel('Código de barras o SKU')).toBeVisible();
    await expectNoSeriousAxeIssues(page, 'counter screen at 390 px');
    await page.screenshot({ path: 'test-results/counter-screen/screen-390.png', fullPage: true });
    expect(product.title).toContain(run);
  } finally {
    await manualInvoicing(request, fiscal);
  }
});
