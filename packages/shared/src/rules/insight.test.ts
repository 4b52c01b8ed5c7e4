import { describe, expect, it } from 'vitest';
import { fillSalesDays, isSalesPeriod, lastShopDays, lowStockOf } from './insight.js';

describe('sales days', () => {
  it('lists the last days in Argentina, today last, moving at 03:00 UTC', () => {
    expect(lastShopDays(3, new Date('2026-03-01T02:59:00Z'))).toEqual(['2026-02-26', '2026-02-27', '2026-02-28']);
    expect(lastShopDays(3, new Date('2026-03-01T03:00:00Z'))).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    expect(lastShopDays(90, new Date('2026-11-22T12:00:00Z'))).toHaveLength(90);
  });

  it('fills the days without orders with zero and ignores days outside the period', () => {
    const days = ['2026-11-20', '2026-11-21', '2026-11-22'];
    const filled = fillSalesDays(
      days,
      [
        { day: '2026-11-20', count: 2 },
        { day: '2026-11-22', count: 1 },
        { day: '2026-10-01', count: 9 },
      ],
      [{ day: '2026-11-22', total: 12500 }],
    );
    expect(filled).toEqual([
      { day: '2026-11-20', orders: 2, revenue: 0 },
      { day: '2026-11-21', orders: 0, revenue: 0 },
      { day: '2026-11-22', orders: 1, revenue: 12500 },
    ]);
  });

  it('accepts only the 30 and 90 day periods', () => {
    expect(isSalesPeriod(30)).toBe(true);
    expect(isSalesPeriod(90)).toBe(true);
    expect(isSalesPeriod(31)).toBe(false);
  });
});

describe('lowStockOf', () => {
  it('flags a product without sizes at or below the threshold', () => {
    expect(lowStockOf({ stock: 3, stockBySize: {} }, 3)).toEqual({ totalStock: 3, lowSizes: [] });
    expect(lowStockOf({ stock: 4, stockBySize: {} }, 3)).toBeNull();
  });

  it('flags a product when one size is low even with plenty in total', () => {
    expect(lowStockOf({ stock: 0, stockBySize: { S: 10, M: 1, L: 20 } }, 3)).toEqual({
      totalStock: 31,
      lowSizes: [{ size: 'M', stock: 1 }],
    });
    expect(lowStockOf({ stock: 0, stockBySize: { S: 10, M: 4 } }, 3)).toBeNull();
    expect(lowStockOf({ stock: 0, stockBySize: { S: 0 } }, 0)).toEqual({ totalStock: 0, lowSizes: [{ size: 'S', stock: 0 }] });
  });
});
