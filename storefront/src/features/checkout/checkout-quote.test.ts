import { describe, expect, it } from 'vitest';
import { checkoutOptionsOf, ZONE_REFUSALS } from '@shop/shared';
import { makeContent, makeZonedContent } from '@/test/fixtures';
import { figuresOfQuote, localQuote, quoteRequestFor, quotedUnitPrices, type PricedChoice } from './checkout-quote';

const items = [
  { id: 'p1', name: 'Body', price: 10000, image: '/a.webp', size: 'm', color: 'Negro', quantity: 2 },
  { id: 'p2', name: 'Medias', price: 2500, image: '/b.webp', size: '', quantity: 1 },
];

describe('quote request', () => {
  it('sends the lines without figures, and only the place the delivery type needs', () => {
    const choice = { paymentMethod: 'cash', zoneId: 'centro', meetingPointId: 'plaza' } satisfies Partial<PricedChoice>;
    expect(quoteRequestFor(items, { ...choice, deliveryType: 'delivery' })).toEqual({
      items: [
        { productId: 'p1', quantity: 2, size: 'm', color: 'Negro' },
        { productId: 'p2', quantity: 1, size: undefined, color: undefined },
      ],
      paymentMethod: 'cash',
      deliveryType: 'delivery',
      zoneId: 'centro',
    });
    const pickup = quoteRequestFor(items, { ...choice, deliveryType: 'pickup' });
    expect(pickup).toMatchObject({ deliveryType: 'pickup', meetingPointId: 'plaza' });
    expect(pickup).not.toHaveProperty('zoneId');
  });
});

describe('figures worked out here (quote unreachable)', () => {
  const zoned = checkoutOptionsOf(
    makeZonedContent((c) => {
      c.checkout.paymentInfo.cashOnDelivery.additionalFee = 700;
    }),
  );

  it("prices a home delivery with its zone's cost, free from the zone's threshold", () => {
    const request: PricedChoice = { deliveryType: 'delivery', paymentMethod: 'cash', zoneId: 'oeste', meetingPointId: null };
    const local = localQuote(quoteRequestFor(items, request), items, zoned);
    expect(local.ok && figuresOfQuote(local.quote)).toEqual({
      subtotal: 22500,
      shippingCost: 3500,
      cashFee: 700,
      discounts: [],
      total: 26700,
    });
    const centre = (lines: typeof items) =>
      localQuote(quoteRequestFor(lines, { ...request, zoneId: 'centro', meetingPointId: null }), lines, zoned);
    const under = centre(items.map((item) => ({ ...item, quantity: 3 })));
    expect(under.ok && under.quote.shippingCost).toBe(2000);
    const reached = centre([{ id: 'p1', name: 'Body', price: 10000, image: '', size: 'M', quantity: 6 }]);
    expect(reached.ok && reached.quote).toMatchObject({ subtotal: 60000, shippingCost: 0, zone: { id: 'centro' } });
  });

  it('prices pickup at the chosen place for free, and the shop without zones at its one price', () => {
    const pickup = localQuote(
      quoteRequestFor(items, { deliveryType: 'pickup', paymentMethod: 'transfer', zoneId: null, meetingPointId: 'shopping' }),
      items,
      zoned,
    );
    expect(pickup.ok && pickup.quote).toMatchObject({ shippingCost: 0, cashFee: 0, total: 22500, meetingPoint: { id: 'shopping' } });
    const flat = localQuote(
      quoteRequestFor(items, { deliveryType: 'delivery', paymentMethod: 'transfer', zoneId: null, meetingPointId: null }),
      items,
      checkoutOptionsOf(makeContent()),
    );
    expect(flat.ok && flat.quote.shippingCost).toBe(3000);
  });

  it('refuses, in Spanish, what the server would refuse', () => {
    const request = quoteRequestFor(items, { deliveryType: 'delivery', paymentMethod: 'cash', zoneId: 'plottier', meetingPointId: null });
    expect(localQuote(request, items, zoned)).toEqual({ ok: false, message: ZONE_REFUSALS.disabledZone });
  });

  it("uses the quote's unit prices only for the very lines it priced", () => {
    const request = quoteRequestFor(items, { deliveryType: 'pickup', paymentMethod: 'cash', zoneId: null, meetingPointId: null });
    const local = localQuote(request, items, zoned);
    if (!local.ok) throw new Error(local.message);
    expect(quotedUnitPrices(local.quote, items)).toEqual([10000, 2500]);
    expect(quotedUnitPrices(local.quote, [...items].reverse())).toBeNull();
    expect(quotedUnitPrices(local.quote, items.slice(0, 1))).toBeNull();
  });
});
