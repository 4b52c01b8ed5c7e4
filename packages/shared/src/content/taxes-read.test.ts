import { describe, expect, it } from 'vitest';
import { readSiteContent } from './content-read';

describe('the VAT rates as stored', () => {
  it('reads a rate the law does not have (written by hand in the panel) as the default, and names it', () => {
    const { content, problems } = readSiteContent({ taxes: { vatRate: 19, categoryRates: [{ category: 'libros', rate: 0 }] } });
    expect(content.taxes.vatRate).toBe(21);
    expect(content.taxes.categoryRates).toEqual([{ category: 'libros', rate: 0 }]);
    expect(problems.map((p) => p.path)).toContain('taxes.vatRate');
  });
});
