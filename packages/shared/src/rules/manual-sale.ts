import { formatPrice } from './money.js';
import { whatsappLink } from './whatsapp.js';

/** The rules of a sale taken by staff: the manual discount and the payment link's WhatsApp message. */

export interface ManualDiscountInput {
  percent?: number;
  amount?: number;
  reason: string;
}

/**
 * The pesos a manual discount takes off: a percent of the subtotal (rounded to the peso) or an amount, never more
 * than what is left of the goods after the shop's own discounts.
 */
export function manualDiscountPesos(discount: ManualDiscountInput, subtotal: number, otherDiscounts: number): number {
  const raw = discount.percent !== undefined ? Math.round((subtotal * discount.percent) / 100) : (discount.amount ?? 0);
  return Math.max(0, Math.min(raw, subtotal - otherDiscounts));
}

/** Whether a discount of `pesos` stays within `maxPercent` of the subtotal (to the peso). */
export function withinManualLimit(pesos: number, subtotal: number, maxPercent: number): boolean {
  return pesos <= Math.floor((subtotal * maxPercent) / 100);
}

/** The discount line shown on the order: "Descuento manual (motivo)". */
export function manualDiscountLabel(reason: string): string {
  return `Descuento manual (${reason.trim()})`.slice(0, 240);
}

/** The message that sends a payment link on WhatsApp (Spanish, with the total and the link). */
export function paymentLinkMessage(order: { orderNumber: string; total: number; shippingInfo: { fullName: string } }, url: string): string {
  const name = order.shippingInfo.fullName.trim().split(/\s+/)[0] ?? '';
  return `¡Hola${name ? ` ${name}` : ''}! Te paso el link para pagar tu pedido ${order.orderNumber} por ${formatPrice(order.total)}: ${url}`;
}

/** wa.me to the shopper's phone with the payment link; null without a usable phone. */
export function paymentLinkWhatsapp(
  order: { orderNumber: string; total: number; shippingInfo: { fullName: string; phone: string } },
  url: string,
): string | null {
  if (!order.shippingInfo.phone) return null;
  return whatsappLink(order.shippingInfo.phone, paymentLinkMessage(order, url));
}
