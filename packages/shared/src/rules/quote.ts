import { resolveMeetingPoint, resolveZone, type DeliveryPlace, type DeliveryZone, type MeetingPoint } from '../delivery.js';
import { deliveryCost, flatDeliveryRule, type DeliveryType, type PaymentMethod } from '../pricing.js';
import { checkoutRefusal, type CheckoutOptions } from './checkout-options.js';
import { linePrice, lineSize } from './line-price.js';
import {
  COUPON_REFUSALS,
  couponAmounts,
  couponCovers,
  couponStateRefusal,
  normalizeCouponCode,
  PAYMENT_DISCOUNT_LABELS,
  promotionAmounts,
  promotionLive,
  type CouponCheck,
  type DiscountableLine,
  type Promotion,
} from './promotions.js';

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

/** A catalogue product as the pricing needs it. */
export interface QuoteProduct {
  id: string;
  title: string;
  price: number;
  discount?: number | null;
  active: boolean;
  /** Offered sizes, upper case (empty: a product without sizes). */
  sizes: readonly string[];
  image?: string | null;
  /** The product's category (promotions and coupons limited to categories match it). */
  category?: string | null;
  /**
   * Units per size (a product without sizes: its total under ''), to refuse a quantity over stock. Left out, stock
   * is not checked here (the order takes it atomically in its transaction).
   */
  stockBySize?: Readonly<Record<string, number>> | null;
}

export interface QuoteLineInput {
  productId: string;
  quantity: number;
  size?: string | null;
  color?: string | null;
  /** The cart's name for the product, only used to name a product that no longer exists. */
  title?: unknown;
}

export interface QuoteInput extends DeliveryPlace {
  items: readonly QuoteLineInput[];
  paymentMethod: PaymentMethod;
  deliveryType: DeliveryType;
  meetingPointId?: string | null;
  /** The coupon the shopper typed (see PricingContext.coupon for what is known of it). */
  couponCode?: string | null;
}

/** What the pricing needs beyond the cart and the content: the promotions, the typed coupon and the time. */
export interface PricingContext {
  /** Every promotion (only live ones apply). */
  promotions?: readonly Promotion[];
  /** The coupon named by input.couponCode as found (left out: no coupon has that code). */
  coupon?: CouponCheck | null;
  now?: Date;
}

export interface QuoteLine {
  productId: string;
  title: string;
  image: string | null;
  category?: string | null;
  size: string | null;
  color: string | null;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
}

export type DiscountKind = 'product' | 'payment_method' | 'coupon' | 'promotion';

export interface QuoteDiscount {
  kind: DiscountKind;
  /** The coupon's code or the promotion's id. */
  code?: string;
  label: string;
  amount: number;
}

/** What became of the coupon the shopper typed: applied, or why not (Spanish). */
export interface CouponOutcome {
  code: string;
  applied: boolean;
  message: string | null;
}

export interface Quote {
  items: QuoteLine[];
  subtotal: number;
  shippingCost: number;
  cashFee: number;
  discounts: QuoteDiscount[];
  discountTotal: number;
  total: number;
  /** Present when the shopper typed a coupon. */
  coupon?: CouponOutcome;
  /** The zone a home delivery goes to (when the shop prices by zone). */
  zone?: { id: string; name: string; estimatedDays: string; cost: number };
  meetingPoint?: { id: string; title: string; address: string; schedule: string };
  /** The subtotal from which this delivery would be free (when there is such a threshold). */
  freeShippingFrom?: number;
}

export type QuoteRefusalKind =
  /** Unknown or inactive product. */
  | 'product'
  /** The product has sizes and the line chose none. */
  | 'sizeMissing'
  /** The product does not offer the line's size. */
  | 'size'
  | 'stock'
  /** More units of one product than one order may take. */
  | 'cap'
  /** A delivery or payment option the owner switched off. */
  | 'option'
  | 'zone'
  | 'meetingPoint';

/** Why a cart cannot be priced as asked (Spanish message for the shopper). */
export class QuoteRefusal extends Error {
  constructor(
    readonly kind: QuoteRefusalKind,
    message: string,
  ) {
    super(message);
    this.name = 'QuoteRefusal';
  }
}

