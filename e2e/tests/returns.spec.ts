import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { bearer, createBlackGarment, deliveredPickupOrder, restoreAdminSession, type AdminSession } from '../support/shop';

/** Serious or critical axe violations of the page as it is now (rule ids and targets). */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

async function stockBySize(request: APIRequestContext, session: AdminSession, productId: string): Promise<Record<string, number>> {
  const res = await request.get(`/api/products/${productId}`, { headers: bearer(session) });
  const body = await res.json();
  return Object.fromEntries(body.product.variants.map((v: { size: string; stock: number }) => [v.size, v.stock]));
}

/** A pickup order of one black 85B of `productId` for `shopper`, delivered. */
const deliveredOne85B = (
  request: APIRequestContext,
  session: AdminSession,
  productId: string,
  shopper: { fullName: string; email: string; phone: string },
) => deliveredPickupOrder(request, session, [{ productId, quantity: 1, size: '85B', color: 'Negro' }], shopper);

/** "Cambios y devoluciones" with the request of this order open; its detail. */
async function openReturnOf(page: Page, orderNumber: string) {
  await page.goto('/admin/returns');
  await page
    .getByTestId('returns-queue')
    .getByRole('button', { name: new RegExp(orderNumber) })
    .click();
  return page.getByTestId('return-detail');
}

/**
 * A shopper asks on the tracking page to change her 85B for a 90B; the owner approves it and receives the garment in
 * "Cambios y devoluciones"; the exchange becomes an order of its own and both variants' stock is exact.
 */
test('a shopper changes 85B for 90B, the owner approves and receives it, the exchange order appears', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const session = await restoreAdminSession(page, request);
  const run = Date.now().toString(36).toUpperCase();
  const product = await createBlackGarment(request, session, {
    title: `Corpiño Cambio ${run}`,
    description: 'Corpiño creado por la prueba de cambios.',
    price: 15000,
    variants: [
      { size: '85B', stock: 3, sku: `E2E-${run}-85` },
      { size: '90B', stock: 2, sku: `E2E-${run}-90` },
    ],
  });
  const shopper = { fullName: 'Lucía Cambio', email: `lucia.${run.toLowerCase()}@example.com`, phone: '2995550177' };
  const order = await deliveredOne85B(request, session, product._id, shopper);
  expect(await stockBySize(request, session, product._id)).toEqual({ '85B': 2, '90B': 2 });

  // The shopper: the policy page from the footer, then the request on the tracking page.
  const shop = await (await browser.newContext()).newPage();
  await shop.goto('/');
  await shop.getByTestId('footer-returns-link').click();
  await expect(shop.getByRole('heading', { level: 1, name: 'Cambios y devoluciones' })).toBeVisible();
  expect(await seriousViolations(shop)).toEqual([]);
  await shop.goto(`/track-order?n=${order.orderNumber}`);
  await shop.getByLabel(/E-mail o teléfono de la compra/).fill(shopper.email);
  await shop.getByRole('button', { name: 'Buscar' }).click();
  const form = shop.getByTestId('return-form');
  await expect(form).toBeVisible();
  await form.getByRole('combobox', { name: /^Unidades/ }).selectOption('1');
  const exchangeFor = form.getByRole('combobox', { name: /^Cambiar por/ });
  await expect(exchangeFor).toHaveValue(/.+/);
  await expect(exchangeFor.locator('option')).toHaveText(['Negro 90B']);
  await form.getByRole('combobox', { name: /^Motivo/ }).selectOption('size_small');
  await shop.screenshot({ path: 'test-results/returns/tracking-form.png', fullPage: true });
  expect(await seriousViolations(shop)).toEqual([]);
  await form.getByRole('button', { name: 'Pedir el cambio' }).click();
  await expect(shop.getByTestId('return-sent')).toContainText('CD-');
  await expect(shop.getByTestId('return-status').first()).toHaveText('Pedido');
  // The 90B is held for her.
  expect(await stockBySize(request, session, product._id)).toEqual({ '85B': 2, '90B': 1 });

  // The owner approves and receives it.
  const detail = await openReturnOf(page, order.orderNumber);
  await expect(detail).toContainText('cambio por Negro 90B');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/returns/admin-returns.png', fullPage: true });
  await detail.getByRole('button', { name: 'Aprobar' }).click();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Confirmar' }).click();
  await expect(detail.getByText('Aprobado', { exact: true })).toBeVisible();
  await detail.getByRole('button', { name: 'Marcar recibido' }).click();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Confirmar' }).click();
  const exchangeLink = detail.getByTestId('return-exchange-order');
  await expect(exchangeLink).toBeVisible();
  const exchangeNumber = (await exchangeLink.textContent())?.trim() ?? '';
  expect(exchangeNumber).not.toBe(order.orderNumber);

  // 85B back on the shelf, the held 90B now the exchange order's; the exchange order is even (total 0).
  expect(await stockBySize(request, session, product._id)).toEqual({ '85B': 3, '90B': 1 });
  const list = await request.get('/api/returns', { headers: bearer(session) });
  const mine = (await list.json()).returns.find((r: { orderNumber: string }) => r.orderNumber === order.orderNumber);
  expect(mine).toMatchObject({ status: 'received', exchangeOrderNumber: exchangeNumber });
  const exchange = await request.get(`/api/orders/${mine.exchangeOrderId}`, { headers: bearer(session) });
  expect(await exchange.json()).toMatchObject({ order: { orderNumber: exchangeNumber, total: 0, items: [{ size: '90B', quantity: 1 }] } });

  // She sees it on her tracking page.
  await shop.reload();
  await shop.getByLabel(/E-mail o teléfono de la compra/).fill(shopper.email);
  await shop.getByRole('button', { name: 'Buscar' }).click();
  await expect(shop.getByTestId('return-status').first()).toHaveText('Recibido');
  await expect(shop.getByTestId('return-requests')).toContainText(`Pedido del cambio: ${exchangeNumber}`);

  // Both new screens fit a 390 px phone (no sideways scrolling).
  for (const [screen, name] of [
    [shop, 'tracking-390'],
    [page, 'admin-returns-390'],
  ] as const) {
    await screen.setViewportSize({ width: 390, height: 844 });
    await screen.screenshot({ path: `test-results/returns/${name}.png`, fullPage: true });
    await expect.poll(() => screen.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }
});

