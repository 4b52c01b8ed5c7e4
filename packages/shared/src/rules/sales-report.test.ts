import { describe, expect, it } from 'vitest';
import { allocateWhole, groupSales, inTimeOrder, lineFees, timeKeys, timeLabel, type SalesLine } from './sales-report';

const line = (key: string, values: Partial<SalesLine> = {}): SalesLine => ({
  key,
  label: key,
  units: 1,
  gross: 10_000,
  discounts: 0,
  refunds: 0,
  fees: 0,
  cost: 4000,
  ...values,
});

describe('the sales report rules', () => {
  it('splits a total in whole pesos that add up, the largest remainders first', () => {
    expect(allocateWhole(3000, [20_000, 10_000])).toEqual([2000, 1000]);
    expect(allocateWhole(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateWhole(0, [5, 5])).toEqual([0, 0]);
  });

  it("takes Mercado Pago's fee on what the lines were charged, rounded to the peso and split by their value", () => {
    // 30.000 of lines less a 3.000 coupon: 27.000 charged; 6,29 % is 1.698,30 → 1.698, split 2:1.
    expect(lineFees(6.29, [20_000, 10_000], 3000)).toEqual([1132, 566]);
    expect(lineFees(0, [20_000], 0)).toEqual([0]);
    expect(lineFees(5, [10_000], 20_000)).toEqual([0]);
  });

  it('gives the margin net of fees and cost only where every unit has a cost', () => {
    const [withCost] = groupSales([line('a', { fees: 629 }), line('a', { refunds: 10_000, fees: 0 })]);
    expect(withCost).toMatchObject({ units: 2, gross: 20_000, refunds: 10_000, net: 10_000, fees: 629, cost: 8000, margin: 1371 });
    const [missing] = groupSales([line('b', { fees: 100 }), line('b', { cost: null })]);
    expect(missing).toMatchObject({ fees: 100, cost: 4000, unitsWithoutCost: 1, margin: null });
  });

  it('runs sales over time in order, every day or month of the period, the empty ones included', () => {
    expect(timeKeys('2026-02-27', '2026-03-02', 'day')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(timeKeys('2025-11-15', '2026-02-03', 'month')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(timeLabel('2026-11')).toBe('noviembre 2026');
    expect(timeLabel('2026-11-05')).toBe('05/11/2026');
    const rows = inTimeOrder(
      groupSales([line('2026-03-01'), line('2026-02-27', { gross: 5000 })]),
      timeKeys('2026-02-27', '2026-03-01', 'day'),
    );
    expect(rows.map((row) => [row.key, row.label, row.net])).toEqual([
      ['2026-02-27', '2026-02-27', 5000],
      ['2026-02-28', '28/02/2026', 0],
      ['2026-03-01', '2026-03-01', 10_000],
    ]);
  });
});
