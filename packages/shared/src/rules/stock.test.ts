import { describe, expect, it } from 'vitest';
import { firstIssueMessage } from '../contract/errors.js';
import { productCreateSchema, productInputSchema, productUpdateSchema } from '../contract/product-inputs.js';
import { resolveStockBySize, soldOutSizes, stockBySizeSchema, stockForSize, sumStock, STOCK_MSG } from './stock.js';

const base = {
  title: 'Corpiño Lila',
  description: 'Encaje',
  price: 1000,
  category: 'corpiños',
  size: ['85B', '90C'],
  thumbnails: ['/images/a.webp'],
};

describe('per-size stock', () => {
  it('migrates a single stock to the first size and keeps every unit', () => {
    expect(resolveStockBySize(['85b', '90C', '95'], null, 7)).toEqual({ '85B': 7, '90C': 0, '95': 0 });
    expect(resolveStockBySize(['85B', '90C'], '{"90c": 2, "100": 9}', 7)).toEqual({ '85B': 0, '90C': 2 });
    expect(resolveStockBySize([], null, 7)).toEqual({});
    expect(sumStock(resolveStockBySize(['S', 'M'], null, 12))).toBe(12);
  });

  it('answers the units of a size and the sold-out sizes', () => {
    const product = { stock: 3, size: ['85B', '90C'], stockBySize: { '85B': 3, '90C': 0 } };
    expect(stockForSize(product, '85b')).toBe(3);
    expect(stockForSize(product, '90C')).toBe(0);
    expect(stockForSize(product, 'XL')).toBe(0);
    expect(stockForSize({ stock: 4, size: [] }, null)).toBe(4);
    expect(soldOutSizes(product)).toEqual(['90C']);
  });

  it('accepts whole units per size and normalises the keys', () => {
    expect(productCreateSchema.parse({ ...base, stockBySize: { ' 85b ': 2, '90C': 0 } }).stockBySize).toEqual({ '85B': 2, '90C': 0 });
  });

  it.each([
    [{ '85B': -1 }, STOCK_MSG.notWhole],
    [{ '85B': 1.5 }, STOCK_MSG.notWhole],
    [{ '85B': 1e12 }, STOCK_MSG.notWhole],
    [{ '85B': '3' }, STOCK_MSG.notWhole],
    [{ '85B': null }, STOCK_MSG.notWhole],
    [[3, 4], STOCK_MSG.notObject],
    ['85B:3', STOCK_MSG.notObject],
    [{ '85B\u0000': 1 }, STOCK_MSG.badSize],
    [{ '85b': 1, '85B': 2 }, STOCK_MSG.badSize],
    [{ ['x'.repeat(21)]: 1 }, STOCK_MSG.badSize],
    [Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`T${i}`, 1])), STOCK_MSG.tooManySizes],
    [{ '100D': 1 }, STOCK_MSG.unknownSize('100D')],
    [JSON.parse('{"__proto__": 1}'), STOCK_MSG.unknownSize('__PROTO__')],
  ])('refuses %j in Spanish', (stockBySize, message) => {
    const result = productCreateSchema.safeParse({ ...base, stockBySize });
    expect(result.success).toBe(false);
    if (!result.success) expect(firstIssueMessage(result.error)).toBe(message);
  });

  it('takes the loaded figures on updates only', () => {
    expect(productUpdateSchema.parse({ stockBySize: { M: 1 }, expectedStockBySize: { m: 2 } })).toMatchObject({
      expectedStockBySize: { M: 2 },
    });
    expect('expectedStockBySize' in productInputSchema.shape).toBe(false);
    expect(stockBySizeSchema.safeParse({ M: Number.POSITIVE_INFINITY }).success).toBe(false);
  });
});
