import { expect, test, type Browser, type Page } from '@playwright/test';
import { formatPrice, finalPrice } from '@shop/shared';
import {
  addToCart,
  adminSession,
  buyableProducts,
  confirmOrder,
  fillHomeDelivery,
  fillShopper,
  payByTransferWithProof,
  restoreAdminSession,
  signInThroughForm,
} from '../support/shop';

/**
 * Journeys that cross both apps on the running shop: what a shopper does on the storefront is what the owner
 * handles in the back office, and what the owner changes is what the shopper then sees.
 */

async function shopperPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test('a shopper orders twice; the owner finds the transfer, sees its proof and marks it paid; tracking says Pagado', async ({
  browser,
  request,
}) => {
  const [first, second] = await buyableProducts(request);
  const shopper = await shopperPage(browser);

  // 1. Pickup at the meeting point, paid in cash.
  await addToCart(shopper, first!);
  await shopper.goto('/checkout');
  await fillShopper(shopper, 'Valentina Retiro');
  await expect(shopper.getByTestId('summary-shipping')).toHaveText('Gratis');
  const cashNumber = await confirmOrder(shopper);
  await expect(shopper.getByText('Pago en Efectivo')).toBeVisible();

  // 2. Home delivery, bank transfer with a proof image.
  await addToCart(shopper, second!);
  await shopper.goto('/checkout');
  await fillHomeDelivery(shopper, 'Micaela Envío');
  await payByTransferWithProof(shopper);
  const transferNumber = await confirmOrder(shopper);
  expect(transferNumber).not.toBe(cashNumber);
  await expect(shopper.getByTestId('proof-flag')).toBeVisible();

  // 3. The owner signs in through the form and sees both orders on the dashboard and in the list.
  const owner = await (await browser.newContext()).newPage();
  await owner.goto('/admin/login');
  await signInThroughForm(owner);
  const recent = owner.getByTestId('recent-orders');
  await expect(recent).toContainText(transferNumber);
  await expect(recent).toContainText(cashNumber);

  await owner.goto('/admin/orders');
  await expect(owner.getByTestId('order-row').filter({ hasText: transferNumber })).toBeVisible();
  await expect(owner.getByTestId('order-row').filter({ hasText: cashNumber })).toBeVisible();

  // 4. Opens the transfer order: the proof is there and really loads.
  await owner.getByTestId('order-row').filter({ hasText: transferNumber }).getByRole('link').first().click();
  await expect(owner.getByRole('heading', { name: `Orden #${transferNumber}` })).toBeVisible();
  await expect(owner.getByText('Transferencia Bancaria').first()).toBeVisible();
  const proof = owner.getByRole('img', { name: `Comprobante de transferencia de la orden ${transferNumber}` });
  await expect(proof).toBeVisible();
  await expect.poll(() => proof.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await expect(owner.getByText('Micaela Envío').first()).toBeVisible();
  await expect(owner.getByText('Av. Argentina 1500').first()).toBeVisible();

  // 5. Marks it paid.
  await owner.getByLabel('Nuevo estado').selectOption('paid');
  await expect(owner.getByText('Cambiarás el estado de Pendiente (Verificar Comprobante) a Pagado')).toBeVisible();
  await owner.getByRole('button', { name: 'Actualizar Orden' }).click();
  await expect(owner.getByText('Orden actualizada exitosamente!')).toBeVisible();

  // 6. The shopper's tracking page now says Pagado; the cash order is still pending.
  await shopper.goto('/track-order');
  await shopper.getByLabel('Número de pedido').fill(transferNumber);
  await shopper.getByRole('button', { name: 'Buscar' }).click();
  await expect(shopper.getByTestId('status-badge')).toHaveText('Pagado');
  await expect(shopper.getByTestId('tracking-result')).not.toContainText('compradora.journey@example.com');
  await shopper.getByLabel('Número de pedido').fill(cashNumber);
  await shopper.getByRole('button', { name: 'Buscar' }).click();
  await expect(shopper.getByTestId('status-badge')).toHaveText('Pendiente (Efectivo)');
});

test('the owner edits the hero text and a product price; the storefront shows both', async ({ browser, request }) => {
  const session = await adminSession(request);
  const headers = { Authorization: `Bearer ${session.token}` };
  const original = await (await request.get('/api/content')).json();
  const [product] = await buyableProducts(request);
  const slogan = `Lencería que te abraza ${Date.now() % 100000}`;
  const newPrice = product!.price + 1234;

  const owner = await (await browser.newContext()).newPage();
  await restoreAdminSession(owner, request);
  try {
    // Hero text in the content editor.
    await owner.goto('/admin/content');
    await owner.getByRole('tab', { name: 'Sección Inicial' }).click();
    await owner.getByLabel('Eslogan').fill(slogan);
    await owner.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(owner.getByText('Contenido actualizado exitosamente!')).toBeVisible();

    // Price in the product form (edit step, then review and save).
    await owner.goto(`/admin/products/edit/${product!._id}`);
    await expect(owner.getByLabel(/^Título/)).toHaveValue(product!.title);
    await owner.getByLabel(/^Precio/).fill(String(newPrice));
    await owner.getByRole('button', { name: 'Revisar y continuar' }).click();
    await owner.getByRole('button', { name: /Guardar cambios/ }).click();
    await expect(owner.getByText(`Producto "${product!.title}" actualizado exitosamente.`)).toBeVisible();

    // A shopper (fresh browser, nothing cached) sees both.
    const shopper = await shopperPage(browser);
    await shopper.goto('/');
    const words = slogan.split(' ');
    await expect(shopper.getByTestId('hero')).toContainText(words.slice(0, -1).join(' '));
    await expect(shopper.getByTestId('hero')).toContainText(words[words.length - 1]!);
    await shopper.goto(`/product/${product!._id}`);
    await expect(shopper.getByRole('heading', { level: 1, name: product!.title })).toBeVisible();
    await expect(shopper.getByRole('main')).toContainText(formatPrice(finalPrice(newPrice, product!.discount)));
  } finally {
    await request.put('/api/content', { headers, data: original.content });
    await request.put(`/api/products/${product!._id}`, { headers, data: { price: product!.price } });
  }
});
