import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { fitReportAnswerSchema, reviewStatsAnswerSchema, shopMonth } from '@shop/shared';
import { api } from '../helpers/api';
import { GARBAGE_TOKEN } from '../helpers/auth-matrix';
import { type TestProduct } from '../helpers/orders';
import { reviewTeam } from '../helpers/reviews';

/**
 * The owner's per-product view of reviews (issue #62): GET /reviews/products/{id}/stats answers the approved reviews'
 * stars of each of the last 12 months and their fit by size bought, beside the fit report's exchanges (for a role
 * that reads reports), and the fit report names each source with its count. On the shared shop; the reviews are
 * written straight to the table with their dates (the invitation's path is reviews.test.ts's).
 */
const RUN = Date.now().toString(36);
const DAY = 86_400_000;
let db: Knex;
let owner = '';
let sales = '';
let catalog = '';
let product: TestProduct;
let n = 0;

async function review(fields: { stars: number; fit: string; size: string; daysAgo: number; status?: string }) {
  const at = new Date(Date.now() - fields.daysAgo * DAY);
  n += 1;
  await db('reviews').insert({
    document_id: `rs${RUN}${n}`.slice(0, 24),
    order_document_id: `rs-order-${RUN}-${n}`,
    order_number: `JL-RS-${n}`,
    line_index: 0,
    product_document_id: product._id,
    product_title: product.title,
    size: fields.size,
    color: 'Negro',
    stars: fields.stars,
    fit: fields.fit,
    title: '',
    body: '',
    usual_size: '',
    author: 'Ana P.',
    email: `rs-${RUN}-${n}@example.com`,
    review_status: fields.status ?? 'approved',
    created_at: at,
    updated_at: at,
    published_at: at,
  });
  return at;
}

beforeAll(async () => {
  ({ db, owner, sales, catalog, product } = await reviewTeam({
    stock: 10,
    size: ['85B', '90B', '95B'],
    title: `Corpiño Estadístico ${RUN}`,
  }));
}, 120_000);

afterAll(async () => {
  await db?.destroy();
});

describe('GET /reviews/products/{id}/stats', () => {
  it('answers the stars of each of the last 12 months and the fit by size bought, with the fit report beside', async () => {
    const recent = await review({ stars: 5, fit: 'true', size: '90B', daysAgo: 0 });
    await review({ stars: 4, fit: 'small', size: '90B', daysAgo: 0 });
    const before = await review({ stars: 2, fit: 'large', size: '95B', daysAgo: 40 });
    // Older than the months shown: counted by size, not by month. Waiting: not counted at all.
    await review({ stars: 1, fit: 'true', size: '90B', daysAgo: 400 });
    await review({ stars: 1, fit: 'small', size: '85B', daysAgo: 0, status: 'pending' });

    const res = await api(`/reviews/products/${product._id}/stats`, { token: owner });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const stats = reviewStatsAnswerSchema.parse(res.body);
    expect(stats.months).toHaveLength(12);
    expect(stats.months.at(-1)).toEqual({ month: shopMonth(recent), count: 2, average: 4.5 });
    expect(stats.months.find((m) => m.month === shopMonth(before))).toEqual({ month: shopMonth(before), count: 1, average: 2 });
    expect(stats.months.reduce((sum, m) => sum + m.count, 0)).toBe(3);
    expect(stats.bySize).toEqual([
      { size: '90B', small: 1, true: 2, large: 0 },
      { size: '95B', small: 0, true: 0, large: 1 },
    ]);
    // The exchanges are what the owner's fit report counts, and that report names each source with its count.
    const fit = fitReportAnswerSchema.parse((await api(`/reports/fit?productId=${product._id}`, { token: owner })).body);
    const { up, down, sold, exchanged, exchangedShare, sizes } = fit;
    expect(stats.exchanges).toEqual({ up, down, sold, exchanged, exchangedShare, sizes });
    expect(fit.sources).toEqual({ exchanges: { up: 0, down: 0 }, reviews: { small: 1, true: 2, large: 1 } });
    expect(fit.figure).toEqual({ direction: 'true', basedOn: 4 });
  });

  it('is for staff: the sales figures only with reports.view; no token 401; junk or unknown ids 404, never 500', async () => {
    expect((await api(`/reviews/products/${product._id}/stats`)).status).toBe(401);
    expect((await api(`/reviews/products/${product._id}/stats`, { token: GARBAGE_TOKEN })).status).toBe(401);
    // reviews.view is every role's: sales and the catalogue read the reviews, not the sales behind the exchanges.
    for (const token of [sales, catalog]) {
      const res = await api(`/reviews/products/${product._id}/stats`, { token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ productId: product._id, exchanges: null });
      expect((res.body.bySize as unknown[]).length).toBe(2);
    }
    for (const junk of ['no-existe-0000', "x' OR 1=1 --", '%00', 'a'.repeat(65), 'zzzzzzzzzzzzzzzzzzzzzzzz']) {
      const res = await api(`/reviews/products/${encodeURIComponent(junk)}/stats`, { token: owner });
      expect(res.status, junk).toBe(404);
      expect(typeof res.body.message).toBe('string');
    }
  });
});
