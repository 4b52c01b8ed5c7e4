import { describe, expect, it } from 'vitest';
import { paymentLink } from './payment-link';

describe('payment link', () => {
  it("takes only the web address of Mercado Pago's checkout", () => {
    const url = 'https://www.mercadopago.com.ar/checkout/v1/redirect?pref_id=123-abc';
    expect(paymentLink(url)).toBe(url);
    expect(paymentLink('http://127.0.0.1:4010/checkout?pref=1')).toBe('http://127.0.0.1:4010/checkout?pref=1');
    expect(paymentLink('javascript:alert(1)')).toBeNull();
    expect(paymentLink('/checkout')).toBeNull();
    expect(paymentLink('')).toBeNull();
    expect(paymentLink(null)).toBeNull();
    expect(paymentLink(undefined)).toBeNull();
  });
});
