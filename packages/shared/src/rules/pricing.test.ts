import { describe, expect, it } from 'vitest';
import { finalPrice, savings, shippingCost } from './pricing.js';
import { formatDigits, formatPrice, formatShipping, parseDigits } from './money.js';

describe('money', () => {
  it('formats pesos with dot thousands', () => {
    expect(formatPrice(0)).toBe('$0');
    expect(formatPrice(999)).toBe('$999');
    expect(formatPrice(12500)).toBe('$12.500');
    expect(formatPrice(1234567)).toBe('$1.234.567');
    expect(formatPrice(-2500)).toBe('-$2.500');
  });
  it('shows free shipping as Gratis', () => {
    expect(formatShipping(0)).toBe('Gratis');
    expect(formatShipping(2500)).toBe('$2.500');
  });
  it('keeps digits only in the admin price field', () => {
    expect(formatDigits('12a500')).toBe('12.500');
    expect(parseDigits('12.500')).toBe(12500);
    expect(parseDigits('abc')).toBe(0);
  });
});

describe('pricing', () => {
  it('applies the discount rounded to whole pesos', () => {
    expect(finalPrice(10000, 15)).toBe(8500);
    expect(finalPrice(9999, 33)).toBe(6699);
    expect(finalPrice(10000, 0)).toBe(10000);
    expect(finalPrice(10000, 150)).toBe(0);
    expect(savings(10000, 20)).toBe(2000);
  });
  it('charges home delivery 2500 when not configured and nothing for pickup', () => {
    expect(shippingCost('pickup', 1000, { baseCost: 4000 })).toBe(0);
    expect(shippingCost('delivery', 1000, {})).toBe(2500);
    expect(shippingCost('delivery', 1000, { baseCost: 3200 })).toBe(3200);
  });
  it('makes delivery free from the threshold', () => {
    expect(shippingCost('delivery', 29999, { baseCost: 3000, freeShippingThreshold: 30000 })).toBe(3000);
    expect(shippingCost('delivery', 30000, { baseCost: 3000, freeShippingThreshold: 30000 })).toBe(0);
  });
});
