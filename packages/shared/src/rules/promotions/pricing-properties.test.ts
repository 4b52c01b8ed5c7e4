import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Coupon, Promotion } from './index.js';
import { priceQuote } from '../quote/index.js';
import { catalogue, input, NOW, options, price, promo } from '../../test/pricing.js';

describe('pricing properties', () => {
  const lineArb = fc.record({
    productId: fc.constantFrom('b1', 'b2', 'b3', 'c1', 'c2'),
    quantity: fc.integer({ min: 1, max: 6 }),
  });
  const couponArb: fc.Arbitrary<Coupon> = fc.record({
    code: fc.constant('C'),
    type: fc.constantFrom('percent', 'fixed', 'free_shipping'),
    value: fc.integer({ min: 1, max: 200_000 }),
    minSubtotal: fc.integer({ min: 0, max: 50_000 }),
    startsAt: fc.constantFrom(null, '2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z'),
    endsAt: fc.constantFrom(null, '2026-11-01T00:00:00Z', '2027-06-01T00:00:00Z'),
    maxUses: fc.constant(null),
    onePerCustomer: fc.boolean(),
    categories: fc.subarray(['Bombachas', 'Corpiños']),
    active: fc.boolean(),
  });
  const promoArb: fc.Arbitrary<Promotion> = fc.oneof(
    fc
      .record({ buy: fc.integer({ min: 2, max: 5 }), category: fc.constantFrom('Bombachas', 'Corpiños') })
      .map(({ buy, category }) => promo({ id: `x${buy}`, buy, pay: buy - 1, category })),
    fc
      .record({ percent: fc.integer({ min: 1, max: 90 }), category: fc.constantFrom('Bombachas', 'Corpiños') })
      .map(({ percent, category }) => promo({ id: `pc${percent}`, type: 'category_percent', percent, buy: null, pay: null, category })),
  );
  const caseArb = fc.record({
    items: fc.array(lineArb, { minLength: 1, maxLength: 6 }),
    promotions: fc.array(promoArb, { maxLength: 3 }),
    coupon: fc.option(couponArb),
    paymentMethod: fc.constantFrom('transfer', 'cash') as fc.Arbitrary<'transfer' | 'cash'>,
    deliveryType: fc.constantFrom('pickup', 'delivery') as fc.Arbitrary<'pickup' | 'delivery'>,
    transferPercent: fc.integer({ min: 0, max: 50 }),
    cashPercent: fc.integer({ min: 0, max: 50 }),
  });
  const opts = (c: { transferPercent: number; cashPercent: number }) =>
    options((content) => {
      content.checkout.paymentInfo.bankTransfer.discountPercent = c.transferPercent;
      content.checkout.paymentInfo.cashOnDelivery.discountPercent = c.cashPercent;
      content.checkout.paymentInfo.cashOnDelivery.additionalFee = 700;
      content.checkout.maxUnitsPerProduct = 999;
    });
  type Case = typeof caseArb extends fc.Arbitrary<infer T> ? T : never;
  const run = (c: Case, items = c.items) =>
    price(
      input(items, { paymentMethod: c.paymentMethod, deliveryType: c.deliveryType, couponCode: c.coupon ? 'C' : null }),
      { promotions: c.promotions, coupon: c.coupon ? { code: 'C', coupon: c.coupon } : null },
      opts(c),
    );

  it('the total is never negative, goods discounts never exceed the subtotal, and total = subtotal − discounts + shipping + fee', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const q = run(c);
        const goods = q.discounts.filter((d) => d.label !== 'Envío gratis').reduce((s, d) => s + d.amount, 0);
        expect(q.total).toBeGreaterThanOrEqual(0);
        expect(goods).toBeLessThanOrEqual(q.subtotal);
        expect(q.discounts.every((d) => Number.isInteger(d.amount) && d.amount > 0)).toBe(true);
        expect(q.discountTotal).toBe(q.discounts.reduce((s, d) => s + d.amount, 0));
        expect(q.total).toBe(Math.max(0, q.subtotal - q.discountTotal + q.shippingCost + q.cashFee));
      }),
    );
  });

  it('the same cart in any line order prices the same', () => {
    fc.assert(
      fc.property(
        caseArb.chain((c) =>
          fc.shuffledSubarray(c.items, { minLength: c.items.length, maxLength: c.items.length }).map((shuffled) => [c, shuffled] as const),
        ),
        ([c, shuffled]) => {
          const a = run(c);
          const b = run(c, shuffled);
          expect(b.total).toBe(a.total);
          expect(b.discountTotal).toBe(a.discountTotal);
        },
      ),
    );
  });

  it('a coupon outside its dates never applies', () => {
    fc.assert(
      fc.property(
        caseArb,
        fc.constantFrom(
          { startsAt: '2026-11-25T00:00:00Z', endsAt: null },
          { startsAt: null, endsAt: '2026-11-24T12:00:00Z' },
          { startsAt: '2025-01-01T00:00:00Z', endsAt: '2026-01-01T00:00:00Z' },
        ),
        couponArb,
        (c, dates, base) => {
          const q = run({ ...c, coupon: { ...base, active: true, ...dates } });
          expect(q.coupon?.applied).toBe(false);
          expect(q.discounts.some((d) => d.kind === 'coupon')).toBe(false);
        },
      ),
    );
  });

  it('3x2 on N identical units frees ⌊N/3⌋ of them', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.constantFrom('b1', 'b2', 'b3'), (n, id) => {
        const unit = priceQuote(input([{ productId: id, quantity: 1 }]), catalogue, options(), { now: NOW }).subtotal;
        const q = priceQuote(
          input([{ productId: id, quantity: n }]),
          catalogue,
          options((c) => (c.checkout.maxUnitsPerProduct = 999)),
          {
            now: NOW,
            promotions: [promo()],
          },
        );
        expect(q.discountTotal).toBe(Math.floor(n / 3) * unit);
      }),
    );
  });
});
