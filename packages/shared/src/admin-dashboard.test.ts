import { describe, expect, it } from 'vitest';
import { healthSchema, mostViewedCategoryName, mostViewedProductSchema, mostViewedTitle } from './admin-dashboard.js';

describe('most viewed products', () => {
  it('takes the title from productTitle, then title, then name', () => {
    expect(mostViewedTitle(mostViewedProductSchema.parse({ productTitle: 'Body Encaje', title: 'x', count: 3 }))).toBe('Body Encaje');
    expect(mostViewedTitle(mostViewedProductSchema.parse({ title: 'Conjunto Lila', name: 'y', count: 1 }))).toBe('Conjunto Lila');
    expect(mostViewedTitle(mostViewedProductSchema.parse({ name: 'Pijama', count: 1 }))).toBe('Pijama');
    expect(mostViewedTitle(mostViewedProductSchema.parse({ count: 1 }))).toBe('Producto sin nombre');
  });

  it('takes the category from productCategory, then category', () => {
    expect(mostViewedCategoryName(mostViewedProductSchema.parse({ productCategory: 'bodys', category: 'x', count: 1 }))).toBe('bodys');
    expect(mostViewedCategoryName(mostViewedProductSchema.parse({ category: 'pijamas', count: 1 }))).toBe('pijamas');
  });

  it('defaults a missing count to 0', () => {
    expect(mostViewedProductSchema.parse({ title: 'a' }).count).toBe(0);
  });
});

describe('health', () => {
  it('needs a status', () => {
    expect(healthSchema.safeParse({ status: 'ok', database: 'ok', uptime: 3 }).success).toBe(true);
    expect(healthSchema.safeParse({}).success).toBe(false);
  });

  it('reads the parts with their latency, and refuses a part state it does not know', () => {
    const body = { status: 'error', database: 'error', checks: { database: { status: 'down', latencyMs: 2000 }, redis: { status: 'up', latencyMs: 0.4 } } };
    expect(healthSchema.parse(body).checks?.database).toEqual({ status: 'down', latencyMs: 2000 });
    expect(healthSchema.safeParse({ ...body, checks: { database: { status: 'ok', latencyMs: 1 } } }).success).toBe(false);
  });
});