/** How the shopper named a product we cannot find (the cart's title when it sent one, else the id). */
function requestedName(item: QuoteLineInput): string {
  return typeof item.title === 'string' && item.title.trim() !== '' ? item.title.trim().slice(0, 200) : item.productId;
}

export function insufficientStockMessage(title: string, left: number, size?: string | null): string {
  const where = size ? ` en talla ${size}` : '';
  return `Stock insuficiente para "${title}"${where} (quedan ${Math.max(0, left)})`;
}

export function missingSizeMessage(title: string, size: string | null): string {
  return size ? `La talla ${size} no existe para "${title}"` : `Elige una talla para "${title}"`;
}

export function unitsPerProductMessage(title: string, cap: number, quantity: number): string {
  return `Puedes llevar hasta ${cap} ${cap === 1 ? 'unidad' : 'unidades'} de "${title}" por pedido (pediste ${quantity})`;
}

function priceLine(item: QuoteLineInput, product: QuoteProduct | undefined): QuoteLine {
  if (!product || !product.active)
    throw new QuoteRefusal('product', `El producto "${requestedName(item)}" no existe o ya no está disponible`);
  const chosen = lineSize(product.sizes, item.size);
  if (!chosen.ok && chosen.problem === 'missing') throw new QuoteRefusal('sizeMissing', missingSizeMessage(product.title, null));
  if (!chosen.ok) throw new QuoteRefusal('size', missingSizeMessage(product.title, chosen.size));
  const unitPrice = linePrice(product);
  return {
    productId: product.id,
    title: product.title,
    image: product.image ?? null,
    ...(product.category ? { category: product.category } : {}),
    size: chosen.size,
    color: item.color?.trim() || null,
    quantity: item.quantity,
    unitPrice,
    lineTotal: unitPrice * item.quantity,
  };
}

/** One order takes at most `cap` units of a product (all sizes and colours together), and no more than its stock. */
function checkQuantities(lines: readonly QuoteLine[], products: ReadonlyMap<string, QuoteProduct>, cap: number): void {
  const perProduct = new Map<string, number>();
  const perSize = new Map<string, number>();
  for (const line of lines) {
    perProduct.set(line.productId, (perProduct.get(line.productId) ?? 0) + line.quantity);
    // A product without sizes keeps its units under '' whatever size the line names.
    const sized = (products.get(line.productId)?.sizes.length ?? 0) > 0;
    const key = JSON.stringify([line.productId, sized ? (line.size ?? '') : '']);
    perSize.set(key, (perSize.get(key) ?? 0) + line.quantity);
  }
  for (const [productId, quantity] of perProduct) {
    const product = products.get(productId);
    if (product && quantity > cap) throw new QuoteRefusal('cap', unitsPerProductMessage(product.title, cap, quantity));
  }
  for (const [key, quantity] of perSize) {
    const [productId, size] = JSON.parse(key) as [string, string];
    const stock = products.get(productId)?.stockBySize;
    if (!stock) continue;
    const left = stock[size] ?? 0;
    if (quantity > left)
      throw new QuoteRefusal('stock', insufficientStockMessage(products.get(productId)?.title ?? productId, left, size || null));
  }
}

interface DeliveryPricing {
  shippingCost: number;
  zone?: DeliveryZone;
  meetingPoint?: MeetingPoint;
  freeShippingFrom?: number;
}

function priceDelivery(input: QuoteInput, options: CheckoutOptions, subtotal: number): DeliveryPricing {
  if (input.deliveryType === 'pickup') {
    const found = resolveMeetingPoint(options.meetingPoints, input.meetingPointId);
    if (!found.ok) throw new QuoteRefusal('meetingPoint', found.message);
    return { shippingCost: 0, meetingPoint: found.point };
  }
  if (options.zones.length === 0) {
    const rule = flatDeliveryRule(options.shipping);
    return {
      shippingCost: deliveryCost(subtotal, rule),
      ...(rule.freeShippingThreshold > 0 ? { freeShippingFrom: rule.freeShippingThreshold } : {}),
    };
  }
  const found = resolveZone(options.zones, input);
  if (!found.ok) throw new QuoteRefusal('zone', found.message);
  const { zone } = found;
  return {
    shippingCost: deliveryCost(subtotal, zone),
    zone,
    ...(zone.freeShippingThreshold > 0 ? { freeShippingFrom: zone.freeShippingThreshold } : {}),
  };
}

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
    const why = input.deliveryType === 'pickup' ? COUPON_REFUSALS.pickup : delivery.shippingCost === 0 ? COUPON_REFUSALS.freeAlready : null;
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

