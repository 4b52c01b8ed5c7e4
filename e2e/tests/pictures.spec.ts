import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import { pictureVariantUrl } from '@shop/shared';
import { failOnConsoleErrors } from '../support/console-errors';

/**
 * Product pictures in a real browser: the responsive WebP copies are what the browser loads, the first pictures
 * in view are fetched with high priority, the rest lazily, and every picture reserves its 4:5 box.
 */

async function loadedPicture(img: Locator) {
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  return img.evaluate((el: HTMLImageElement) => ({
    currentSrc: el.currentSrc,
    naturalWidth: el.naturalWidth,
    naturalHeight: el.naturalHeight,
    loading: el.loading,
    fetchPriority: el.getAttribute('fetchpriority'),
    width: el.getAttribute('width'),
    height: el.getAttribute('height'),
  }));
}

/** On a fresh shop the start-up pass writes the copies in the background: wait until every product's are there. */
async function copiesReady(request: APIRequestContext) {
  const list = await request.get('/api/products?limit=all');
  const products = (await list.json()).payload as Array<{ thumbnails: string[] }>;
  const urls = products.flatMap((p) => p.thumbnails.map((t) => pictureVariantUrl(t, 1200, 'jpg')).filter((u): u is string => u !== null));
  expect(urls.length).toBeGreaterThan(0);
  await expect
    .poll(async () => (await Promise.all(urls.map(async (url) => (await request.head(url)).status()))).filter((s) => s !== 200).length, {
      timeout: 90_000,
    })
    .toBe(0);
}

failOnConsoleErrors();

test.describe('product pictures', () => {
  test.beforeEach(async ({ request }) => {
    await copiesReady(request);
  });

  test('a category page loads WebP copies, the first row with high priority and the rest lazily', async ({ page, request }) => {
    const list = await request.get('/api/products?limit=1');
    const [product] = (await list.json()).payload as Array<{ _id: string; category: string }>;
    if (!product) throw new Error('the catalogue is empty');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/category/${encodeURIComponent(product.category)}`);
    const pictures = page.getByTestId('product-card').locator('.product-card__media img');
    await expect(pictures.first()).toBeVisible();

    const first = await loadedPicture(pictures.first());
    expect(first.currentSrc).toMatch(/\/uploads\/variants\/images\/products\/[a-z0-9-]+-(320|640|960|1200)\.webp$/);
    expect(first.fetchPriority).toBe('high');
    expect(first.loading).toBe('eager');
    expect([first.width, first.height]).toEqual(['1200', '1500']);
    expect(first.naturalHeight / first.naturalWidth).toBeCloseTo(1.25, 2);

    const count = await pictures.count();
    if (count > 4) {
      const fifth = pictures.nth(4);
      expect(await fifth.getAttribute('loading')).toBe('lazy');
      expect(await fifth.getAttribute('fetchpriority')).toBeNull();
    }
  });

  test("the product page's main picture is a copy fetched with high priority, and the copies are served as WebP", async ({
    page,
    request,
  }) => {
    const list = await request.get('/api/products?limit=1');
    const [product] = (await list.json()).payload as Array<{ _id: string }>;
    if (!product) throw new Error('the catalogue is empty');
    await page.goto(`/product/${product._id}`);
    const main = page.getByTestId('product-gallery').locator('.gallery__main img');
    const picture = await loadedPicture(main);
    expect(picture.currentSrc).toMatch(/\/uploads\/variants\/.+-(320|640|960|1200)\.webp$/);
    expect(picture.fetchPriority).toBe('high');
    const served = await request.get(new URL(picture.currentSrc).pathname);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('image/webp');
  });
});
