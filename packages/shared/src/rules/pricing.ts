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

/**
 * 'store': a sale handed over at the shop's counter by staff (no shipping, no place to choose); 'carrier': national
 * shipping by a carrier (Correo Argentino, Andreani), priced by the shipping quote.
 */
export type DeliveryType = 'pickup' | 'delivery' | 'store' | 'carrier';
export type PaymentMethod = 'cash' | 'transfer' | 'mercadopago';

export interface ShippingRules {
  /** Home delivery base cost from site content; 0 or missing means "not configured" -> 2500. */
  baseCost?: number | null;
  /** Free home delivery from this subtotal; 0 or missing means never free. */
  freeShippingThreshold?: number | null;
}

/** One home-delivery price: a zone's, or the shop's single rule when it has no zones (see flatDeliveryRule). */
export interface DeliveryRule {
  cost: number;
  /** Free from this subtotal; 0 = never free. */
  freeShippingThreshold: number;
}

/** What a home delivery costs for a subtotal under one rule: free from its threshold, else its cost. */
export function deliveryCost(subtotal: number, rule: DeliveryRule): number {
  if (rule.freeShippingThreshold > 0 && subtotal >= rule.freeShippingThreshold) return 0;
  return Math.max(0, Math.round(rule.cost));
}

/** The shop's single delivery rule (no zones): the base cost, 2500 when not configured. */
export function flatDeliveryRule(shipping: ShippingRules): DeliveryRule {
  const base = shipping.baseCost ?? 0;
  return {
    cost: base > 0 ? Math.round(base) : DEFAULT_HOME_DELIVERY_COST,
    freeShippingThreshold: Math.max(0, shipping.freeShippingThreshold ?? 0),
  };
}

export function shippingCost(deliveryType: DeliveryType, subtotal: number, rules: ShippingRules = {}): number {
  return deliveryType !== 'delivery' ? 0 : deliveryCost(subtotal, flatDeliveryRule(rules));
}

export interface PricedLine {
  /** Unit price already reduced by the discount. */
  price: number;
  quantity: number;
}

export function subtotalOf(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
}

/** An order's figures (what the apps show and send; the server prices every order itself with priceQuote). */
export interface OrderTotals {
  subtotal: number;
  shippingCost: number;
  cashFee: number;
  total: number;
}
