import { describe, expect, it } from 'vitest';
import { nextCost, PURCHASES_MSG, purchaseInputSchema, supplierInputSchema } from './purchases.js';

describe('nextCost', () => {
  it('last cost: the purchase unit cost, whatever was there', () => {
    expect(nextCost('last', 1000, 10, 5, 1300)).toBe(1300);
    expect(nextCost('last', null, 0, 1, 0)).toBe(0);
  });

  it('weighted average with the units on hand before the reception, rounded to the peso', () => {
    expect(nextCost('average', 1000, 10, 5, 1300)).toBe(1100);
    expect(nextCost('average', 800, 6, 3, 1003)).toBe(868); // 867.67
    expect(nextCost('average', 1301, 15, 1, 1117)).toBe(1290); // 1289.5 rounds up
  });

  it('an unknown cost, or no units on hand (or fewer than none), takes the purchase unit cost', () => {
    expect(nextCost('average', null, 10, 5, 1300)).toBe(1300);
    expect(nextCost('average', 1000, 0, 5, 1300)).toBe(1300);
    expect(nextCost('average', 1000, -3, 5, 1300)).toBe(1300);
  });
});

describe('supplierInputSchema', () => {
  it('keeps a valid CUIT as 11 digits and an empty one as none; refuses a wrong check digit', () => {
    expect(supplierInputSchema.parse({ name: ' Textil ', cuit: '20-12345678-6' })).toEqual({ name: 'Textil', cuit: '20123456786' });
    expect(supplierInputSchema.parse({ name: 'Textil', cuit: '', contact: '' })).toEqual({ name: 'Textil', cuit: null, contact: null });
    const wrong = supplierInputSchema.safeParse({ name: 'Textil', cuit: '20123456787' });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.message).toBe(PURCHASES_MSG.supplierCuit);
  });
});

describe('purchaseInputSchema', () => {
  it('upper-cases codes and bounds quantities and costs', () => {
    expect(purchaseInputSchema.parse({ supplierId: 1, lines: [{ sku: ' lila-85 ', quantity: 1, unitCost: 0 }] }).lines[0]?.sku).toBe(
      'LILA-85',
    );
    expect(purchaseInputSchema.safeParse({ supplierId: 1, lines: [{ sku: 'A', quantity: 10_001, unitCost: 0 }] }).success).toBe(false);
    expect(purchaseInputSchema.safeParse({ supplierId: 1, lines: [{ sku: 'A', quantity: 1, unitCost: 100_000_001 }] }).success).toBe(false);
  });
});
