import type { ShippingFees } from '../contract/shipping.js';

/**
 * The one pricing of a shipping option: the carrier's price plus the owner's percentage and handling fee, rounded to
 * the peso; nothing when the cart's subtotal reaches the free-shipping threshold (when both are known).
 */
export function shippingPrice(
  carrierPrice: number,
  fees: ShippingFees,
  { subtotal, freeShippingFrom }: { subtotal?: number | null; freeShippingFrom?: number | null } = {},
): number {
  if (freeShippingFrom != null && subtotal != null && subtotal >= freeShippingFrom) return 0;
  const price = carrierPrice * (1 + fees.handlingPercent / 100) + fees.handlingFee;
  return Math.max(0, Math.round(price));
}
