import {
  priceQuote,
  QuoteRefusal,
  type CheckoutOptions,
  type DeliveryType,
  type PaymentMethod,
  type QuoteAnswerQuote,
  type ProvinceCode,
  type QuoteProduct,
} from '@shop/shared';
import type { CartItem } from '@/features/cart';
import type { QuoteRequest } from './api/get-quote';

/** The delivery and payment the shopper chose, as the pricing needs them. */
export interface PricedChoice {
  deliveryType: DeliveryType;
  paymentMethod: PaymentMethod;
  /** The zone of a home delivery (shops that price by zone). */
  zoneId: string | null;
  /** The pickup place. */
  meetingPointId: string | null;
  /** The coupon the shopper asked for, and her e-mail (a "one per customer" coupon she used is told at once). */
  couponCode?: string | null;
  email?: string | null;
  /** National shipping: where to (postal code and province) and the option chosen (its signed id), if any. */
  national?: { postalCode: string; province: ProvinceCode; shippingOptionId: string | null } | null;
}

/** What prices the cart: its lines (no figures: the server has its own) and the chosen delivery and payment. */
export function quoteRequestFor(items: readonly CartItem[], choice: PricedChoice): QuoteRequest {
  const delivery = choice.deliveryType === 'delivery';
  return {
    items: items.map((item) => ({
      productId: item.id,
      quantity: item.quantity,
      size: item.size || undefined,
      color: item.color || undefined,
    })),
    paymentMethod: choice.paymentMethod,
    deliveryType: choice.deliveryType,
    ...(delivery && choice.zoneId ? { zoneId: choice.zoneId } : {}),
    ...(choice.deliveryType === 'pickup' && choice.meetingPointId ? { meetingPointId: choice.meetingPointId } : {}),
    ...(choice.deliveryType === 'carrier' && choice.national
      ? {
          address: { postalCode: choice.national.postalCode, province: choice.national.province },
          ...(choice.national.shippingOptionId ? { shippingOptionId: choice.national.shippingOptionId } : {}),
        }
      : {}),
    ...(choice.couponCode ? { couponCode: choice.couponCode, ...(choice.email ? { email: choice.email } : {}) } : {}),
  };
}

/** The figures of the checkout's summary; `null` shipping and total while they are not known. */
export interface CheckoutFigures {
  subtotal: number;
  shippingCost: number | null;
  cashFee: number;
  discounts: readonly { label: string; amount: number }[];
  total: number | null;
  /** What became of the coupon the shopper typed (absent without one). */
  coupon?: { code: string; applied: boolean; message: string | null };
}

export function figuresOfQuote(quote: QuoteAnswerQuote): CheckoutFigures {
  return {
    subtotal: quote.subtotal,
    shippingCost: quote.shippingCost,
    cashFee: quote.cashFee,
    discounts: quote.discounts.filter((d) => d.amount > 0).map(({ label, amount }) => ({ label, amount })),
    total: quote.total,
    ...(quote.coupon ? { coupon: quote.coupon } : {}),
  };
}

/** The cart's own subtotal and the cash fee, before the delivery is known. */
export function figuresWithoutDelivery(
  items: readonly CartItem[],
  paymentMethod: PaymentMethod,
  options: CheckoutOptions,
): CheckoutFigures {
  return {
    subtotal: items.reduce((sum, item) => sum + item.price * item.quantity, 0),
    shippingCost: null,
    cashFee: paymentMethod === 'cash' ? Math.max(0, Math.round(options.cashFee)) : 0,
    discounts: [],
    total: null,
  };
}

/** The unit prices of the quote for the cart's lines, when the quote is for these very lines (same order). */
export function quotedUnitPrices(quote: QuoteAnswerQuote, items: readonly CartItem[]): number[] | null {
  const same = quote.items.length === items.length && quote.items.every((line, i) => line.productId === items[i]?.id);
  return same ? quote.items.map((line) => line.unitPrice) : null;
}

/** The cart's products as the pricing function reads them (the cart's prices already carry their discount). */
function cartProducts(items: readonly CartItem[]): Map<string, QuoteProduct> {
  const products = new Map<string, QuoteProduct>();
  for (const item of items) {
    const size = item.size.trim().toUpperCase();
    const known = products.get(item.id);
    const sizes = known ? known.sizes : [];
    products.set(item.id, {
      id: item.id,
      title: item.name,
      price: item.price,
      discount: 0,
      active: true,
      image: item.image,
      sizes: size && !sizes.includes(size) ? [...sizes, size] : sizes,
    });
  }
  return products;
}

export type LocalQuote = { ok: true; quote: QuoteAnswerQuote } | { ok: false; message: string };

/**
 * The quote worked out here, with the shop's one pricing function, from the cart's prices and the options in the
 * site content: only for when the server cannot be reached, so the summary never blanks.
 */
export function localQuote(request: QuoteRequest, items: readonly CartItem[], options: CheckoutOptions): LocalQuote {
  try {
    // A coupon is only known to the server: the estimate leaves it out.
    return { ok: true, quote: priceQuote({ ...request, couponCode: null }, cartProducts(items), options) };
  } catch (error) {
    if (error instanceof QuoteRefusal) return { ok: false, message: error.message };
    throw error;
  }
}
