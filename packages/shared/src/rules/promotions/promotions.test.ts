import { describe, expect, it } from 'vitest';
import { COUPON_REFUSALS, priceWithPaymentDiscount, type Coupon } from './index.js';
import type { PricingContext } from '../quote/index.js';
import { coupon, input, options, price, promo } from '../../test/pricing.js';

describe('priceQuote with promotions, coupons and payment discounts', () => {
  it('3x2 frees the cheapest unit of each group of three in the category, and only there', () => {
    const quote = price(
      input([
        { productId: 'b1', quantity: 2 },
        { productId: 'b2', quantity: 1 },
        { productId: 'c1', quantity: 1 },
      ]),
      { promotions: [promo()] },
    );
    expect(quote.subtotal).toBe(2 * 5000 + 7000 + 20000);
    expect(quote.discounts).toEqual([{ kind: 'promotion', code: 'p-3x2', label: '3x2 en bombachas', amount: 5000 }]);
    expect(quote.total).toBe(quote.subtotal - 5000);
  });

  it('a category percent lowers only that category, before the coupon and the transfer discount, in that order', () => {
    const opts = options((c) => (c.checkout.paymentInfo.bankTransfer.discountPercent = 10));
    const quote = price(
      input(
        [
          { productId: 'c1', quantity: 1 },
          { productId: 'b1', quantity: 1 },
        ],
        { couponCode: 'insta10' },
      ),
      {
        promotions: [
          promo({
            id: 'hot',
            name: 'Hot Sale corpiños',
            type: 'category_percent',
            category: 'corpiños',
            percent: 20,
            buy: null,
            pay: null,
          }),
        ],
        coupon: { code: 'INSTA10', coupon: coupon() },
      },
      opts,
    );
    // 20000 − 4000 (20 %) = 16000; coupon 10 %: 1600 and 500; transfer 10 % of 14400 and 4500: 1440 + 450.
    expect(quote.discounts).toEqual([
      { kind: 'promotion', code: 'hot', label: 'Hot Sale corpiños', amount: 4000 },
      { kind: 'coupon', code: 'INSTA10', label: 'Cupón INSTA10', amount: 2100 },
      { kind: 'payment_method', code: 'transfer', label: '10% OFF con transferencia', amount: 1890 },
    ]);
    expect(quote.discountTotal).toBe(7990);
    expect(quote.total).toBe(25000 - 7990);
    expect(quote.coupon).toEqual({ code: 'INSTA10', applied: true, message: null });
  });

  it('explains why a coupon does not apply, and charges nothing for it', () => {
    const items = [{ productId: 'b1', quantity: 1 }];
    const why = (c: Coupon | null, extra: Partial<PricingContext['coupon']> = {}) =>
      price(input(items, { couponCode: 'insta10' }), { coupon: { code: 'INSTA10', coupon: c, ...extra } }).coupon;
    expect(why(null)).toEqual({ code: 'INSTA10', applied: false, message: COUPON_REFUSALS.unknown });
    expect(why(coupon({ active: false }))?.message).toBe(COUPON_REFUSALS.unknown);
    expect(why(coupon({ endsAt: '2026-11-24T11:59:59Z' }))?.message).toBe('El cupón venció');
    expect(why(coupon({ startsAt: '2026-11-25T00:00:00Z' }))?.message).toBe(COUPON_REFUSALS.notYet);
    expect(why(coupon({ minSubtotal: 8000 }))?.message).toBe('Te faltan $3.000 para usar este cupón');
    expect(why(coupon(), { usedUp: true })?.message).toBe('Este cupón ya fue usado');
    expect(why(coupon(), { usedByCustomer: true })?.message).toBe('Este cupón ya fue usado');
    expect(why(coupon({ categories: ['Corpiños'] }))?.message).toBe('El cupón no aplica a estos productos');
    const refused = price(input(items, { couponCode: 'INSTA10' }), {
      coupon: { code: 'INSTA10', coupon: coupon({ endsAt: '2026-01-01T00:00:00Z' }) },
    });
    expect(refused.discounts).toEqual([]);
    expect(refused.total).toBe(5000);
  });

  it('a coupon limited to categories discounts only their lines; a fixed one never more than they cost', () => {
    const items = [
      { productId: 'c1', quantity: 1 },
      { productId: 'b1', quantity: 1 },
    ];
    const pct = price(input(items, { couponCode: 'X' }), {
      coupon: { code: 'X', coupon: coupon({ code: 'X', categories: ['corpiños'] }) },
    });
    expect(pct.discounts).toEqual([{ kind: 'coupon', code: 'X', label: 'Cupón X', amount: 2000 }]);
    const fixed = price(input(items, { couponCode: 'X' }), {
      coupon: { code: 'X', coupon: coupon({ code: 'X', type: 'fixed', value: 999_999, categories: ['Bombachas'] }) },
    });
    expect(fixed.discounts).toEqual([{ kind: 'coupon', code: 'X', label: 'Cupón X', amount: 5000 }]);
    expect(fixed.total).toBe(20000);
  });

  it('a free-shipping coupon keeps the shipping as priced and adds "Envío gratis" of the same amount', () => {
    const check = { code: 'ENVIO', coupon: coupon({ code: 'ENVIO', type: 'free_shipping', value: 0 }) };
    const quote = price(input([{ productId: 'b1', quantity: 1 }], { deliveryType: 'delivery', couponCode: 'envio' }), { coupon: check });
    expect(quote.shippingCost).toBe(3000);
    expect(quote.discounts).toEqual([{ kind: 'coupon', code: 'ENVIO', label: 'Envío gratis', amount: 3000 }]);
    expect(quote.total).toBe(5000);
    const pickup = price(input([{ productId: 'b1', quantity: 1 }], { couponCode: 'ENVIO' }), { coupon: check });
    expect(pickup.coupon).toEqual({ code: 'ENVIO', applied: false, message: COUPON_REFUSALS.pickup });
  });

  it('the cash discount and fee: the fee is never discounted', () => {
    const opts = options((c) => {
      c.checkout.paymentInfo.cashOnDelivery.discountPercent = 5;
      c.checkout.paymentInfo.cashOnDelivery.additionalFee = 500;
    });
    const quote = price(input([{ productId: 'b2', quantity: 1 }], { paymentMethod: 'cash' }), {}, opts);
    expect(quote.discounts).toEqual([{ kind: 'payment_method', code: 'cash', label: '5% OFF en efectivo', amount: 350 }]);
    expect(quote.total).toBe(7000 - 350 + 500);
    expect(priceWithPaymentDiscount(7000, 5)).toBe(6650);
  });

  it('a promotion outside its dates or switched off does not apply', () => {
    const items = [{ productId: 'b1', quantity: 3 }];
    expect(price(input(items), { promotions: [promo({ endsAt: '2026-11-24T12:00:00Z' })] }).discountTotal).toBe(0);
    expect(price(input(items), { promotions: [promo({ active: false })] }).discountTotal).toBe(0);
    expect(price(input(items), { promotions: [promo({ startsAt: '2026-11-24T12:00:00Z' })] }).discountTotal).toBe(5000);
  });
});
