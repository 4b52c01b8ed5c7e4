import { checkoutRefusal, type CheckoutOptions } from '../checkout-options.js';
import {
  COUPON_REFUSALS,
  couponAmounts,
  couponCovers,
  couponStateRefusal,
  normalizeCouponCode,
  PAYMENT_DISCOUNT_LABELS,
} from '../promotions/index.js';
import { applyPromotions, couponOf, discountableLines, takeFrom } from './discounts.js';
import { priceDelivery } from './delivery.js';
import { checkQuantities, priceLine } from './lines.js';
import { QuoteRefusal } from './refusals.js';
import type { CouponOutcome, PricingContext, Quote, QuoteDiscount, QuoteInput, QuoteProduct } from './types.js';

/**
 * The one pricing function of the shop. The storefront's summary, `POST /api/checkout/quote` and `POST /api/orders`
 * all call it, so a quote and the order placed right after it agree to the peso. In order:
 * 1. product discount: each line at the product's price after its own discount (whole pesos per unit), times its
 *    quantity → the line's total; their sum is the subtotal (the product discount is in the unit price, so it is not
 *    a discount line);
 * 2. promotions: each live promotion (percent-off categories first, then "llevá X, pagá Y", each by id) takes its
 *    amount off what the lines still cost, rounded per line (see promotionAmounts);
 * 3. coupon: when the shopper typed one and it applies (active, in its dates, uses left, not used by this customer,
 *    subtotal at least its minimum, a line it covers), a percent or fixed amount off what its lines still cost,
 *    rounded per line; a free-shipping coupon waits for step 5;
 * 4. payment-method discount: the method's percent off what every line still costs, rounded per line;
 *    the discounts of steps 2–4 never exceed the subtotal;
 * 5. shipping: pickup free; home delivery at the zone's cost (or the shop's base cost when there are no zones),
 *    free when the subtotal after discounts reaches the threshold; a free-shipping coupon keeps shippingCost as
 *    priced and adds a discount line ("Envío gratis") of the same amount;
 * 6. the cash fee for cash payments;
 * total = subtotal − discountTotal + shippingCost + cashFee, never below 0.
 */

/**
 * Prices a cart for a delivery and payment method under the owner's options. Throws a QuoteRefusal (with the
 * Spanish reason) for an unknown or inactive product, a size not offered, a quantity over stock (when the products
 * carry it) or over the per-product cap, an option switched off, an unknown or disabled zone or meeting point, or a
 * delivery outside every zone.
 */
export function priceQuote(
  input: QuoteInput,
  products: ReadonlyMap<string, QuoteProduct>,
  options: CheckoutOptions,
  context: PricingContext = {},
): Quote {
  const refusal = checkoutRefusal(options, input.deliveryType, input.paymentMethod);
  if (refusal) throw new QuoteRefusal('option', refusal);
  const items = input.items.map((item) => priceLine(item, products.get(item.productId)));
  checkQuantities(items, products, options.maxUnitsPerProduct);
  const subtotal = items.reduce((sum, line) => sum + line.lineTotal, 0);
  const now = context.now ?? new Date();
  const lines = discountableLines(items);
  const discounts: QuoteDiscount[] = applyPromotions(lines, context.promotions ?? [], now);
  const take = (amounts: readonly number[], discount: Omit<QuoteDiscount, 'amount'>): number => {
    const amount = takeFrom(lines, amounts);
    if (amount > 0) discounts.push({ ...discount, amount });
    return amount;
  };

  const couponCode = input.couponCode ? normalizeCouponCode(input.couponCode) : '';
  const coupon = couponCode ? couponOf(couponCode, context.coupon) : null;
  let couponOutcome: CouponOutcome | undefined;
  let freeShippingCoupon = false;
  if (coupon) {
    let why = couponStateRefusal(coupon, now);
    const found = coupon.coupon;
    if (!why && found) {
      if (subtotal < found.minSubtotal) why = COUPON_REFUSALS.tooShort(found.minSubtotal - subtotal);
      else if (!items.some((line) => couponCovers(found, line.category ?? null))) why = COUPON_REFUSALS.products;
      else if (found.type === 'free_shipping') freeShippingCoupon = true;
      else if (take(couponAmounts(found, lines), { kind: 'coupon', code: couponCode, label: `Cupón ${couponCode}` }) === 0)
        why = COUPON_REFUSALS.products;
    }
    couponOutcome = { code: couponCode, applied: why === null, message: why };
  }

  const paymentPercent = Math.max(0, options.paymentDiscounts?.[input.paymentMethod] ?? 0);
  if (paymentPercent > 0)
    take(
      lines.map((line) => Math.round((line.remaining * paymentPercent) / 100)),
      { kind: 'payment_method', code: input.paymentMethod, label: PAYMENT_DISCOUNT_LABELS[input.paymentMethod](paymentPercent) },
    );

  const goodsDiscount = Math.min(
    subtotal,
    discounts.reduce((sum, d) => sum + d.amount, 0),
  );
  const delivery = priceDelivery(input, options, subtotal - goodsDiscount);
  let discountTotal = goodsDiscount;
  if (freeShippingCoupon && couponOutcome) {
    const why =
      input.deliveryType !== 'delivery' && input.deliveryType !== 'carrier'
        ? COUPON_REFUSALS.pickup
        : delivery.shippingCost === 0
          ? COUPON_REFUSALS.freeAlready
          : null;
    if (why) couponOutcome = { ...couponOutcome, applied: false, message: why };
    else {
      discounts.push({ kind: 'coupon', code: couponCode, label: 'Envío gratis', amount: delivery.shippingCost });
      discountTotal += delivery.shippingCost;
    }
  }
  const cashFee = input.paymentMethod === 'cash' ? Math.max(0, Math.round(options.cashFee)) : 0;
  const total = Math.max(0, subtotal - discountTotal + delivery.shippingCost + cashFee);
  const { zone, meetingPoint } = delivery;
  return {
    items,
    subtotal,
    shippingCost: delivery.shippingCost,
    cashFee,
    discounts,
    discountTotal,
    total,
    ...(couponOutcome ? { coupon: couponOutcome } : {}),
    ...(zone ? { zone: { id: zone.id, name: zone.name, estimatedDays: zone.estimatedDays, cost: zone.cost } } : {}),
    ...(meetingPoint
      ? { meetingPoint: { id: meetingPoint.id, title: meetingPoint.title, address: meetingPoint.address, schedule: meetingPoint.schedule } }
      : {}),
    ...(delivery.freeShippingFrom !== undefined ? { freeShippingFrom: delivery.freeShippingFrom } : {}),
  };
}
