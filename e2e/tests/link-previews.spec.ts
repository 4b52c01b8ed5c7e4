import { expect, test, type Page } from '@playwright/test';
import { buyableProducts } from '../support/shop';

/**
 * The heads the server writes for link previews and search engines (title, Open Graph, JSON-LD) do not get in the
 * app's way: the product page still renders under the CSP with no violation, and an unknown product still shows
 * 'Producto no encontrado' on a noindex page.
 */

function watchCsp(page: Page): string[] {
  const found: string[] = [];
  page.on('console', (message) => {
    if (/Refused to|Content Security Policy/i.test(message.text())) found.push(message.text());
  });
  return found;
}

const metaOf = (page: Page, selector: string) => page.locator(`head meta[${selector}]`).getAttribute('content');

test('a product page carries its preview head and still renders', async ({ page, request }) => {
  const violations = watchCsp(page);
  const [product] = await buyableProducts(request);
  const response = await page.goto(`/product/${product._id}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  expect(await metaOf(page, 'property="og:title"')).toContain(product.title);
  expect(await metaOf(page, 'property="og:type"')).toBe('product');
  expect(await metaOf(page, 'property="og:image"')).toMatch(/^https?:\/\/.+-1200\.jpg$/);
  expect(await metaOf(page, 'property="product:price:currency"')).toBe('ARS');
  const jsonLd = await page.locator('head script[type="application/ld+json"]').textContent();
  expect(JSON.parse(jsonLd ?? '{}')).toMatchObject({ '@type': 'Product', name: product.title, sku: product._id });
  expect(violations, 'CSP violations').toEqual([]);
});

test('an unknown product is a noindex page that still shows Producto no encontrado', async ({ page }) => {
  const response = await page.goto('/product/no-existe-este-producto');
  expect(response?.status()).toBe(404);
  expect(await metaOf(page, 'name="robots"')).toBe('noindex');
  await expect(page.getByText('Producto no encontrado').first()).toBeVisible();
});
