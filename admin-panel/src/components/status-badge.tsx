import { ORDER_STATUS_LABELS, normalizeStatus, type PaymentMethod } from '@shop/shared';

/** Order status with its Spanish label (unknown statuses display as pending_manual). */
export function StatusBadge({ status }: { status: string }) {
  const normalized = normalizeStatus(status);
  return <span className={`badge status-${normalized}`}>{ORDER_STATUS_LABELS[normalized]}</span>;
}

/** The short names of the payment methods, where a row has little room (badges, the delivery sheet). */
export const PAYMENT_METHOD_SHORT_LABELS: Record<PaymentMethod, string> = {
  cash: 'Efectivo',
  transfer: 'Transferencia',
  mercadopago: 'Mercado Pago',
};

/** The short name of a payment method; a value the panel does not know reads as cash (as the server stores it). */
export function paymentMethodShortLabel(method: string): string {
  return Object.hasOwn(PAYMENT_METHOD_SHORT_LABELS, method) ? PAYMENT_METHOD_SHORT_LABELS[method as PaymentMethod] : 'Efectivo';
}

export function PaymentBadge({ method }: { method: string }) {
  return <span className={`badge payment-${method}`}>{paymentMethodShortLabel(method)}</span>;
}
