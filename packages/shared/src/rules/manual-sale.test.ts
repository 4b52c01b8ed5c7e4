import { describe, expect, it } from 'vitest';
import { manualDiscountPesos, paymentLinkWhatsapp, withinManualLimit } from './manual-sale';
import { manualOrderInputSchema } from '../contract/manual-orders';

describe('sales taken by staff', () => {
  it('takes a percent of the subtotal to the peso, or an amount, never more than the goods left', () => {
    expect(manualDiscountPesos({ percent: 12.5, reason: 'x' }, 33333, 0)).toBe(4167);
    expect(manualDiscountPesos({ amount: 1000, reason: 'x' }, 33333, 0)).toBe(1000);
    expect(manualDiscountPesos({ percent: 100, reason: 'x' }, 10000, 2000)).toBe(8000);
  });

  it('bounds the sales role by the percent of the subtotal', () => {
    expect(withinManualLimit(1500, 10000, 15)).toBe(true);
    expect(withinManualLimit(1501, 10000, 15)).toBe(false);
  });

  it('writes the payment link to the shopper on WhatsApp with the total and the link', () => {
    const url = paymentLinkWhatsapp(
      { orderNumber: 'JL-20261125-0001', total: 36000, shippingInfo: { fullName: 'Ana Pérez', phone: '299 555 1234' } },
      'https://mp/x',
    );
    expect(url).toMatch(/^https:\/\/wa\.me\/5492995551234\?text=/);
    expect(decodeURIComponent(url!.split('text=')[1]!)).toBe(
      '¡Hola Ana! Te paso el link para pagar tu pedido JL-20261125-0001 por $36.000: https://mp/x',
    );
    expect(paymentLinkWhatsapp({ orderNumber: 'x', total: 1, shippingInfo: { fullName: 'A', phone: '' } }, 'u')).toBeNull();
  });

  it('needs a phone or an e-mail, and one kind of discount with its reason', () => {
    const base = { items: [{ productId: 'p', quantity: 1 }], paymentMethod: 'cash', channel: 'local', shippingInfo: { fullName: 'Ana' } };
    expect(manualOrderInputSchema.safeParse(base).success).toBe(false);
    expect(manualOrderInputSchema.safeParse({ ...base, shippingInfo: { fullName: 'Ana', phone: '2995551234' } }).success).toBe(true);
    const withPhone = { ...base, shippingInfo: { fullName: 'Ana', phone: '2995551234' } };
    expect(manualOrderInputSchema.safeParse({ ...withPhone, manualDiscount: { percent: 5 } }).success).toBe(false);
    expect(manualOrderInputSchema.safeParse({ ...withPhone, manualDiscount: { percent: 5, amount: 10, reason: 'x' } }).success).toBe(false);
    expect(manualOrderInputSchema.safeParse({ ...withPhone, channel: 'web' }).success).toBe(false);
  });
});
