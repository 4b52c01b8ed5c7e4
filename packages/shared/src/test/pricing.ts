import { defaultSiteContent } from '../content/site-content.js';
import { checkoutOptionsOf } from '../rules/checkout-options.js';
import type { Coupon, Promotion } from '../rules/promotions/index.js';
import { priceQuote, type PricingContext, type QuoteInput, type QuoteProduct } from '../rules/quote/index.js';

/** A small catalogue, coupon and promotion for the pricing tests of promotions (not part of the build). */

export const NOW = new Date('2026-11-24T12:00:00Z');

export function options(edit: (c: ReturnType<typeof defaultSiteContent>) => void = () => undefined) {
  const content = defaultSiteContent();
  content.checkout.shipping.homeDelivery.baseCost = 3000;
  content.checkout.shipping.homeDelivery.freeShippingThreshold = 0;
  edit(content);
  return checkoutOptionsOf(content);
}

export const product = (id: string, price: number, category: string, fields: Partial<QuoteProduct> = {}): QuoteProduct => ({
  id,
  title: `Producto ${id}`,
  price,
  discount: 0,
  active: true,
  sizes: [],
  category,
  ...fields,
});

export const catalogue = new Map(
  [
    product('b1', 5000, 'Bombachas'),
    product('b2', 7000, 'Bombachas'),
    product('b3', 6000, 'bombachas', { discount: 10 }),
    product('c1', 20000, 'Corpiños'),
    product('c2', 15000, 'Corpiños', { discount: 20 }),
  ].map((p) => [p.id, p]),
);

export const coupon = (fields: Partial<Coupon> = {}): Coupon => ({
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

export const promo = (fields: Partial<Promotion> = {}): Promotion => ({
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

export const input = (items: QuoteInput['items'], fields: Partial<QuoteInput> = {}): QuoteInput => ({
  items,
  paymentMethod: 'transfer',
  deliveryType: 'pickup',
  ...fields,
});

export const price = (q: QuoteInput, context: PricingContext = {}, opts = options()) =>
  priceQuote(q, catalogue, opts, { now: NOW, ...context });
