import { describe, expect, it } from 'vitest';
import { attemptFor, newIdempotencyKey } from './checkout-attempt';

describe('checkout attempts', () => {
  it('keeps the key while the order is the same and changes it with the order', () => {
    const first = attemptFor(null, { items: [1], total: 10 });
    expect(first.key).toMatch(/^[0-9a-f]{32}$/);
    expect(attemptFor(first, { items: [1], total: 10 })).toBe(first);
    const changed = attemptFor(first, { items: [1, 2], total: 20 });
    expect(changed.key).not.toBe(first.key);
  });

  it('makes keys the server accepts, never the same twice', () => {
    const keys = new Set(Array.from({ length: 100 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(100);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
  });
});
