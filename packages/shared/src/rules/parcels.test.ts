import { describe, expect, it } from 'vitest';
import { packParcels, unitParcel, NO_PRODUCT_PARCEL } from './parcels.js';

const SHOP = { weight: 500, length: 30, width: 20, height: 10 };
const LINGERIE = { weight: 250, length: 25, width: 18, height: 4 };

describe('unitParcel: product, then category, then shop', () => {
  it('takes the product measures it gives', () => {
    expect(unitParcel({ weight: 180, length: 22, width: 16, height: 3 }, LINGERIE, SHOP)).toEqual({
      weight: 180,
      length: 22,
      width: 16,
      height: 3,
    });
  });

  it('fills each measure the product lacks from its category', () => {
    expect(unitParcel({ ...NO_PRODUCT_PARCEL, weight: 120 }, LINGERIE, SHOP)).toEqual({ weight: 120, length: 25, width: 18, height: 4 });
    expect(unitParcel(null, LINGERIE, SHOP)).toEqual(LINGERIE);
  });

  it('falls back to the shop default when the category has none', () => {
    expect(unitParcel({ ...NO_PRODUCT_PARCEL, height: 2 }, undefined, SHOP)).toEqual({ weight: 500, length: 30, width: 20, height: 2 });
    expect(unitParcel(NO_PRODUCT_PARCEL, null, SHOP)).toEqual(SHOP);
  });

  it('ignores measures that are not positive whole numbers', () => {
    expect(unitParcel({ weight: 0, length: -3, width: 1.5, height: Number.NaN }, LINGERIE, SHOP)).toEqual(LINGERIE);
  });
});

describe('packParcels', () => {
  it('adds weights, keeps the largest footprint and stacks heights up to 150 cm', () => {
    expect(packParcels([LINGERIE, LINGERIE, SHOP])).toEqual({ weight: 1000, length: 30, width: 20, height: 18 });
    expect(packParcels(Array.from({ length: 40 }, () => SHOP)).height).toBe(150);
  });

  it('refuses an empty list', () => {
    expect(() => packParcels([])).toThrow();
  });
});
