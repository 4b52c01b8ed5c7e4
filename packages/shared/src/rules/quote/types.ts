import type { DeliveryPlace } from '../delivery.js';
import type { DeliveryType, PaymentMethod } from '../pricing.js';
import type { CouponCheck, Promotion } from '../promotions/index.js';
import type { ProductVariant } from '../variants.js';
import type { OrderLine } from '../../contract/order-line.js';

/** What the pricing takes (the cart, the delivery and payment chosen, what is known of promotions) and answers. */

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
  /**
   * Every colour × size with its units: lines resolve to one (refused when not sold or inactive) and, when present,
   * their stock is checked per variant instead of per size.
   */
  variants?: readonly ProductVariant[] | null;
}

export interface QuoteLineInput {
  productId: string;
  quantity: number;
  size?: string | null;
  color?: string | null;
  /** Names the variant instead of colour and size. */
  sku?: string | null;
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
  /**
   * deliveryType 'carrier': the quoted option's price, already through the one shipping pricing (shippingPrice: fees,
   * free threshold, rounded); absent while no option is chosen (shipping then counts 0).
   */
  carrierShipping?: { price: number } | null;
}

/** What the pricing needs beyond the cart and the content: the promotions, the typed coupon and the time. */
export interface PricingContext {
  /** Every promotion (only live ones apply). */
  promotions?: readonly Promotion[];
  /** The coupon named by input.couponCode as found (left out: no coupon has that code). */
  coupon?: CouponCheck | null;
  now?: Date;
}

/** A priced line: the one order line (contract/order-line.ts) for a product that exists, with its category. */
export type QuoteLine = Omit<OrderLine, 'productId' | 'variantId' | 'sku'> & {
  productId: string;
  category?: string | null;
  /** The variant sold (null for a product priced without variants). */
  variantId?: string | null;
  sku?: string | null;
};

/** 'manual': a discount given by staff on a sale they took (POST /orders/manual), never by the quote itself. */
export type DiscountKind = 'product' | 'payment_method' | 'coupon' | 'promotion' | 'manual';

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
