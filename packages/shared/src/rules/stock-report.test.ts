import { describe, expect, it } from 'vitest';
import { isDeadStock, reorderUnits, variantFigures } from './stock-report';
import { stockReportQuerySchema, STOCK_REPORT_MSG } from '../contract/stock-report';

describe('the stock report rules', () => {
  it('gives the rate of sale and the days the units last, none without sales', () => {
    expect(variantFigures({ stock: 7, sold: 3 }, 30)).toEqual({ perDay: 0.1, daysOfStock: 70 });
    expect(variantFigures({ stock: 0, sold: 2 }, 30)).toEqual({ perDay: 0.07, daysOfStock: 0 });
    expect(variantFigures({ stock: 5, sold: 0 }, 30)).toEqual({ perDay: 0, daysOfStock: null });
    expect(variantFigures({ stock: 1, sold: 3 }, 7)).toEqual({ perDay: 0.43, daysOfStock: 2.3 });
  });

  it('calls dead the units on hand that did not sell once', () => {
    expect(isDeadStock({ stock: 5, sold: 0 })).toBe(true);
    expect(isDeadStock({ stock: 0, sold: 0 })).toBe(false);
    expect(isDeadStock({ stock: 5, sold: 1 })).toBe(false);
  });

  it('reorders what runs out within the lead time, for the lead time and 30 more days', () => {
    expect(reorderUnits({ stock: 0, sold: 2 }, 30, 21)).toBe(4); // 2/30 × 51 = 3.4
    expect(reorderUnits({ stock: 7, sold: 3 }, 30, 21)).toBeNull(); // 70 days ≥ 21
    expect(reorderUnits({ stock: 7, sold: 3 }, 30, 90)).toBe(5); // 0.1 × 120 − 7
    expect(reorderUnits({ stock: 0, sold: 2 }, 30, 90)).toBe(8); // exactly 8, not 9
    expect(reorderUnits({ stock: 3, sold: 0 }, 30, 21)).toBeNull();
    expect(reorderUnits({ stock: 1, sold: 30 }, 30, 1)).toBeNull(); // lasts exactly the lead time
    expect(reorderUnits({ stock: 1, sold: 30 }, 30, 2)).toBe(31); // 1 × 32 − 1
  });

  it('takes the query as strings and refuses junk in Spanish', () => {
    expect(stockReportQuerySchema.parse({ view: 'reorder', days: '30', leadDays: '15', page: '2' })).toEqual({
      view: 'reorder',
      days: 30,
      leadDays: 15,
      page: 2,
    });
    const message = (query: object) => stockReportQuerySchema.safeParse(query).error?.issues[0]?.message;
    expect(message({})).toBe(STOCK_REPORT_MSG.view);
    expect(message({ view: 'days', days: '0' })).toBe(STOCK_REPORT_MSG.days);
    expect(message({ view: 'days', leadDays: '181' })).toBe(STOCK_REPORT_MSG.leadDays);
    expect(message({ view: 'days', page: '0' })).toBe(STOCK_REPORT_MSG.page);
  });
});
