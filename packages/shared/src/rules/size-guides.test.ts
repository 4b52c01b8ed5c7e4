import { describe, expect, it } from 'vitest';
import { fitRowsToHeaders, offeredSizes, sizeGuidesForCategory, normalizeSizes } from './size-guides.js';

const guide = (category: string, sizes: string[]) => ({
  category,
  enabled: true,
  tableHeaders: ['Talla', 'Busto'],
  tableRows: sizes.map((size) => ({ size, measurements: ['x'] })),
});

describe('size guides', () => {
  const guides = [guide('corpiños', ['85', '90']), guide('bombachas', ['S', 'M']), guide('bombis', ['M', 'L'])];
  it('conjuntos shows the corpiño, bombacha and bombis guides', () => {
    expect(sizeGuidesForCategory('conjuntos', guides).map((g) => g.category)).toEqual(['corpiños', 'bombachas', 'bombis']);
    expect(offeredSizes('conjuntos', guides)).toEqual(['85', '90', 'S', 'M', 'L']);
  });
  it('matches singular and plural category names and skips disabled guides', () => {
    expect(offeredSizes('bombacha', guides)).toEqual(['S', 'M']);
    expect(offeredSizes('bodys', guides)).toEqual([]);
    expect(offeredSizes('bombis', [{ ...guide('bombis', ['M']), enabled: false }])).toEqual([]);
  });
  it('keeps measurements equal to headers minus one', () => {
    const rows = [
      { size: 'S', measurements: ['1', '2', '3'] },
      { size: 'M', measurements: [] },
    ];
    expect(fitRowsToHeaders(['Talla', 'A', 'B'], rows)).toEqual([
      { size: 'S', measurements: ['1', '2'] },
      { size: 'M', measurements: ['', ''] },
    ]);
  });
  it('normalizes comma separated sizes', () => {
    expect(normalizeSizes(' s, m ,l,')).toEqual(['S', 'M', 'L']);
  });
});
