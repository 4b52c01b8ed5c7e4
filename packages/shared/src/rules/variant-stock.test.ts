import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applySizeTotals, colorMatters, lineVariant, nextStock, type StoredStock } from './variant-stock.js';
import { stockOfVariants, VARIANT_MSG, type ProductVariant } from './variants.js';

const COLORS = ['Negro', 'Nude', 'Bordó'];
const SIZES = ['85B', '90C', '95C'];

/** A product shape and its stored variants, drawn at random: 1–3 colours, 1–3 sizes, units 0–50, some inactive. */
const shopProduct = fc
  .record({
    colors: fc.integer({ min: 1, max: 3 }),
    sizes: fc.integer({ min: 1, max: 3 }),
    units: fc.array(fc.record({ stock: fc.integer({ min: 0, max: 50 }), active: fc.boolean() }), { minLength: 9, maxLength: 9 }),
  })
  .map(({ colors, sizes, units }): StoredStock => {
    const colorList = COLORS.slice(0, colors).map((name) => ({ name }));
    const sizeList = SIZES.slice(0, sizes);
    const variants: ProductVariant[] = colorList.flatMap((color, c) =>
      sizeList.map((size, s) => {
        const cell = units[c * 3 + s] ?? { stock: 0, active: true };
        return {
          id: `${color.name.toLowerCase()}~${size}`,
          sku: `P-${c}-${s}`,
          color: color.name,
          size,
          stock: cell.stock,
          barcode: null,
          active: cell.active,
        };
      }),
    );
    const sums = stockOfVariants(variants, sizeList);
    return { title: 'Corpiño', colors: colorList, sizes: sizeList, variants, ...sums };
  });

function expectSums(
  variants: readonly ProductVariant[],
  sizes: readonly string[],
  answer: { stockBySize: Record<string, number>; stock: number },
) {
  const active = variants.filter((v) => v.active);
  expect(answer.stock).toBe(active.reduce((sum, v) => sum + v.stock, 0));
  for (const size of sizes)
    expect(answer.stockBySize[size]).toBe(active.filter((v) => v.size === size).reduce((sum, v) => sum + v.stock, 0));
  expect(variants.every((v) => Number.isInteger(v.stock) && v.stock >= 0)).toBe(true);
}

describe('the stock rule of variants (property tests)', () => {
  it('after any write (grid, per-size figures, reshaping) stock and stockBySize are the active variants’ sums', () => {
    fc.assert(
      fc.property(
        shopProduct,
        fc.oneof(
          fc.record({
            kind: fc.constant('grid' as const),
            cells: fc.array(fc.integer({ min: 0, max: 99 }), { minLength: 9, maxLength: 9 }),
          }),
          fc.record({
            kind: fc.constant('sizes' as const),
            totals: fc.array(fc.integer({ min: 0, max: 200 }), { minLength: 3, maxLength: 3 }),
          }),
          fc.record({
            kind: fc.constant('reshape' as const),
            sizes: fc.integer({ min: 1, max: 3 }),
            colors: fc.integer({ min: 1, max: 3 }),
          }),
        ),
        (stored, write) => {
          const product = { title: stored.title, colors: stored.colors, sizes: stored.sizes };
          if (write.kind === 'grid') {
            const grid = (stored.variants ?? []).map((v, i) => ({
              color: v.color,
              size: v.size,
              stock: write.cells[i] ?? 0,
              active: v.active,
            }));
            const next = nextStock(stored, product, { variants: grid });
            expectSums(next.variants, stored.sizes, next);
            expect(next.variants.map((v) => v.stock)).toEqual(grid.map((cell) => cell.stock));
          } else if (write.kind === 'sizes') {
            const totals = Object.fromEntries(stored.sizes.map((size, i) => [size, write.totals[i] ?? 0]));
            const next = nextStock(stored, product, { stockBySize: totals });
            expectSums(next.variants, stored.sizes, next);
            // Each size with an active variant reaches the figure sent; the other sizes are untouched.
            for (const size of stored.sizes)
              if (next.variants.some((v) => v.size === size && v.active)) expect(next.stockBySize[size]).toBe(totals[size]);
          } else {
            const reshaped = {
              title: stored.title,
              colors: COLORS.slice(0, write.colors).map((name) => ({ name })),
              sizes: SIZES.slice(0, write.sizes),
            };
            const next = nextStock(stored, reshaped, {});
            expectSums(next.variants, reshaped.sizes, next);
            expect(next.variants).toHaveLength(write.colors * write.sizes);
            // Cells still sold keep their units.
            for (const v of next.variants) {
              const before = stored.variants?.find((old) => old.id === v.id);
              if (before) expect(v.stock).toBe(before.stock);
            }
          }
        },
      ),
      { numRuns: 300, seed: 20261125 },
    );
  });

  it('spreading per-size figures never touches another size, and never goes below zero', () => {
    fc.assert(
      fc.property(shopProduct, fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 300 }), (stored, which, total) => {
        const size = stored.sizes[which % stored.sizes.length] ?? '85B';
        const after = applySizeTotals(stored.variants ?? [], { [size]: total });
        for (const [i, v] of after.entries()) if (v.size !== size) expect(v.stock).toBe(stored.variants?.[i]?.stock);
        expect(after.every((v) => v.stock >= 0)).toBe(true);
      }),
      { numRuns: 300, seed: 7 },
    );
  });
});

describe('the variant an order line names', () => {
  const variants: ProductVariant[] = [
    { id: 'negro~85B', sku: 'S-N-85B', color: 'Negro', size: '85B', stock: 2, barcode: null, active: true },
    { id: 'nude~85B', sku: 'S-U-85B', color: 'Nude', size: '85B', stock: 0, barcode: null, active: true },
    { id: 'nude~90C', sku: 'S-U-90C', color: 'Nude', size: '90C', stock: 5, barcode: null, active: false },
  ];

  it('by colour (any case or accent) and size, by SKU, or the first colour when none is named', () => {
    expect(lineVariant('Soft', variants, { color: 'NUDE', size: '85b' })).toMatchObject({ ok: true, variant: { id: 'nude~85B' } });
    expect(lineVariant('Soft', variants, { sku: 's-n-85b' })).toMatchObject({ ok: true, variant: { id: 'negro~85B' } });
    expect(lineVariant('Soft', variants, { size: '85B' })).toMatchObject({ ok: true, variant: { id: 'negro~85B' } });
    expect(colorMatters(variants)).toBe(true);
  });

  it('refuses in Spanish an unknown colour, a colour × size not sold, an inactive variant and an unknown SKU', () => {
    expect(lineVariant('Soft', variants, { color: 'Rojo', size: '85B' })).toEqual({
      ok: false,
      problem: 'color',
      message: VARIANT_MSG.colorNotSold('Soft', 'Rojo'),
    });
    expect(lineVariant('Soft', variants, { color: 'Negro', size: '90C' })).toEqual({
      ok: false,
      problem: 'variant',
      message: VARIANT_MSG.variantNotSold('Soft', 'Negro 90C'),
    });
    expect(lineVariant('Soft', variants, { color: 'Nude', size: '90C' })).toEqual({
      ok: false,
      problem: 'inactive',
      message: VARIANT_MSG.inactive('Soft', 'Nude 90C'),
    });
    expect(lineVariant('Soft', variants, { sku: 'OTRO' })).toEqual({
      ok: false,
      problem: 'sku',
      message: VARIANT_MSG.skuNotSold('Soft', 'OTRO'),
    });
  });
});
