import { resolveMeetingPoint, resolveZone, type DeliveryPlace, type DeliveryZone, type MeetingPoint } from '../delivery.js';
import { deliveryCost, flatDeliveryRule, type DeliveryType, type PaymentMethod } from '../pricing.js';
import { checkoutRefusal, type CheckoutOptions } from './checkout-options.js';
import { linePrice, lineSize } from './line-price.js';

/**
 * The one pricing function of the shop. The storefront's summary, `POST /api/checkout/quote` and `POST /api/orders`
 * all call it, so a quote and the order placed right after it agree to the peso. In order:
 * 1. each line at the product's price after its own discount (whole pesos), times its quantity → subtotal;
 * 2. discounts (promotions, coupon, payment method: none yet) → discountTotal;
 * 3. shipping: pickup free; home delivery at the zone's cost (or the shop's base cost when there are no zones),
 *    free when the subtotal reaches the zone's threshold;
 * 4. the cash fee for cash payments;
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
  /** Reserved for promotions (ignored for now). */
  couponCode?: string | null;
}

export interface QuoteLine {
  productId: string;
  title: string;
  image: string | null;
  size: string | null;
  color: string | null;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
}

export interface QuoteDiscount {
  kind: string;
  label: string;
  amount: number;
}

export interface Quote {
  items: QuoteLine[];
  subtotal: number;
  shippingCost: number;
  cashFee: number;
  discounts: QuoteDiscount[];
  discountTotal: number;
  total: number;
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
export function priceQuote(input: QuoteInput, products: ReadonlyMap<string, QuoteProduct>, options: CheckoutOptions): Quote {
  const refusal = checkoutRefusal(options, input.deliveryType, input.paymentMethod);
  if (refusal) throw new QuoteRefusal('option', refusal);
  const items = input.items.map((item) => priceLine(item, products.get(item.productId)));
  checkQuantities(items, products, options.maxUnitsPerProduct);
  const subtotal = items.reduce((sum, line) => sum + line.lineTotal, 0);
  const discounts: QuoteDiscount[] = [];
  const discountTotal = Math.min(
    subtotal,
    discounts.reduce((sum, d) => sum + d.amount, 0),
  );
  const delivery = priceDelivery(input, options, subtotal - discountTotal);
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
    ...(zone ? { zone: { id: zone.id, name: zone.name, estimatedDays: zone.estimatedDays, cost: zone.cost } } : {}),
    ...(meetingPoint
      ? { meetingPoint: { id: meetingPoint.id, title: meetingPoint.title, address: meetingPoint.address, schedule: meetingPoint.schedule } }
      : {}),
    ...(delivery.freeShippingFrom !== undefined ? { freeShippingFrom: delivery.freeShippingFrom } : {}),
  };
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
