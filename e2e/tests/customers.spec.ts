import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { buyableProducts, placeCashPickupOrder, restoreAdminSession } from '../support/shop';

interface Placed {
  orderNumber: string;
  order: { _id: string };
}

async function expectNoSeriousAxe(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * "Clientes": a shopper who bought twice with two Gmail spellings of one address is one customer; staff find her by
 * name, open her page, see both orders (each a link to its detail) and the WhatsApp link to her phone.
 */
test('staff find a customer, open her page with her orders and write her on WhatsApp', async ({ page, request }) => {
  const [product] = await buyableProducts(request);
  const stamp = Date.now().toString(36);
  const name = `Lucía Clientes ${stamp}`;
  const first = await placeCashPickupOrder<Placed>(request, product!, {
    fullName: name,
    email: `lucia.clientes.${stamp}@gmail.com`,
    phone: '+54 9 299 555-0177',
  });
  const second = await placeCashPickupOrder<Placed>(request, product!, {
    fullName: name,
    email: `luciaclientes${stamp}+promo@gmail.com`,
    phone: '0299 15 555-0177',
  });

  await restoreAdminSession(page, request);
  await page.goto('/admin/');
  await page.getByRole('link', { name: 'Clientes' }).first().click();
  await expect(page.getByRole('heading', { name: 'Clientes', level: 1 })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Buscar', exact: true }).fill(stamp);
  const table = page.getByTestId('customers-table');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText(name);
  await expectNoSeriousAxe(page);

  await table.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  const orders = page.getByTestId('customer-orders');
  await expect(orders.getByRole('link', { name: `#${first.orderNumber}` })).toBeVisible();
  await expect(orders.getByRole('link', { name: `#${second.orderNumber}` })).toBeVisible();
  const whatsapp = page.getByTestId('customer-whatsapp');
  await expect(whatsapp).toHaveAttribute('href', /^https:\/\/wa\.me\/5492995550177\?text=/);
  await expectNoSeriousAxe(page);

  // At 390 px the page still fits and the list is usable by keyboard.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await page.screenshot({ path: 'test-results/customer-390.png', fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(1);
  await orders.getByRole('link', { name: `#${first.orderNumber}` }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${first.order._id}$`));
});
