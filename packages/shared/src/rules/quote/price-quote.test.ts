import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultSiteContent, type SiteContent } from '../../content/site-content.js';
import type { DeliveryZone } from '../delivery.js';
import { testZone } from '../../test/test-zone.js';
import { checkoutOptionsOf } from '../checkout-options.js';
import { deliveryTeaser, priceQuote, QuoteRefusal, type QuoteInput, type QuoteProduct } from './index.js';

const zone = testZone;

function contentWith(zones: DeliveryZone[], edit: (c: SiteContent) => void = () => undefined): SiteContent {
  const content = defaultSiteContent();
  content.checkout.shipping.homeDelivery.zones = zones;
  content.checkout.deliveryInfo.meetingPoints = [
    { id: 'centro', title: 'Centro', address: 'Av. Argentina 250', schedule: 'Lun a Vie', notes: '', enabled: true },
    { id: 'cerrado', title: 'Cerrado', address: 'Sin atención', schedule: '', notes: '', enabled: false },
  ];
  edit(content);
  return content;
}

const product = (fields: Partial<QuoteProduct> = {}): QuoteProduct => ({
  id: 'p1',
  title: 'Conjunto Encaje',
  price: 10000,
  discount: 0,
  active: true,
  sizes: ['S', 'M'],
  ...fields,
});

const catalogue = (...products: QuoteProduct[]) => new Map(products.map((p) => [p.id, p]));

const ZONES = [
  zone({
    id: 'centro',
    name: 'Neuquén centro',
    barrios: ['Centro', 'Santa Genoveva'],
    postalCodes: ['8300'],
    cost: 2500,
    freeShippingThreshold: 30000,
  }),
  zone({ id: 'plottier', name: 'Plottier', barrios: ['Plottier'], postalCodes: ['8316'], cost: 4500, freeShippingThreshold: 50000 }),
  zone({ id: 'cerrada', name: 'Cipolletti', barrios: ['Cipolletti'], postalCodes: ['8324'], cost: 5000, enabled: false }),
];

const base: QuoteInput = { items: [{ productId: 'p1', quantity: 1, size: 'M' }], paymentMethod: 'transfer', deliveryType: 'delivery' };

