import { describe, expect, it } from 'vitest';
import { curveSentence, median, orderSizes, sellOutDays, sizeCurve, splitPurchase } from './size-curve';
import { sizeCurveQuerySchema } from '../contract/size-curve';

const DAY = 86_400_000;

describe('the size curve', () => {
  it('merges sizes by their key, leaves out lines without a size, and orders them by the guide', () => {
    const curve = sizeCurve(
      [
        { size: '90b', units: 3 },
        { size: '85B', units: 1 },
        { size: ' 90B ', units: 2 },
        { size: '', units: 7 },
        { size: '95B', units: 4 },
      ],
      ['85B', '90B', '95B'],
    );
    expect(curve.total).toBe(10);
    expect(curve.sizes).toEqual([
      { size: '85B', units: 1, share: 0.1 },
      { size: '90B', units: 5, share: 0.5 },
      { size: '95B', units: 4, share: 0.4 },
    ]);
  });

  it('orders sizes outside the guide: letters by their order, band and cup by band then cup, the rest by text', () => {
    expect(orderSizes(['XL', 'S', 'M', 'XS'], [])).toEqual(['XS', 'S', 'M', 'XL']);
    expect(orderSizes(['95A', '85C', '85B', '100B'], [])).toEqual(['85B', '85C', '95A', '100B']);
    expect(orderSizes(['U', '90B', 'M'], ['90B'])).toEqual(['90B', 'M', 'U']);
  });

  it('splits a purchase in whole units that add up exactly, the largest remainders first', () => {
    const { sizes } = sizeCurve(
      [
        { size: '85B', units: 1 },
        { size: '90B', units: 1 },
        { size: '95B', units: 1 },
      ],
      [],
    );
    // A third each of 10: 3.33 each; the unit left goes to the first on a full tie.
    expect(splitPurchase(sizes, 10)).toEqual([4, 3, 3]);
    const skewed = sizeCurve(
      [
        { size: 'S', units: 5 },
        { size: 'M', units: 12 },
        { size: 'L', units: 3 },
      ],
      [],
    ).sizes;
    // 25 % / 60 % / 15 % of 7 = 1.75 / 4.2 / 1.05 → 1 + 4 + 1 = 6, the unit left to S (0.75).
    expect(splitPurchase(skewed, 7)).toEqual([2, 4, 1]);
    for (const units of [1, 2, 3, 10, 37, 10_000]) expect(splitPurchase(skewed, units).reduce((a, b) => a + b, 0)).toBe(units);
    expect(splitPurchase([], 10)).toEqual([]);
    expect(splitPurchase([{ size: 'S', units: 0, share: 0 }], 10)).toEqual([0]);
  });

  it('says "de cada 10" for the size that sells most, agreeing with a purchase of 10', () => {
    const { sizes } = sizeCurve(
      [
        { size: '85B', units: 2 },
        { size: '90B', units: 3 },
        { size: '95B', units: 2 },
        { size: '100B', units: 1 },
      ],
      [],
    );
    expect(curveSentence('Corpiños', sizes)).toBe('De cada 10 corpiños, 4 son 90B.');
    expect(curveSentence('Corpiños', [])).toBeNull();
    const one = sizeCurve(
      [...'ABCDEFGHIJK'].map((size) => ({ size, units: 1 })),
      [],
    ).sizes;
    expect(curveSentence('Bombachas', one)).toBe('De cada 10 bombachas, 1 es A.');
  });

  it('takes the median of the figures', () => {
    expect(median([])).toBeNull();
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});

describe('the days a variant took to sell out', () => {
  const start = Date.UTC(2026, 0, 1);
  it('counts from the period start when it entered with units, and from the restock that brought it back from 0', () => {
    const days = sellOutDays(
      [
        { at: start + 2 * DAY, quantity: -2, unitsAfter: 1, sale: true },
        { at: start + 4 * DAY, quantity: -1, unitsAfter: 0, sale: true },
        { at: start + 10 * DAY, quantity: 5, unitsAfter: 5, sale: false },
        { at: start + 13 * DAY, quantity: -5, unitsAfter: 0, sale: true },
      ],
      start,
    );
    expect(days).toEqual([4, 3]);
  });

  it('does not count a variant left at 0 by an adjustment, nor one that starts the period at 0 until it is restocked', () => {
    expect(
      sellOutDays(
        [
          { at: start + DAY, quantity: -3, unitsAfter: 0, sale: false },
          { at: start + 2 * DAY, quantity: 1, unitsAfter: 1, sale: false },
          { at: start + 3 * DAY, quantity: 1, unitsAfter: 2, sale: false },
        ],
        start,
      ),
    ).toEqual([]);
    // Entered at 0 (its first movement brings units): counted from that movement.
    expect(
      sellOutDays(
        [
          { at: start + 5 * DAY, quantity: 2, unitsAfter: 2, sale: false },
          { at: start + 6 * DAY, quantity: -2, unitsAfter: 0, sale: true },
        ],
        start,
      ),
    ).toEqual([1]);
  });

  it('gives the same days from the movements that cross 0 alone, in a ledger where each movement starts where the last ended', () => {
    // A seeded pseudo-random walk (no Math.random: the same cases every run), each variant's stock never below 0.
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const crossing = (m: { quantity: number; unitsAfter: number }) => m.unitsAfter > 0 !== m.unitsAfter - m.quantity > 0;
    let crossings = 0;
    for (let variant = 0; variant < 300; variant++) {
      let units = Math.floor(next() * 4);
      const moves = Array.from({ length: 1 + Math.floor(next() * 25) }, (_, i) => {
        const quantity = next() < 0.55 ? -Math.min(units, 1 + Math.floor(next() * 3)) : Math.floor(next() * 4);
        units += quantity;
        return { at: start + (i + 1) * 3_600_000, quantity, unitsAfter: units, sale: next() < 0.8 };
      });
      const kept = moves.filter(crossing);
      crossings += kept.length;
      expect(sellOutDays(kept, start)).toEqual(sellOutDays(moves, start));
    }
    // The walk does cross 0 often (the check above is not about empty lists).
    expect(crossings).toBeGreaterThan(300);
  });
});

describe('the size curve query', () => {
  it('takes a category, optional days and units, and refuses junk with a Spanish message', () => {
    expect(sizeCurveQuerySchema.parse({ category: ' Corpiños ', units: '20' })).toEqual({ category: 'Corpiños', units: 20 });
    for (const bad of [
      {},
      { category: '' },
      { category: 'x'.repeat(61) },
      { category: 'a', units: '0' },
      { category: 'a', units: '-1' },
      { category: 'a', units: '2.5' },
      { category: 'a', units: '20000' },
      { category: 'a', from: '2026-1-1' },
    ]) {
      const parsed = sizeCurveQuerySchema.safeParse(bad);
      expect(parsed.success, JSON.stringify(bad)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toMatch(/categoría|fecha|unidades/);
    }
  });
});
