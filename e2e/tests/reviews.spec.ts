import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeIssues } from '../support/axe';
import { ownShopDatabase, withShopDatabase } from '../support/database';
import { adminSession, buyableProducts, deliveredPickupOrder, pngProof, storeAdminSession } from '../support/shop';

/**
 * Issue 62 end to end: a delivered order is invited to review once its delivery is a
 * week old (the sweep runs every second in the browser suite's shop), the buyer opens the e-mail's link at 390 px and
 * says "Me quedó chico" with four stars and a photo, the owner approves it in "Opiniones", and the product page shows it with
 * "Compra verificada" and the card its stars; the page's JSON-LD carries the rating.
 */
test.skip(!ownShopDatabase, 'the invitation link is read from the shop database, which a running shop does not share');

/** As if the order had been delivered eight days ago (its steps and its last change). */
function ageDelivery(orderId: string): void {
  withShopDatabase((db) => {
    const row = db.prepare('SELECT fulfillment_steps FROM orders WHERE document_id = ?').get(orderId) as { fulfillment_steps: string };
    const then = Date.now() - 8 * 86_400_000;
    const steps = (JSON.parse(row.fulfillment_steps) as { at: string }[]).map((s) => ({ ...s, at: new Date(then).toISOString() }));
    db.prepare('UPDATE orders SET fulfillment_steps = ?, updated_at = ? WHERE document_id = ?').run(JSON.stringify(steps), then, orderId);
  });
}

function invitationLink(orderId: string): string | null {
  return withShopDatabase((db) => {
    const row = db.prepare("SELECT text FROM email_outboxes WHERE order_document_id = ? AND kind = 'review_invitation'").get(orderId) as
      | { text: string }
      | undefined;
    return row ? (/\/opinar\/(?!baja)[^\s?]+/.exec(row.text)?.[0] ?? null) : null;
  });
}

test('a buyer reviews a delivered line from her invitation, the owner approves it, the product shows it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await adminSession(request);
  const [product] = await buyableProducts(request);
  const size = product.size[0] ?? 'M';
  const detail = await (await request.get(`/api/products/${product._id}`)).json();
  const color = (detail.product.colors as { name: string }[] | undefined)?.[0]?.name ?? '';
  const order = await deliveredPickupOrder(request, admin, [{ productId: product._id, quantity: 1, size, color }], {
    fullName: 'Valentina Reseña',
    email: `resena.${Date.now().toString(36)}@example.com`,
    phone: '299 555 0133',
  });
  ageDelivery(order._id);
  await expect.poll(() => invitationLink(order._id), { timeout: 20_000 }).not.toBeNull();
  const link = invitationLink(order._id)!;

  // The buyer, on her phone, from the e-mail's link.
  const shopper = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await shopper.goto(link);
  await expect(shopper.getByTestId('review-hello')).toContainText('Valentina');
  const form = shopper.getByTestId('review-form').first();
  // The radios are drawn as stars and buttons: she taps what she sees (the label), the radio is checked.
  await form.locator('label:has(input[name="stars"][value="4"])').click();
  await expect(form.getByRole('radio', { name: '4 estrellas' })).toBeChecked();
  await form.locator('label:has(input[value="small"])').click();
  await expect(form.getByRole('radio', { name: 'Me quedó chico' })).toBeChecked();
  await form.getByRole('textbox', { name: 'Tu opinión (opcional)' }).fill('Lindísimo, pero pedí un talle más: me quedó chico de contorno.');
  // One photo from her phone (sent as multipart with the review).
  await form.getByLabel('Fotos (opcional, hasta 3)').setInputFiles({ name: 'probador.png', mimeType: 'image/png', buffer: pngProof(240) });
  await expect(form.getByRole('button', { name: 'Quitar foto 1' })).toBeVisible();
  await expectNoSeriousAxeIssues(shopper, 'the review invitation at 390 px');
  await form.getByRole('button', { name: 'Enviar opinión' }).click();
  await expect(shopper.getByTestId('review-sent')).toContainText('Tu opinión se publica cuando la revisemos');
  await expect.poll(() => shopper.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shopper.screenshot({ path: 'test-results/reviews/invitation-390.png', fullPage: true });
  await shopper.close();

  // The owner approves it in "Opiniones".
  await storeAdminSession(page, admin);
  await page.goto('/admin/reviews');
  const card = page.getByTestId('review-card').filter({ hasText: 'me quedó chico de contorno' });
  await expect(card).toBeVisible();
  await expectNoSeriousAxeIssues(page, 'Opiniones (back office)');
  await card.getByRole('button', { name: /^Aprobar/ }).click();
  await expect(card).toBeHidden();
  await page.screenshot({ path: 'test-results/reviews/admin-desktop.png', fullPage: true });

  // The product page shows it, verified; the card its stars; the page's JSON-LD the rating.
  await page.goto(`/product/${product._id}`);
  const section = page.getByTestId('product-reviews');
  await section.scrollIntoViewIfNeeded();
  const review = section.getByTestId('review').filter({ hasText: 'me quedó chico de contorno' });
  await expect(review).toBeVisible({ timeout: 15_000 });
  await expect(review).toContainText('Compra verificada');
  await expect(review).toContainText('Valentina R.');
  await expectNoSeriousAxeIssues(page, 'a product page with a review');
  await page.screenshot({ path: 'test-results/reviews/product-desktop.png', fullPage: true });
  // Her photo: a thumbnail that opens it in a dialog (on a phone), Escape closes it and gives the focus back.
  const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await phone.goto(`/product/${product._id}`);
  await phone.getByTestId('product-reviews').scrollIntoViewIfNeeded();
  const onPhone = phone.getByTestId('product-reviews').getByTestId('review').filter({ hasText: 'me quedó chico de contorno' });
  const thumb = onPhone.getByRole('button', { name: 'Ver foto 1 de la opinión de Valentina R.' });
  await thumb.scrollIntoViewIfNeeded();
  await expect(thumb.locator('img')).toHaveJSProperty('complete', true);
  expect(await thumb.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await onPhone.screenshot({ path: 'test-results/reviews/review-photo-390.png' });
  await thumb.click();
  const dialog = phone.getByRole('dialog', { name: 'Foto de la opinión de Valentina R.' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cerrar' })).toBeFocused();
  const big = dialog.getByRole('img', { name: 'Foto 1 que subió Valentina R. con su opinión' });
  await expect.poll(() => big.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expectNoSeriousAxeIssues(phone, "a review's photo dialog at 390 px");
  await phone.screenshot({ path: 'test-results/reviews/review-photo-dialog.png' });
  await phone.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(thumb).toBeFocused();
  await phone.close();
  const html = await (await request.get(`/product/${product._id}`)).text();
  expect(html).toContain('"aggregateRating"');
  expect(html).toMatch(/"review":\[\{"@type":"Review","author":\{"@type":"Person","name":"Valentina R\."\}/);
  await page.goto(`/category/${encodeURIComponent(product.category)}`);
  await expect(page.locator(`[data-product-id="${product._id}"]`).getByTestId('card-rating')).toBeVisible({ timeout: 15_000 });
});
