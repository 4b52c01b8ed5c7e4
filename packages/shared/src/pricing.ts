/** Clamp a discount percentage into 0..100 (non-numbers count as 0). */
export function normalizeDiscount(discount: number | null | undefined): number {
  if (typeof discount !== 'number' || !Number.isFinite(discount)) return 0;
  return Math.min(100, Math.max(0, discount));
}

/** Final price = price reduced by the discount percent, rounded to whole pesos. */
export function finalPrice(price: number, discount?: number | null): number {
  const d = normalizeDiscount(discount);
  return Math.round((price * (100 - d)) / 100);
}

/** How much the shopper saves ("Ahorrás $x"); 0 without discount. */
export function savings(price: number, discount?: number | null): number {
  return price - finalPrice(price, discount);
}

/** Products with more than 10 units in stock carry the 'new' flag. */
export function isNewProduct(stock: number | null | undefined): boolean {
  return (stock ?? 0) > 10;
}

export const DEFAULT_HOME_DELIVERY_COST = 2500;

export type DeliveryType = 'pickup' | 'delivery';
export type PaymentMethod = 'cash' | 'transfer';

export interface ShippingRules {
  /** Home delivery base cost from site content; 0 or missing means "not configured" -> 2500. */
  baseCost?: number | null;
  /** Free home delivery from this subtotal; 0 or missing means never free. */
  freeShippingThreshold?: number | null;
}

export function shippingCost(deliveryType: DeliveryType, subtotal: number, rules: ShippingRules = {}): number {
  if (deliveryType === 'pickup') return 0;
  const threshold = rules.freeShippingThreshold ?? 0;
  if (threshold > 0 && subtotal >= threshold) return 0;
  const base = rules.baseCost ?? 0;
  return base > 0 ? Math.round(base) : DEFAULT_HOME_DELIVERY_COST;
}

export interface PricedLine {
  /** Unit price already reduced by the discount. */
  price: number;
  quantity: number;
}

export function subtotalOf(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
}

export interface OrderTotalsInput {
  lines: readonly PricedLine[];
  deliveryType: DeliveryType;
  paymentMethod: PaymentMethod;
  shipping?: ShippingRules;
  /** Extra fee for cash payments (site content cashOnDelivery.additionalFee). */
  cashFee?: number | null;
}

export interface OrderTotals {
  subtotal: number;
  shippingCost: number;
  cashFee: number;
  total: number;
}

/** The one computation of an order's figures, used by the server (trusted) and the apps (preview). */
export function computeOrderTotals(input: OrderTotalsInput): OrderTotals {
  const subtotal = subtotalOf(input.lines);
  const ship = shippingCost(input.deliveryType, subtotal, input.shipping);
  const fee = input.paymentMethod === 'cash' ? Math.max(0, Math.round(input.cashFee ?? 0)) : 0;
  return { subtotal, shippingCost: ship, cashFee: fee, total: subtotal + ship + fee };
}
