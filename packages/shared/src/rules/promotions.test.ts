import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultSiteContent } from '../site-content.js';
import { checkoutOptionsOf } from './checkout-options.js';
import {
  COUPON_REFUSALS,
  couponInputSchema,
  customerKeyOf,
  promotionBadge,
  promotionInputSchema,
  priceWithPaymentDiscount,
  type Coupon,
  type Promotion,
} from './promotions.js';
import { priceQuote, type PricingContext, type QuoteInput, type QuoteProduct } from './quote.js';

const NOW = new Date('2026-11-24T12:00:00Z');

function options(edit: (c: ReturnType<typeof defaultSiteContent>) => void = () => undefined) {
  const content = defaultSiteContent();
  content.checkout.shipping.homeDelivery.baseCost = 3000;
  content.checkout.shipping.homeDelivery.freeShippingThreshold = 0;
  edit(content);
  return checkoutOptionsOf(content);
}

const product = (id: string, price: number, category: string, fields: Partial<QuoteProduct> = {}): QuoteProduct => ({
  id,
  title: `Producto ${id}`,
  price,
  discount: 0,
  active: true,
  sizes: [],
  category,
  ...fields,
});

const catalogue = new Map(
  [
    product('b1', 5000, 'Bombachas'),
    product('b2', 7000, 'Bombachas'),
    product('b3', 6000, 'bombachas', { discount: 10 }),
    product('c1', 20000, 'Corpiños'),
    product('c2', 15000, 'Corpiños', { discount: 20 }),
  ].map((p) => [p.id, p]),
);

const coupon = (fields: Partial<Coupon> = {}): Coupon => ({
  code: 'INSTA10',
  type: 'percent',
  value: 10,
  minSubtotal: 0,
  startsAt: null,
  endsAt: null,
  maxUses: null,
  onePerCustomer: false,
  categories: [],
  active: true,
  ...fields,
});

const promo = (fields: Partial<Promotion> = {}): Promotion => ({
  id: 'p-3x2',
  name: '3x2 en bombachas',
  type: 'buy_x_pay_y',
  category: 'Bombachas',
  buy: 3,
  pay: 2,
  percent: null,
  startsAt: null,
  endsAt: null,
  active: true,
  ...fields,
});

const input = (items: QuoteInput['items'], fields: Partial<QuoteInput> = {}): QuoteInput => ({
  items,
  paymentMethod: 'transfer',
  deliveryType: 'pickup',
  ...fields,
});

const price = (q: QuoteInput, context: PricingContext = {}, opts = options()) => priceQuote(q, catalogue, opts, { now: NOW, ...context });

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

describe('coupon and promotion input', () => {
  it('normalises codes and refuses bad values in Spanish', () => {
    expect(couponInputSchema.parse({ code: ' insta10 ', type: 'percent', value: 10 })).toMatchObject({
      code: 'INSTA10',
      maxUses: null,
      categories: [],
    });
    const problems = (body: unknown) => {
      const r = couponInputSchema.safeParse(body);
      return r.success ? [] : r.error.issues.map((i) => i.message);
    };
    expect(problems({ code: 'A', type: 'percent', value: 0 })).toContain('El porcentaje debe ser un número entero entre 1 y 100');
    expect(problems({ code: 'A', type: 'percent', value: 101 })).toContain('El porcentaje debe ser un número entero entre 1 y 100');
    expect(problems({ code: 'A', type: 'fixed', value: 0 })).toContain('El monto del descuento debe ser un número entero mayor que 0');
    expect(problems({ code: 'A', type: 'fixed', value: -5 }).length).toBeGreaterThan(0);
    expect(problems({ code: 'A'.repeat(10_000), type: 'percent', value: 5 })).toContain(
      'El código solo puede tener letras, números, guiones y guiones bajos (hasta 40)',
    );
    expect(problems({ code: 'A', type: 'percent', value: 5, startsAt: '2026-12-01', endsAt: '2026-11-01' })).toContain(
      'La fecha de fin debe ser posterior a la de inicio',
    );
    expect(promotionInputSchema.safeParse({ name: '3x2', type: 'buy_x_pay_y', category: 'Bombachas', buy: 2, pay: 2 }).success).toBe(false);
    expect(
      promotionInputSchema.parse({ name: '3x2', type: 'buy_x_pay_y', category: 'Bombachas', buy: 3, pay: 2, percent: 50 }),
    ).toMatchObject({
      buy: 3,
      pay: 2,
      percent: null,
    });
    expect(promotionBadge({ type: 'buy_x_pay_y', buy: 3, pay: 2, percent: null })).toBe('3x2');
  });

  it('one customer per Gmail address whatever the dots, case and +tag', () => {
    expect(customerKeyOf('Ana.Perez+promo@Gmail.com')).toBe(customerKeyOf('anaperez@gmail.com'));
    expect(customerKeyOf('ana.perez@empresa.com.ar')).not.toBe(customerKeyOf('anaperez@empresa.com.ar'));
  });
});
