import { describe, expect, it } from 'vitest';
import { linePrice, lineSize } from './line-price.js';

describe('linePrice', () => {
  it('charges the price after the discount, in whole pesos', () => {
    expect(linePrice({ price: 10000, discount: 0 })).toBe(10000);
    expect(linePrice({ price: 10000, discount: 15 })).toBe(8500);
    expect(linePrice({ price: 10000 })).toBe(10000);
  });
});

describe('lineSize', () => {
  it('asks for a size when the product has sizes and none was chosen', () => {
    expect(lineSize(['S', 'M'], '')).toEqual({ ok: false, problem: 'missing', size: null });
    expect(lineSize(['S', 'M'], null)).toEqual({ ok: false, problem: 'missing', size: null });
  });
  it('refuses a size the product does not offer, upper-cased', () => {
    expect(lineSize(['S', 'M'], 'xl')).toEqual({ ok: false, problem: 'unknown', size: 'XL' });
  });
  it('takes an offered size (any case) and passes through the size of a product without sizes', () => {
    expect(lineSize(['S', 'M'], ' m ')).toEqual({ ok: true, size: 'M' });
    expect(lineSize([], 'único')).toEqual({ ok: true, size: 'ÚNICO' });
    expect(lineSize([], '')).toEqual({ ok: true, size: null });
  });
});
