import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  findVariant,
  legacyVariants,
  skuFor,
  SKU_PATTERN,
  stockOfVariants,
  validBarcode,
  VARIANT_MSG,
  type ProductVariant,
} from './variants.js';
import { completeVariants, reshapeVariants, storedVariants, variantsInputSchema } from './variant-grid.js';

const product = { title: 'Corpiño Soft', colors: [{ name: 'Negro' }, { name: 'Nude' }], sizes: ['85B', '90C'] };

describe('variants', () => {
  it('migrates a product from before variants: every colour × size, units on the first colour, no size total changed', () => {
    const { variants, needsReview } = legacyVariants({ ...product, stockBySize: { '85B': 3, '90C': 1 }, stock: 4 });
    expect(needsReview).toBe(true);
    expect(variants.map((v) => [v.color, v.size, v.stock])).toEqual([
      ['Negro', '85B', 3],
      ['Negro', '90C', 1],
      ['Nude', '85B', 0],
      ['Nude', '90C', 0],
    ]);
    expect(stockOfVariants(variants, product.sizes)).toEqual({ stockBySize: { '85B': 3, '90C': 1 }, stock: 4 });
    const plain = legacyVariants({ title: 'Bata', colors: [], sizes: [], stockBySize: {}, stock: 7 });
    expect(plain).toEqual({
      needsReview: false,
      variants: [{ id: '~', sku: 'BATA', color: null, size: null, stock: 7, barcode: null, active: true }],
    });
    expect(legacyVariants({ ...product, colors: [{ name: 'Rojo' }], stockBySize: { '85B': 2 }, stock: 2 }).needsReview).toBe(false);
  });

  it('generates SKUs of A-Z, digits and dashes, at most 40 characters', () => {
    expect(skuFor('Corpiño Soft', 'Negro', '85B')).toBe('CORPINO-SOFT-NEGRO-85B');
    expect(skuFor('Bombacha', null, 'M')).toBe('BOMBACHA-M');
    fc.assert(
      fc.property(fc.string(), fc.option(fc.string()), fc.option(fc.string({ maxLength: 20 })), (title, color, size) => {
        expect(skuFor(title, color, size)).toMatch(SKU_PATTERN);
      }),
    );
  });

  it('checks the barcode check digit (EAN-13 and UPC-A)', () => {
    expect(validBarcode('7790001000014')).toBe(false);
    expect(validBarcode('4006381333931')).toBe(true);
    expect(validBarcode('036000291452')).toBe(true);
    expect(validBarcode('036000291453')).toBe(false);
    expect(validBarcode('12345')).toBe(false);
  });

  it('finds the variant a line names, colour without case or accents', () => {
    const { variants } = legacyVariants({ ...product, stockBySize: { '85B': 3, '90C': 1 }, stock: 4 });
    expect(findVariant(variants, ' NUDE ', '85b')?.id).toBe('nude~85B');
    expect(findVariant(variants, 'Rojo', '85B')).toBeUndefined();
    expect(findVariant(variants, 'Negro', '100D')).toBeUndefined();
    expect(findVariant(variants, null, '85B')).toBeUndefined();
  });

  it('completes staff’s grid and refuses what the product does not sell', () => {
    const grid = completeVariants([{ color: 'negro', size: '85b', stock: 2, sku: '', barcode: '4006381333931' }], product);
    expect(grid).toHaveLength(4);
    expect(grid[0]).toMatchObject({ color: 'Negro', size: '85B', stock: 2, sku: 'CORPINO-SOFT-NEGRO-85B', barcode: '4006381333931' });
    expect(() => completeVariants([{ color: 'Rojo', size: '85B', stock: 1 }], product)).toThrow(VARIANT_MSG.unknownColor('Rojo'));
    expect(() => completeVariants([{ color: 'Negro', size: '100', stock: 1 }], product)).toThrow(VARIANT_MSG.unknownSize('100'));
    expect(() =>
      completeVariants(
        [
          { color: 'Negro', size: '85B', stock: 1, sku: 'X-1' },
          { color: 'Nude', size: '85B', stock: 1, sku: 'X-1' },
        ],
        product,
      ),
    ).toThrow(VARIANT_MSG.skuTwice('X-1'));
  });

  it('refuses junk stock, SKUs and barcodes in Spanish', () => {
    for (const cell of [
      { stock: -1 },
      { stock: 1.5 },
      { stock: 2_000_000 },
      { stock: 1, sku: 'con espacios' },
      { stock: 1, sku: 'X'.repeat(41) },
      { stock: 1, barcode: '4006381333932' },
    ]) {
      const result = variantsInputSchema.safeParse([{ color: 'Negro', size: '85B', ...cell }]);
      expect(result.success, JSON.stringify(cell)).toBe(false);
    }
  });

  it('keeps the units of cells still sold when colours or sizes change', () => {
    const { variants } = legacyVariants({ ...product, stockBySize: { '85B': 3, '90C': 1 }, stock: 4 });
    const reshaped = reshapeVariants(variants, { ...product, colors: [{ name: 'Negro' }, { name: 'Rojo' }], sizes: ['85B'] });
    expect(reshaped.map((v) => [v.color, v.size, v.stock])).toEqual([
      ['Negro', '85B', 3],
      ['Rojo', '85B', 0],
    ]);
  });

  it('reads stored variants leniently', () => {
    expect(storedVariants('nope')).toBeNull();
    expect(storedVariants([{ color: 'Negro', size: 'M', stock: -2 }, 3])).toEqual([
      { id: 'negro~M', sku: '', color: 'Negro', size: 'M', stock: 0, barcode: null, active: true },
    ]);
  });

  it('derives stock and stockBySize as the sums of the active variants, always', () => {
    const cell = fc.record({
      color: fc.constantFrom('Negro', 'Nude', 'Rojo'),
      size: fc.constantFrom('S', 'M', 'L'),
      stock: fc.integer({ min: 0, max: 1000 }),
      active: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(cell, { maxLength: 12 }), (cells) => {
        const variants: ProductVariant[] = cells.map((c, i) => ({ ...c, id: String(i), sku: `S${i}`, barcode: null }));
        const { stockBySize, stock } = stockOfVariants(variants, ['S', 'M', 'L']);
        const active = variants.filter((v) => v.active);
        expect(stock).toBe(active.reduce((sum, v) => sum + v.stock, 0));
        for (const size of ['S', 'M', 'L'])
          expect(stockBySize[size]).toBe(active.filter((v) => v.size === size).reduce((sum, v) => sum + v.stock, 0));
        expect(Object.values(stockBySize).reduce((a, b) => a + b, 0)).toBe(stock);
      }),
    );
  });
});
