import { describe, expect, it } from 'vitest';
import { netOfNationalTaxes, netOfTotal, vatRateFor } from './national-taxes';

describe('the price without national taxes', () => {
  it('takes the VAT out of the price, to the peso', () => {
    // 12.100 with 21 % is 10.000 net; 18.999 / 1,21 = 15.701,65 → 15.702.
    expect(netOfNationalTaxes(12_100, 21)).toBe(10_000);
    expect(netOfNationalTaxes(18_999, 21)).toBe(15_702);
    // 10,5 %: 11.050 / 1,105 = 10.000; exempt: the price itself.
    expect(netOfNationalTaxes(11_050, 10.5)).toBe(10_000);
    expect(netOfNationalTaxes(9_990, 0)).toBe(9_990);
    expect(netOfNationalTaxes(0, 21)).toBe(0);
  });

  it("uses the category's own rate where the owner set one, matched like the size guides", () => {
    const taxes = { vatRate: 21, categoryRates: [{ category: 'Libros', rate: 0 }] };
    expect(vatRateFor('libro', taxes)).toBe(0);
    expect(vatRateFor('corpiños', taxes)).toBe(21);
  });

  it('nets a total of lines at their rates after a discount spread by value', () => {
    // One rate: the total's own net (24.200 less 10 % = 21.780 → 18.000).
    expect(
      netOfTotal(
        [
          { amount: 12_100, rate: 21 },
          { amount: 12_100, rate: 21 },
        ],
        21_780,
      ),
    ).toBe(18_000);
    // 12.100 at 21 % and 11.050 at 10,5 %, nothing off: 10.000 + 10.000.
    expect(
      netOfTotal(
        [
          { amount: 12_100, rate: 21 },
          { amount: 11_050, rate: 10.5 },
        ],
        23_150,
      ),
    ).toBe(20_000);
    expect(netOfTotal([], 0)).toBe(0);
  });
});
