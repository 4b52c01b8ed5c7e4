import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeIssues } from '../support/axe';
import { bearer, createBlackGarment, restoreAdminSession } from '../support/shop';

/**
 * The counter's cash register ("Caja"): the owner opens a register with the starting cash, takes a sale at the
 * counter in "Nueva venta" paid in cash ("Paga con" and the change), sees what the drawer should hold, and closes it
 * counting $100 less: the difference shows, and the Z report is a PDF. axe finds nothing serious, desktop and 390 px.
 */
test('the owner opens the register, sells at the counter in cash with change, and closes with a difference', async ({ page, request }) => {
  test.setTimeout(150_000);
  const session = await restoreAdminSession(page, request);
  const run = Date.now().toString(36).toUpperCase();
  const product = await createBlackGarment(request, session, {
    title: `Bombacha Caja ${run}`,
    description: 'Bombacha creada por la prueba de la caja.',
    price: 16900,
    category: 'bombachas',
    variants: [{ size: 'M', stock: 5, sku: `E2E-${run}-CAJA` }],
  });
  // A register of its own, so that no other test's session is in its figures.
  const name = `Caja ${run}`;
  const created = await request.post('/api/registers', { headers: bearer(session), data: { name } });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto('/admin/counter');
  const card = page.locator('section.card').filter({ has: page.getByRole('heading', { name: new RegExp(name) }) });
  await card.getByLabel('Efectivo inicial').fill('10000');
  await card.getByRole('button', { name: 'Abrir caja' }).click();
  await expect(card.getByTestId('session-expected')).toContainText('Efectivo esperado: $10.000');
  await expectNoSeriousAxeIssues(page, 'counter page with an open register');

  // The sale at the counter: the register, cash, "Paga con" $20.000 for $16.900 → "Vuelto $3.100".
  await page.goto('/admin/sales/new');
  const search = page.getByLabel('Buscar producto (título, SKU o código de barras)');
  await search.click();
  await page.keyboard.type(`E2E-${run}-CAJA`);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('sale-lines')).toContainText(product.title);
  await page.getByLabel('Canal de la venta').selectOption('local');
  await page.getByRole('radiogroup', { name: 'Tipo de entrega' }).getByText('Entrega en el local').click();
  await page.getByRole('radiogroup', { name: 'Medio de pago' }).getByText('Efectivo').click();
  await page.getByLabel('Caja', { exact: true }).selectOption({ label: name });
  await page.getByLabel('Paga con').fill('20000');
  await expect(page.getByText('Vuelto $3.100')).toBeVisible();
  await page.getByLabel('Nombre y apellido').fill('Clara Mostrador');
  await page.getByLabel('Teléfono').fill('299 555 0123');
  await expectNoSeriousAxeIssues(page, 'counter sale with the change');
  await page.getByTestId('sale-create').click();
  await expect(page.getByRole('heading', { name: /^Orden #/ })).toBeVisible();

  await page.goto('/admin/counter');
  await expect(card.getByTestId('session-expected')).toContainText('Efectivo esperado: $26.900');
  await expect(card.getByTestId('session-expected')).toContainText('Ventas: 1');
  await card.getByLabel('Efectivo contado').fill('26800');
  await card.getByRole('button', { name: 'Cerrar caja' }).click();
  await expect(card.getByTestId('session-difference')).toContainText('Diferencia total: -$100');
  await expectNoSeriousAxeIssues(page, 'counter page after the close');
  await page.screenshot({ path: 'test-results/counter/closed-desktop.png', fullPage: true });

  // The Z report of the closed session, as the back office links it.
  const registers = (await (await request.get('/api/registers', { headers: bearer(session) })).json()) as {
    registers: { id: number; name: string }[];
  };
  expect(registers.registers.some((r) => r.name === name)).toBe(true);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousAxeIssues(page, 'counter page at 390 px');
  await page.screenshot({ path: 'test-results/counter/closed-390.png', fullPage: true });
});
