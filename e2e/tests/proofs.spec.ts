import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  buyableProducts,
  confirmOrder,
  payByTransferWithProof,
  restoreAdminSession,
  shopperAtCheckout,
  type ApiProduct,
} from '../support/shop';

/**
 * Checking transfers in one screen: a shopper sends two transfers with their proofs; the owner approves one and
 * rejects the other on 'Comprobantes por verificar', then writes to the shopper on WhatsApp from the order.
 */

async function transferWithProof(browser: Browser, product: ApiProduct, fullName: string): Promise<string> {
  const shopper: Page = await shopperAtCheckout(browser, product, fullName);
  await payByTransferWithProof(shopper);
  const orderNumber = await confirmOrder(shopper);
  await shopper.context().close();
  return orderNumber;
}

test('the owner approves one proof and rejects another with a reason; WhatsApp opens with the reason', async ({ browser, request }) => {
  const [first, second] = await buyableProducts(request);
  const approved = await transferWithProof(browser, first!, 'Lucía Aprobada');
  const rejected = await transferWithProof(browser, second!, 'Sofía Rechazada');

  const owner = await (await browser.newContext()).newPage();
  await restoreAdminSession(owner, request);
  await owner.goto('/admin/dashboard');
  const badge = owner.getByTestId('proofs-nav-badge');
  await expect(badge).toBeVisible();
  const waiting = Number.parseInt((await badge.textContent()) ?? '', 10);
  expect(waiting).toBeGreaterThanOrEqual(2);

  await owner
    .getByRole('link', { name: /Comprobantes/ })
    .first()
    .click();
  await expect(owner).toHaveURL(/\/admin\/proofs$/);
  await expect(owner.getByRole('heading', { name: 'Comprobantes por verificar' })).toBeVisible();
  const cardOf = (orderNumber: string) => owner.getByTestId('proof-card').filter({ hasText: orderNumber });
  // Oldest first: the approved one was placed before the rejected one. The queue loads after the page's title, so
  // these assertions wait for both cards; other tests' proofs may wait in between, so only these two headings are
  // compared, in the page's order (it fails when they come the other way round or one is missing).
  await expect(cardOf(approved)).toHaveCount(1);
  await expect(cardOf(rejected)).toHaveCount(1);
  const ours = owner
    .getByTestId('proof-card')
    .getByRole('heading')
    .filter({ hasText: new RegExp(`^Orden #(${approved}|${rejected})$`) });
  await expect(ours).toHaveText([`Orden #${approved}`, `Orden #${rejected}`]);
  const proof = cardOf(approved).getByRole('img', { name: `Comprobante de transferencia de la orden ${approved}` });
  await expect.poll(() => proof.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

  // Approve with the button.
  await cardOf(approved)
    .getByRole('button', { name: /Aprobar/ })
    .click();
  await expect(owner.getByTestId('proof-outcome')).toContainText(`Orden #${approved} aprobada`);
  await expect(cardOf(approved)).toHaveCount(0);
  await expect(badge).toHaveText(new RegExp(`^${waiting - 1}`));

  // Reject with the keyboard: focus its card, R, a reason.
  await cardOf(rejected).click({ position: { x: 5, y: 5 } });
  await owner.keyboard.press('r');
  const dialog = owner.getByRole('dialog', { name: `Rechazar comprobante de la orden #${rejected}` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Rechazar comprobante' }).click();
  await expect(dialog.getByText('Escribí el motivo del rechazo')).toBeVisible();
  await dialog.getByLabel('Motivo del rechazo').fill('El monto transferido no coincide');
  await dialog.getByRole('button', { name: 'Rechazar comprobante' }).click();
  await expect(dialog).toBeHidden();
  const outcome = owner.getByTestId('proof-outcome');
  await expect(outcome).toContainText(`Comprobante de la orden #${rejected} rechazado`);
  const chat = outcome.getByRole('link', { name: /Escribir por WhatsApp/ });
  const href = new URL((await chat.getAttribute('href')) ?? '');
  expect(href.origin + href.pathname).toBe('https://wa.me/5492995550101');
  expect(href.searchParams.get('text')).toContain('El monto transferido no coincide');
  await expect(cardOf(rejected)).toHaveCount(0);

  // The order detail: the rejected order waits for its proof, the history keeps the reason, the chat link has it too.
  const session = await request.post('/api/auth/login', {
    data: { email: process.env.ADMIN_EMAIL ?? 'admin@jazminlenceria.com.ar', password: process.env.ADMIN_PASSWORD },
  });
  const token = (await session.json()).token as string;
  const list = await request.get('/api/orders?status=pending_transfer_proof&limit=100', { headers: { Authorization: `Bearer ${token}` } });
  const order = ((await list.json()).orders as { _id: string; orderNumber: string }[]).find((o) => o.orderNumber === rejected);
  expect(order).toBeTruthy();
  await owner.goto(`/admin/orders/${order!._id}`);
  await expect(owner.getByRole('heading', { name: `Orden #${rejected}` })).toBeVisible();
  await expect(owner.getByTestId('order-timeline')).toContainText('El monto transferido no coincide');
  const detailChat = owner.getByRole('link', { name: /Escribir por WhatsApp/ });
  await expect(detailChat).toHaveAttribute('target', '_blank');
  await expect(detailChat).toHaveAttribute('href', /^https:\/\/wa\.me\/5492995550101\?text=.*El%20monto%20transferido%20no%20coincide/);
});
