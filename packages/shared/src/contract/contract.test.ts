import { describe, expect, it } from 'vitest';
import { testProduct } from '../test/catalogue.js';
import { healthSchema } from './health.js';
import { mostViewedCategoryName, mostViewedProductSchema, mostViewedTitle } from './interactions.js';
import { productSchema } from './products.js';

const viewed = { _id: 'p1', productId: 'p1', productTitle: null, title: null, productCategory: null, category: null, count: 1 };

describe('most viewed products', () => {
  it('takes the title from productTitle, then title', () => {
    expect(mostViewedTitle(mostViewedProductSchema.parse({ ...viewed, productTitle: 'Body Encaje', title: 'x' }))).toBe('Body Encaje');
    expect(mostViewedTitle(mostViewedProductSchema.parse({ ...viewed, title: 'Conjunto Lila' }))).toBe('Conjunto Lila');
    expect(mostViewedTitle(mostViewedProductSchema.parse(viewed))).toBe('Producto sin nombre');
  });

  it('takes the category from productCategory, then category', () => {
    expect(mostViewedCategoryName(mostViewedProductSchema.parse({ ...viewed, productCategory: 'bodys', category: 'x' }))).toBe('bodys');
    expect(mostViewedCategoryName(mostViewedProductSchema.parse({ ...viewed, category: 'pijamas' }))).toBe('pijamas');
  });

  it('refuses an answer without its count', () => {
    expect(mostViewedProductSchema.safeParse({ ...viewed, count: undefined }).success).toBe(false);
  });
});

describe('health', () => {
  const up = { status: 'up', latencyMs: 1 };
  it('needs the status, the database part, uptime and timestamp', () => {
    const ok = { status: 'ok', database: 'ok', checks: { database: up }, uptime: 3, timestamp: '2026-11-22T10:00:00.000Z' };
    expect(healthSchema.safeParse(ok).success).toBe(true);
    expect(healthSchema.safeParse({ status: 'ok', database: 'ok', uptime: 3 }).success).toBe(false);
    expect(healthSchema.safeParse({}).success).toBe(false);
  });

  it('reads the parts with their latency, and refuses a part state it does not know', () => {
    const body = {
      status: 'error',
      database: 'error',
      checks: { database: { status: 'down', latencyMs: 2000 }, redis: { status: 'up', latencyMs: 0.4 } },
      uptime: 1,
      timestamp: '2026-11-22T10:00:00.000Z',
    };
    expect(healthSchema.parse(body).checks.database).toEqual({ status: 'down', latencyMs: 2000 });
    expect(healthSchema.safeParse({ ...body, checks: { database: { status: 'ok', latencyMs: 1 } } }).success).toBe(false);
  });
});

describe('product answers', () => {
  it('refuses a product whose field was renamed', () => {
    const product = testProduct();
    expect(productSchema.safeParse(product).success).toBe(true);
    const { stockBySize, ...renamed } = product;
    expect(productSchema.safeParse({ ...renamed, stockPerSize: stockBySize }).success).toBe(false);
  });
});
