import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIT_NOTES, fitReportAnswerSchema, productAnswerSchema, type Order, type SiteContent } from '@shop/shared';
import { expectMessage } from '../helpers/api';
import { GARBAGE_TOKEN } from '../helpers/auth-matrix';
import { createProduct, type TestProduct } from '../helpers/orders';
import { deliver, placeOrder, requestBody, startReturnsShop, stopReturnsShop, variantId, type ReturnsShop } from '../helpers/returns';

/**
 * The fit of a product from the shop's own exchanges and size returns: the product answer's `fit` past the owner's
 * minimum (5 by default; a rejected request does not count), and the owner's report GET /reports/fit. Its own Strapi.
 */
let at: ReturnsShop;
const ask = (body: unknown) => at.call('/returns', { body });
const publicFit = async (product: TestProduct) => productAnswerSchema.parse((await at.call(`/products/${product._id}`)).body).product.fit;
const report = (productId: string, token?: string) => at.call(`/reports/fit?productId=${encodeURIComponent(productId)}`, { token });

beforeAll(async () => {
  at = await startReturnsShop();
}, 180_000);

afterAll(() => stopReturnsShop(at));

/** A bra in 85B, 90B and 95B with plenty of each. */
const threeSizes = () =>
  createProduct(
    {
      stock: 60,
      size: ['85B', '90B', '95B'],
      colors: [{ name: 'Negro', value: '#000000' }],
      variants: ['85B', '90B', '95B'].map((size) => ({ color: 'Negro', size, stock: 20 })),
    },
    { baseUrl: at.shop.url, token: at.owner },
  );

async function delivered(product: TestProduct, quantity: number, size: string): Promise<Order> {
  const order = await placeOrder(at, [{ productId: product._id, quantity, size }]);
  await deliver(at, order);
  return order;
}

async function exchange(order: Order, quantity: number, toVariant: string, reason = 'size_small'): Promise<string> {
  const res = await ask(requestBody(order, [{ quantity, kind: 'exchange', variantId: toVariant, reason }]));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.return._id as string;
}

describe('the fit of a product, from its exchanges', () => {
  it('shows "runs small" from the fifth unit exchanged up, not counting a rejected request, and the report says why', async () => {
    const product = await threeSizes();
    const to90 = await variantId(at, product, '90B');
    const to85 = await variantId(at, product, '85B');
    // A sale that stays: 2 × 95B.
    await delivered(product, 2, '95B');
    const four = await delivered(product, 4, '85B');
    await exchange(four, 4, to90);
    expect(await publicFit(product)).toBeUndefined();

    const fifth = await delivered(product, 1, '85B');
    const fifthRequest = await exchange(fifth, 1, to90, 'other');
    expect(await publicFit(product)).toMatchObject({ direction: 'small', basedOn: 5 });

    // One 90B that came out large (down), as an exchange: still 5 up of 6.
    const down = await delivered(product, 1, '90B');
    await exchange(down, 1, to85, 'size_large');
    // Each source with its count rides along (the note and the size finder name them).
    const noReviews = { small: 0, true: 0, large: 0 };
    expect(await publicFit(product)).toEqual({
      direction: 'small',
      basedOn: 6,
      sources: { exchanges: { up: 5, down: 1 }, reviews: noReviews },
    });

    const res = await report(product._id, at.owner);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const fit = fitReportAnswerSchema.parse(res.body);
    expect(fit).toMatchObject({ productId: product._id, minimum: 5, up: 5, down: 1, shown: true, sold: 8, exchanged: 6 });
    expect(fit.figure).toEqual({ direction: 'small', basedOn: 6 });
    expect(fit.sources).toEqual({ exchanges: { up: 5, down: 1 }, reviews: noReviews });
    expect(fit.exchangedShare).toBeCloseTo(6 / 8, 5);
    expect(fit.sizes).toEqual([
      { size: '85B', sold: 5, up: 5, down: 0, exchanged: 5 },
      { size: '90B', sold: 1, up: 0, down: 1, exchanged: 1 },
      { size: '95B', sold: 2, up: 0, down: 0, exchanged: 0 },
    ]);

    // Rejected: the shop did not take it; 4 up and 1 down are 5 units, 80 % up.
    expect(
      (await at.call(`/returns/${fifthRequest}/status`, { method: 'PUT', body: { status: 'rejected' }, token: at.owner })).status,
    ).toBe(200);
    expect(await publicFit(product)).toMatchObject({ direction: 'small', basedOn: 5 });
    expect(FIT_NOTES.small).toBe('La mayoría de las clientas eligió un talle más');
  });

  it('reads returns by their size reason ("Me quedó grande": runs large), with the minimum the owner sets', async () => {
    const product = await threeSizes();
    const order = await delivered(product, 3, '90B');
    const res = await ask(requestBody(order, [{ quantity: 3, kind: 'return', reason: 'size_large' }]));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // A defect says nothing of the fit.
    const defect = await delivered(product, 2, '90B');
    expect((await ask(requestBody(defect, [{ quantity: 2, kind: 'return', reason: 'defect' }]))).status).toBe(201);
    expect(await publicFit(product)).toBeUndefined();
    expect(fitReportAnswerSchema.parse((await report(product._id, at.owner)).body)).toMatchObject({
      up: 0,
      down: 3,
      figure: { direction: 'large', basedOn: 3 },
      shown: false,
    });

    const saved = (await at.call('/content')).body.content as SiteContent;
    const put = (fitMinimum: unknown) =>
      at.call('/content', { method: 'PUT', body: { ...saved, returns: { ...saved.returns, fitMinimum } }, token: at.owner });
    try {
      // A minimum out of range is refused, naming the field, and nothing changes.
      for (const junk of [0, -1, 2.5, 'tres', 100000]) {
        const refused = await put(junk);
        expect(refused.status, JSON.stringify(junk)).toBe(400);
        expect(JSON.stringify(refused.body)).toContain('returns.fitMinimum');
      }
      expect(await publicFit(product)).toBeUndefined();
      expect((await put(3)).status).toBe(200);
      expect(await publicFit(product)).toMatchObject({ direction: 'large', basedOn: 3 });
    } finally {
      expect((await put(5)).status).toBe(200);
    }
  });
});

describe('GET /reports/fit: the owner only, and junk refused', () => {
  it('refuses no token, a garbage token and the sales and catalogue roles; a missing or unknown product', async () => {
    const product = await threeSizes();
    expect((await report(product._id)).status).toBe(401);
    expect((await report(product._id, GARBAGE_TOKEN)).status).toBe(401);
    expect((await report(product._id, at.sales)).status).toBe(403);
    expect((await report(product._id, at.catalog)).status).toBe(403);
    expect((await report(product._id, at.shopper)).status).toBe(403);
    expectMessage(await at.call('/reports/fit', { token: at.owner }), 400, 'Indicá el producto (productId)');
    expect((await at.call('/reports/fit?productId=a&productId=b', { token: at.owner })).status).toBe(400);
    expect((await report('x'.repeat(65), at.owner)).status).toBe(400);
    expectMessage(await report('no-existe-este-producto', at.owner), 404, 'Producto no encontrado');
    expectMessage(await report("' OR 1=1 --", at.owner), 404, 'Producto no encontrado');
    // A product never exchanged: nothing to show, its sizes with zeros.
    const empty = fitReportAnswerSchema.parse((await report(product._id, at.owner)).body);
    expect(empty).toMatchObject({ up: 0, down: 0, figure: null, shown: false, sold: 0, exchangedShare: 0 });
    expect(empty.sizes.map((s) => s.size)).toEqual(['85B', '90B', '95B']);
  });
});
