import { describe, expect, it } from 'vitest';
import { orderLineSchema, readOrderLine } from './order-line.js';

describe('the order line', () => {
  it('reads a line stored before variants (price, no variant, no SKU) into the one shape', () => {
    const old = { productId: 'abc', title: 'Conjunto', image: '/a.webp', quantity: 2, price: 10800, size: 'M', color: 'Negro' };
    const line = readOrderLine(old);
    expect(line).toEqual({
      productId: 'abc',
      variantId: null,
      sku: null,
      title: 'Conjunto',
      image: '/a.webp',
      color: 'Negro',
      size: 'M',
      quantity: 2,
      unitPrice: 10800,
      lineTotal: 21600,
    });
    expect(orderLineSchema.parse(line)).toEqual(line);
  });

  it("keeps today's line as it is, and never throws on junk", () => {
    const now = {
      productId: 'p',
      variantId: 'nude~85B',
      sku: 'SOFT-NUDE-85B',
      title: 'Soft',
      image: null,
      color: 'Nude',
      size: '85B',
      quantity: 1,
      unitPrice: 9000,
      lineTotal: 8100,
    };
    expect(readOrderLine(now)).toEqual(now);
    expect(readOrderLine(null)).toMatchObject({ productId: null, title: '', quantity: 0, unitPrice: 0, lineTotal: 0 });
    expect(readOrderLine({ quantity: '3', price: 'x', size: '', color: 42 })).toMatchObject({
      quantity: 3,
      unitPrice: 0,
      size: null,
      color: null,
    });
  });
});
