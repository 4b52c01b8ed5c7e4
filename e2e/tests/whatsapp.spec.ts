import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_WHATSAPP, E2E_WHATSAPP_URL } from '../playwright.config';
import { expectNoSeriousAxeIssues } from '../support/axe';
import { twoFactorOwner, twoFactorSession } from '../support/invoicing';
import {
  adminSession,
  bearer,
  buyableProducts,
  confirmOrder,
  openAdminOrder,
  shopperAtCheckout,
  storeAdminSession,
  type AdminSession,
} from '../support/shop';

/**
 * Issue 63 end to end, against the fake WhatsApp Cloud API Playwright starts: an owner with two-factor sign-in
 * connects the shop's number and maps the templates, a shopper ticks the opt-in at checkout, the order's card shows
 * the message "entregado" and then "leído", and her reply appears in "Mensajes" and is answered. WhatsApp is turned
 * off at the end, so the other files' orders never reach the fake.
 */
let session: AdminSession;
const SHOPPER_WHATSAPP = '5492995550101'; // '+54 9 299 555-0101', as fillShopper types it

async function control<T = Record<string, unknown>>(request: APIRequestContext, name: string, data: unknown = {}): Promise<T> {
  const res = await request.post(`${E2E_WHATSAPP_URL}/__control/${name}`, { data });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
}

async function at390(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/whatsapp/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `test-results/whatsapp/${name}-390.png`, fullPage: true });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousAxeIssues(page, `WhatsApp: ${name} at 390 px`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.afterAll(async ({ request }) => {
  if (session) await request.put('/api/whatsapp/settings', { headers: bearer(session), data: { enabled: false } });
});

test('the owner connects WhatsApp, a shopper opts in, the receipts show on the order and her reply is answered', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = await adminSession(request);
  const owner = await twoFactorOwner(request, admin, 'Dueña de WhatsApp');
  session = await twoFactorSession(request, owner);
  await storeAdminSession(page, session);
  await control(request, 'reset');

  // Connect: the ids, the token and the app secret, then the webhook Meta will call.
  await page.goto('/admin/channels/whatsapp');
  await page.getByLabel('Identificador del número de teléfono').fill(E2E_WHATSAPP.phoneNumberId);
  await page.getByLabel('Identificador de la cuenta de WhatsApp Business').fill(E2E_WHATSAPP.businessAccountId);
  await page.getByLabel('Token de acceso permanente').fill(E2E_WHATSAPP.accessToken);
  await page.getByLabel('Clave secreta de la app').fill(E2E_WHATSAPP.appSecret);
  await page.getByLabel(/Enviar los mensajes de los pedidos/).check();
  await page.getByRole('button', { name: 'Guardar conexión' }).click();
  await expect(page.getByText('Conexión de WhatsApp guardada')).toBeVisible();
  await expect(page.getByTestId('wa-connected')).toContainText('Conectado');
  const webhookUrl = (await page.getByTestId('wa-webhook-url').textContent())?.trim() ?? '';
  const verifyToken = (await page.getByTestId('wa-verify-token').textContent())?.trim() ?? '';
  await control(request, 'webhook', { url: webhookUrl });
  expect(await control(request, 'verify', { url: webhookUrl, verifyToken })).toMatchObject({ ok: true, status: 200 });

  // The account's approved templates are the shop's suggestions (as the owner would have submitted them): map the
  // step "Pedido recibido" to its template; its variables come in the suggestion's order.
  const settings = (await (await request.get('/api/whatsapp/settings', { headers: bearer(session) })).json()) as {
    suggestions: { name: string; text: string }[];
  };
  await control(request, 'templates', {
    data: settings.suggestions.map((s) => ({ name: s.name, language: 'es_AR', status: 'APPROVED', category: 'UTILITY', body: s.text })),
  });
  await page.reload();
  const step = page.getByTestId('wa-step-order_received');
  await step.getByLabel('Plantilla').selectOption('pedido_recibido|es_AR');
  await expect(step.getByLabel('Variable {{4}}')).toHaveValue('transferData');
  await page.getByRole('button', { name: 'Guardar plantillas' }).click();
  await expect(page.getByText('Plantillas guardadas')).toBeVisible();
  await expectNoSeriousAxeIssues(page, 'Canales › WhatsApp');
  await at390(page, 'settings');

  // A shopper ticks the opt-in at checkout.
  const [product] = await buyableProducts(request);
  const shopper = await shopperAtCheckout(browser, product, 'Lucía Mensajes');
  const optIn = shopper.getByLabel('Quiero recibir novedades de mi pedido por WhatsApp');
  await expect(optIn).not.toBeChecked();
  await optIn.check();
  const orderNumber = await confirmOrder(shopper);
  await shopper.close();

  // The order's card: the template went out and Meta's receipts came back ("entregado", then "leído").
  await openAdminOrder(page, orderNumber);
  const card = page.getByTestId('order-whatsapp');
  await expect(card).toContainText('Pedido recibido');
  await expect(card.getByTestId('whatsapp-status')).toHaveText(/entregado/, { timeout: 20_000 });
  const state = await control<{ messages: { id: string; to: string; template?: { parameters: string[] } }[] }>(request, 'state');
  const sent = state.messages.find((m) => m.template?.parameters.includes(orderNumber));
  expect(sent?.to).toBe(SHOPPER_WHATSAPP);
  await control(request, 'status', { messageId: sent!.id, status: 'read' });
  await page.reload();
  await expect(page.getByTestId('order-whatsapp').getByTestId('whatsapp-status')).toHaveText(/leído/, { timeout: 20_000 });
  await expectNoSeriousAxeIssues(page, 'an order with its WhatsApp messages');

  // She answers on WhatsApp: "Mensajes" shows it, unread, beside her order; the staff answers inside the 24 hours.
  await control(request, 'inbound', { from: SHOPPER_WHATSAPP, name: 'Lucía Mensajes', text: '¿Lo puedo retirar mañana a la tarde?' });
  await page.goto('/admin/messages');
  const row = page.getByTestId(`wa-conversation-${SHOPPER_WHATSAPP}`);
  await expect(row).toContainText('1 sin leer');
  await row.click();
  const thread = page.getByTestId('wa-thread');
  await expect(thread).toContainText('¿Lo puedo retirar mañana a la tarde?');
  await expect(thread.getByRole('link', { name: orderNumber })).toBeVisible();
  await thread.getByLabel('Tu respuesta').fill('¡Sí! Te esperamos de 10 a 18.');
  await thread.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByText('Respuesta enviada a WhatsApp')).toBeVisible();
  await expect
    .poll(
      async () =>
        (await control<{ messages: { to: string; text: string }[] }>(request, 'state')).messages.some(
          (m) => m.to === SHOPPER_WHATSAPP && m.text === '¡Sí! Te esperamos de 10 a 18.',
        ),
      { timeout: 20_000 },
    )
    .toBe(true);
  await expect(row).not.toContainText('sin leer');
  await expectNoSeriousAxeIssues(page, 'Mensajes');
  await at390(page, 'messages');
});