function refusal(run: () => unknown): QuoteRefusal {
  try {
    run();
  } catch (err) {
    if (err instanceof QuoteRefusal) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('priceQuote', () => {
  const options = checkoutOptionsOf(contentWith(ZONES));

  it('prices lines after their discount, the zone found by barrio (accents and case aside) and the cash fee', () => {
    const withFee = checkoutOptionsOf(contentWith(ZONES, (c) => (c.checkout.paymentInfo.cashOnDelivery.additionalFee = 300)));
    const quote = priceQuote(
      { ...base, paymentMethod: 'cash', barrio: '  santa GENOVÉVA ', items: [{ productId: 'p1', quantity: 2, size: 'm', color: 'Negro' }] },
      catalogue(product({ discount: 15 })),
      withFee,
    );
    expect(quote.items).toEqual([
      { productId: 'p1', title: 'Conjunto Encaje', image: null, size: 'M', color: 'Negro', quantity: 2, unitPrice: 8500, lineTotal: 17000 },
    ]);
    expect(quote).toMatchObject({ subtotal: 17000, shippingCost: 2500, cashFee: 300, discounts: [], discountTotal: 0, total: 19800 });
    expect(quote.zone).toEqual({ id: 'centro', name: 'Neuquén centro', estimatedDays: '', cost: 2500 });
    expect(quote.freeShippingFrom).toBe(30000);
  });

  it('finds the zone by postal code (old or CPA form); zoneId wins over both', () => {
    expect(priceQuote({ ...base, postalCode: 'Q8316ABC' }, catalogue(product()), options).zone?.id).toBe('plottier');
    expect(priceQuote({ ...base, postalCode: '8300' }, catalogue(product()), options).zone?.id).toBe('centro');
    expect(priceQuote({ ...base, zoneId: 'plottier', barrio: 'Centro', postalCode: '8300' }, catalogue(product()), options).zone?.id).toBe(
      'plottier',
    );
    // A barrio is more precise than the postal code.
    expect(priceQuote({ ...base, barrio: 'Plottier', postalCode: '8300' }, catalogue(product()), options).zone?.id).toBe('plottier');
  });

  it('refuses a delivery outside every zone, a disabled zone and an unknown one, and asks where when nothing is said', () => {
    expect(refusal(() => priceQuote({ ...base, barrio: 'Villa La Angostura' }, catalogue(product()), options)).message).toBe(
      'No llegamos a ese barrio con envío a domicilio; escribinos por WhatsApp y lo coordinamos',
    );
    // A disabled zone's barrio and postal code match nothing; its id is refused.
    expect(refusal(() => priceQuote({ ...base, barrio: 'Cipolletti' }, catalogue(product()), options)).kind).toBe('zone');
    expect(refusal(() => priceQuote({ ...base, postalCode: '8324' }, catalogue(product()), options)).kind).toBe('zone');
    expect(refusal(() => priceQuote({ ...base, zoneId: 'cerrada' }, catalogue(product()), options)).message).toMatch(
      /no hacemos envíos a esa zona/,
    );
    expect(refusal(() => priceQuote({ ...base, zoneId: 'nada' }, catalogue(product()), options)).message).toMatch(/no existe/);
    expect(refusal(() => priceQuote(base, catalogue(product()), options)).message).toBe(
      'Indicá tu barrio o código postal para calcular el envío a domicilio',
    );
  });

  it('prices a pickup at the chosen meeting point (the first enabled one when none is named) and refuses a disabled one', () => {
    const pickup = { ...base, deliveryType: 'pickup' as const };
    expect(priceQuote(pickup, catalogue(product()), options)).toMatchObject({
      shippingCost: 0,
      meetingPoint: { id: 'centro', address: 'Av. Argentina 250' },
    });
    expect(refusal(() => priceQuote({ ...pickup, meetingPointId: 'cerrado' }, catalogue(product()), options)).kind).toBe('meetingPoint');
    expect(refusal(() => priceQuote({ ...pickup, meetingPointId: 'otro' }, catalogue(product()), options)).kind).toBe('meetingPoint');
  });

  it('keeps the flat base cost when the shop has no zones', () => {
    const flat = checkoutOptionsOf(
      contentWith([], (c) => Object.assign(c.checkout.shipping.homeDelivery, { baseCost: 3000, freeShippingThreshold: 20000 })),
    );
    expect(priceQuote(base, catalogue(product()), flat)).toMatchObject({ shippingCost: 3000, total: 13000, freeShippingFrom: 20000 });
    expect(priceQuote(base, catalogue(product()), flat).zone).toBeUndefined();
    const unset = checkoutOptionsOf(
      contentWith([], (c) => Object.assign(c.checkout.shipping.homeDelivery, { baseCost: 0, freeShippingThreshold: 0 })),
    );
    expect(priceQuote(base, catalogue(product()), unset).shippingCost).toBe(2500);
  });

  it('refuses unknown and inactive products, sizes not offered, quantities over stock and over the per-product cap', () => {
    expect(
      refusal(() =>
        priceQuote({ ...base, barrio: 'Centro', items: [{ productId: 'x', quantity: 1, title: 'Body' }] }, catalogue(product()), options),
      ).message,
    ).toBe('El producto "Body" no existe o ya no está disponible');
    expect(refusal(() => priceQuote({ ...base, barrio: 'Centro' }, catalogue(product({ active: false })), options)).kind).toBe('product');
    expect(
      refusal(() =>
        priceQuote({ ...base, barrio: 'Centro', items: [{ productId: 'p1', quantity: 1, size: 'XL' }] }, catalogue(product()), options),
      ).kind,
    ).toBe('size');
    expect(
      refusal(() => priceQuote({ ...base, barrio: 'Centro', items: [{ productId: 'p1', quantity: 1 }] }, catalogue(product()), options))
        .kind,
    ).toBe('sizeMissing');
    const stocked = product({ stockBySize: { S: 5, M: 2 } });
    const over = refusal(() =>
      priceQuote({ ...base, barrio: 'Centro', items: [{ productId: 'p1', quantity: 3, size: 'M' }] }, catalogue(stocked), options),
    );
    expect(over.message).toBe('Stock insuficiente para "Conjunto Encaje" en talla M (quedan 2)');
    const capped = refusal(() =>
      priceQuote(
        {
          ...base,
          barrio: 'Centro',
          items: [
            { productId: 'p1', quantity: 6, size: 'S' },
            { productId: 'p1', quantity: 5, size: 'M' },
          ],
        },
        catalogue(product()),
        options,
      ),
    );
    expect(capped.kind).toBe('cap');
  });

  it('refuses options the owner switched off', () => {
    const noCash = checkoutOptionsOf(contentWith(ZONES, (c) => (c.checkout.paymentInfo.cashOnDelivery.enabled = false)));
    expect(refusal(() => priceQuote({ ...base, barrio: 'Centro', paymentMethod: 'cash' }, catalogue(product()), noCash)).message).toBe(
      'El pago en efectivo no está disponible en este momento',
    );
    const allZonesOff = checkoutOptionsOf(contentWith(ZONES.map((z) => ({ ...z, enabled: false }))));
    expect(refusal(() => priceQuote({ ...base, zoneId: 'centro' }, catalogue(product()), allZonesOff)).kind).toBe('option');
  });
});

describe('priceQuote, properties', () => {
  const zoneArb = fc.record({
    cost: fc.integer({ min: 0, max: 100_000 }),
    freeShippingThreshold: fc.integer({ min: 0, max: 500_000 }),
    enabled: fc.boolean(),
  });
  const linesArb = fc.array(
    fc.record({
      price: fc.integer({ min: 1, max: 1_000_000 }),
      discount: fc.integer({ min: 0, max: 100 }),
      quantity: fc.integer({ min: 1, max: 10 }),
    }),
    { minLength: 1, maxLength: 8 },
  );

  function setup(
    lines: { price: number; discount: number; quantity: number }[],
    zones: { cost: number; freeShippingThreshold: number; enabled: boolean }[],
    fee: number,
  ) {
    const products = lines.map((l, i) => product({ id: `p${i}`, price: l.price, discount: l.discount, sizes: [] }));
    const content = contentWith(
      zones.map((z, i) => zone({ id: `z${i}`, barrios: [`Barrio ${i}`], postalCodes: [String(8300 + i)], ...z })),
      (c) => {
        c.checkout.paymentInfo.cashOnDelivery.additionalFee = fee;
        c.checkout.maxUnitsPerProduct = 999;
      },
    );
    const items = lines.map((l, i) => ({ productId: `p${i}`, quantity: l.quantity }));
    return { catalogue: catalogue(...products), options: checkoutOptionsOf(content), items };
  }

  it('total = subtotal − discountTotal + shippingCost + cashFee, never negative, whole pesos', () => {
    fc.assert(
      fc.property(
        linesArb,
        fc.array(zoneArb, { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 0, max: 5000 }),
        fc.nat(4),
        fc.constantFrom('cash', 'transfer') as fc.Arbitrary<'cash' | 'transfer'>,
        fc.constantFrom('pickup', 'delivery') as fc.Arbitrary<'pickup' | 'delivery'>,
        (lines, zones, fee, pick, paymentMethod, deliveryType) => {
          const { catalogue: cat, options, items } = setup(lines, zones, fee);
          let quote;
          try {
            quote = priceQuote({ items, paymentMethod, deliveryType, zoneId: `z${pick % zones.length}` }, cat, options);
          } catch (err) {
            // Only a disabled zone (or every zone off) may refuse here.
            expect(err).toBeInstanceOf(QuoteRefusal);
            expect(deliveryType).toBe('delivery');
            expect(zones[pick % zones.length]?.enabled).toBe(false);
            return;
          }
          expect(quote.total).toBe(quote.subtotal - quote.discountTotal + quote.shippingCost + quote.cashFee);
          expect(quote.total).toBeGreaterThanOrEqual(0);
          for (const n of [quote.subtotal, quote.shippingCost, quote.cashFee, quote.total]) expect(Number.isInteger(n)).toBe(true);
          expect(quote.subtotal).toBe(quote.items.reduce((sum, l) => sum + l.lineTotal, 0));
          expect(quote.cashFee).toBe(paymentMethod === 'cash' ? fee : 0);
          if (deliveryType === 'pickup') expect(quote.shippingCost).toBe(0);
        },
      ),
    );
  });

  it('delivery is free exactly from the zone threshold, and costs the zone price just below it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 2, max: 500_000 }),
        fc.integer({ min: -1, max: 1 }),
        (cost, threshold, offset) => {
          const subtotal = threshold + offset;
          const { catalogue: cat, options } = setup(
            [{ price: subtotal, discount: 0, quantity: 1 }],
            [{ cost, freeShippingThreshold: threshold, enabled: true }],
            0,
          );
          const quote = priceQuote(
            { items: [{ productId: 'p0', quantity: 1 }], paymentMethod: 'transfer', deliveryType: 'delivery', barrio: 'Barrio 0' },
            cat,
            options,
          );
          expect(quote.shippingCost).toBe(subtotal >= threshold ? 0 : cost);
          expect(quote.freeShippingFrom).toBe(threshold);
        },
      ),
    );
  });

  it('a disabled zone is never priced, whichever way the shopper names it', () => {
    fc.assert(
      fc.property(
        fc.array(zoneArb, { minLength: 1, maxLength: 6 }),
        fc.nat(5),
        fc.constantFrom('zoneId', 'barrio', 'postalCode'),
        (zones, pick, by) => {
          const { catalogue: cat, options } = setup([{ price: 1000, discount: 0, quantity: 1 }], zones, 0);
          const i = pick % zones.length;
          const place =
            by === 'zoneId' ? { zoneId: `z${i}` } : by === 'barrio' ? { barrio: `barrio ${i}` } : { postalCode: String(8300 + i) };
          try {
            const quote = priceQuote(
              { items: [{ productId: 'p0', quantity: 1 }], paymentMethod: 'transfer', deliveryType: 'delivery', ...place },
              cat,
              options,
            );
            expect(quote.zone?.id).toBe(`z${i}`);
            expect(zones[i]?.enabled).toBe(true);
          } catch (err) {
            expect(err).toBeInstanceOf(QuoteRefusal);
            expect(zones[i]?.enabled).toBe(false);
          }
        },
      ),
    );
  });
});

describe('deliveryTeaser', () => {
  it('gives the cheapest enabled zone and the lowest free-shipping threshold; the flat rule without zones', () => {
    expect(deliveryTeaser(checkoutOptionsOf(contentWith(ZONES)))).toEqual({ from: 2500, freeFrom: 30000 });
    const flat = contentWith([], (c) => Object.assign(c.checkout.shipping.homeDelivery, { baseCost: 1800, freeShippingThreshold: 0 }));
    expect(deliveryTeaser(checkoutOptionsOf(flat))).toEqual({ from: 1800, freeFrom: null });
    const off = contentWith(ZONES, (c) => (c.checkout.shipping.enabled = false));
    expect(deliveryTeaser(checkoutOptionsOf(off))).toBeNull();
  });
});
