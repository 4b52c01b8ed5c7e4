import { resolveMeetingPoint, resolveZone, type DeliveryZone, type MeetingPoint } from '../delivery.js';
import { deliveryCost, flatDeliveryRule } from '../pricing.js';
import type { CheckoutOptions } from '../checkout-options.js';
import { QuoteRefusal } from './refusals.js';
import type { QuoteInput } from './types.js';

/** Step 5 of the pricing (what the delivery costs), and what the cart tells of delivery before checkout. */

interface DeliveryPricing {
  shippingCost: number;
  zone?: DeliveryZone;
  meetingPoint?: MeetingPoint;
  freeShippingFrom?: number;
}

export function priceDelivery(input: QuoteInput, options: CheckoutOptions, subtotal: number): DeliveryPricing {
  // A hand-over at the counter (staff sales): nothing to ship, no place to choose.
  if (input.deliveryType === 'store') return { shippingCost: 0 };
  // National shipping: the signed option's price, priced by shippingPrice when it was quoted (and re-read by the order).
  if (input.deliveryType === 'carrier') return { shippingCost: Math.max(0, Math.round(input.carrierShipping?.price ?? 0)) };
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