/** What is discounted of each line: its total so far, its units and category. */
type LineToDiscount = Pick<QuoteLine, 'productId' | 'size' | 'color' | 'category' | 'quantity' | 'lineTotal'>;

/**
 * The lines as the discounts work on them, in a fixed order (not the cart's): the cheapest-unit choices and the
 * per-line rounding then give the same amounts however the cart lists its lines.
 */
export function discountableLines(items: readonly LineToDiscount[]): DiscountableLine[] {
  return [...items]
    .sort((a, b) => compareLines(a, b))
    .map((line) => ({ quantity: line.quantity, category: line.category ?? null, remaining: line.lineTotal }));
}

/** Takes the amounts off what the lines still cost (never below 0); answers how much was taken. */
function takeFrom(lines: DiscountableLine[], amounts: readonly number[]): number {
  let amount = 0;
  amounts.forEach((value, i) => {
    const line = lines[i];
    if (!line) return;
    const taken = Math.max(0, Math.min(line.remaining, value));
    line.remaining -= taken;
    amount += taken;
  });
  return amount;
}

/**
 * Step 2 of the pricing: every live promotion, in its order, off what the lines still cost (the lines are left with
 * what remains). Also what the cart shows as its promotions' saving before checkout.
 */
export function applyPromotions(lines: DiscountableLine[], promotions: readonly Promotion[], now: Date): QuoteDiscount[] {
  const discounts: QuoteDiscount[] = [];
  for (const promotion of livePromotions(promotions, now)) {
    const amount = takeFrom(lines, promotionAmounts(promotion, lines));
    if (amount > 0) discounts.push({ kind: 'promotion', code: promotion.id, label: promotion.name, amount });
  }
  return discounts;
}

function compareLines(a: LineToDiscount, b: LineToDiscount): number {
  const key = (l: LineToDiscount) => JSON.stringify([l.productId, l.size ?? '', l.color ?? '', l.category ?? '']);
  const ka = key(a);
  const kb = key(b);
  return ka < kb ? -1 : ka > kb ? 1 : a.quantity - b.quantity || a.lineTotal - b.lineTotal;
}

/** The live promotions in the order they apply: percent-off categories first, then "llevá X, pagá Y", each by id. */
function livePromotions(promotions: readonly Promotion[], now: Date): Promotion[] {
  const rank = (p: Promotion) => (p.type === 'category_percent' ? 0 : 1);
  return promotions.filter((p) => promotionLive(p, now)).sort((a, b) => rank(a) - rank(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The coupon check for the typed code (a check made for another code counts as no coupon). */
function couponOf(code: string, check: CouponCheck | null | undefined): CouponCheck {
  if (check && check.coupon && normalizeCouponCode(check.coupon.code) === code) return check;
  return { code, coupon: null };
}

/**
 * What the cart tells before checkout: the cheapest home delivery ("Envío desde $X") and the lowest free-shipping
 * threshold ("Envío gratis desde $Y"); null when home delivery is off.
 */
export function deliveryTeaser(options: CheckoutOptions): { from: number; freeFrom: number | null } | null {
  if (!options.homeDeliveryEnabled) return null;
  const rules = options.zones.length > 0 ? options.zones.filter((z) => z.enabled) : [flatDeliveryRule(options.shipping)];
  if (rules.length === 0) return null;
  const from = Math.min(...rules.map((r) => r.cost));
  const thresholds = rules.map((r) => r.freeShippingThreshold).filter((t) => t > 0);
  return { from, freeFrom: thresholds.length > 0 ? Math.min(...thresholds) : null };
}