/**
 * A shopper returns a garment for her money; the assistant receives it at the counter and gives the cash back out of
 * a register's open session: the return says "en efectivo", the session's expected cash goes down by the refund.
 */
test('a return received at the counter gives the money back in cash out of the open register', async ({ page, request }) => {
  test.setTimeout(120_000);
  const session = await restoreAdminSession(page, request);
  const run = Date.now().toString(36).toUpperCase();
  const product = await createBlackGarment(request, session, {
    title: `Corpiño Devolución ${run}`,
    description: 'Corpiño creado por la prueba de devoluciones en efectivo.',
    price: 12000,
    variants: [{ size: '85B', stock: 2, sku: `E2E-${run}-DEV` }],
  });
  const shopper = { fullName: 'Marta Efectivo', email: `marta.${run.toLowerCase()}@example.com`, phone: '2995550188' };
  const order = await deliveredOne85B(request, session, product._id, shopper);
  const asked = await request.post('/api/returns', {
    data: {
      orderNumber: order.orderNumber,
      contact: shopper.email,
      lines: [{ lineIndex: 0, quantity: 1, kind: 'return', reason: 'size_small' }],
    },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const back = (await asked.json()).return as { _id: string; refundDue: number };
  const approved = await request.put(`/api/returns/${back._id}/status`, { data: { status: 'approved' }, headers: bearer(session) });
  expect(approved.status()).toBe(200);
  // A register of its own, open with enough cash for the refund.
  const registerName = `Caja devoluciones ${run}`;
  const created = await request.post('/api/registers', { data: { name: registerName }, headers: bearer(session) });
  expect(created.status(), await created.text()).toBe(201);
  const registerId = (await created.json()).register.id as number;
  const opened = await request.post(`/api/registers/${registerId}/sessions`, { data: { openingCash: 30000 }, headers: bearer(session) });
  expect(opened.status()).toBe(201);
  const sessionId = (await opened.json()).session.id as number;

  const detail = await openReturnOf(page, order.orderNumber);
  const how = detail.getByRole('combobox', { name: 'Cómo se devuelve el dinero' });
  await expect(how.locator('option', { hasText: 'Efectivo de la caja' })).toHaveCount(1);
  await how.selectOption('cash');
  // Other specs may have a register open too: then the assistant picks hers.
  const picker = detail.getByRole('combobox', { name: 'Caja de la que sale el efectivo' });
  if (await picker.isVisible()) await picker.selectOption({ label: registerName });
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/returns/admin-return-cash.png', fullPage: true });
  await detail.getByRole('button', { name: 'Marcar recibido' }).click();
  const dialog = page.getByTestId('confirm-dialog');
  await expect(dialog).toContainText(`en efectivo de ${registerName}`);
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(detail).toContainText('$12.000 en efectivo');

  const read = await request.get(`/api/cash-sessions/${sessionId}`, { headers: bearer(session) });
  const figures = (await read.json()).session as { refunds: number; expected: { cash: number } };
  expect(figures).toMatchObject({ refunds: back.refundDue, expected: { cash: 30000 - back.refundDue } });
  expect(await stockBySize(request, session, product._id)).toEqual({ '85B': 2 });
  await page.setViewportSize({ width: 390, height: 844 });
  // Read until it holds: the sidebar folds away with a transition after the viewport narrows.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/returns/admin-return-cash-390.png', fullPage: true });
  // The register closes to the peso, so later specs find it as they expect.
  const closed = await request.post(`/api/cash-sessions/${sessionId}/close`, {
    data: { counted: { cash: 30000 - back.refundDue } },
    headers: bearer(session),
  });
  expect(closed.status()).toBe(200);
});
