import type { PaymentMethod } from '../pricing.js';
import { MAX_PAYMENT_DISCOUNT_PERCENT } from '../../content/site-content.js';

/** The payment-method discounts in force (percent per method; Mercado Pago has none). */
export type PaymentDiscounts = Readonly<Record<PaymentMethod, number>>;

export const PAYMENT_DISCOUNT_LABELS: Record<PaymentMethod, (percent: number) => string> = {
  transfer: (p) => `${p}% OFF con transferencia`,
  cash: (p) => `${p}% OFF en efectivo`,
  mercadopago: (p) => `${p}% OFF con Mercado Pago`,
};

/** A price with a payment-method discount ("$X con transferencia"), whole pesos. */
export function priceWithPaymentDiscount(price: number, percent: number): number {
  const p = Math.min(MAX_PAYMENT_DISCOUNT_PERCENT, Math.max(0, Math.round(percent)));
  return price - Math.round((price * p) / 100);
}
