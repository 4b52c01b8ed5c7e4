import { CreditCard } from 'lucide-react';
import { formatHoldDeadline, type TrackedOrder } from '@shop/shared';
import { paymentLink } from '@/features/orders';

export const PAY_LINK_TEXT = 'Pagar con Mercado Pago';
export const PAYMENT_RETURN_TEXT = {
  approved: 'Mercado Pago aprobó tu pago. En unos minutos el pedido figura como pagado: no hace falta que pagues de nuevo.',
  pending: 'Tu pago quedó pendiente en Mercado Pago: te avisamos cuando se acredite. No hace falta que pagues de nuevo.',
} as const;

/** Mercado Pago sends the shopper back with its word on the payment; approved or pending, she must not pay twice. */
export type PaymentReturn = keyof typeof PAYMENT_RETURN_TEXT;

export function paymentReturnOf(params: URLSearchParams): PaymentReturn | null {
  const status = params.get('collection_status') ?? params.get('status');
  if (status === 'approved') return 'approved';
  if (status === 'pending' || status === 'in_process') return 'pending';
  return null;
}

/**
 * An order waiting for its Mercado Pago payment: what Mercado Pago said when it sent the shopper back, else (on the
 * full card) the link to pay, which also serves to try again after a rejected card while the order is held.
 */
export function PaymentPending({ order, paymentReturn }: { order: TrackedOrder; paymentReturn: PaymentReturn | null }) {
  if (paymentReturn) {
    return (
      <p className={`notice ${paymentReturn === 'approved' ? 'notice--success' : 'notice--warning'}`} data-testid="payment-return">
        {PAYMENT_RETURN_TEXT[paymentReturn]}
      </p>
    );
  }
  const link = order.detail === 'full' ? paymentLink(order.checkoutUrl) : null;
  if (!link) return null;
  const deadline = formatHoldDeadline(order.reservedUntil);
  return (
    <div className="pay-box" data-testid="tracking-pay">
      <p>Tu pedido espera el pago con Mercado Pago.</p>
      {/* Same tab: Mercado Pago brings the shopper back here once she pays. */}
      <a className="btn btn--primary btn--lg" href={link}>
        <CreditCard size={18} aria-hidden="true" />
        {PAY_LINK_TEXT}
      </a>
      <p className="muted small">
        Si Mercado Pago rechazó tu tarjeta o no llegaste a pagar, podés volver a intentarlo con este enlace{' '}
        {deadline ? `hasta el ${deadline} (hora de Argentina), mientras dura la reserva.` : 'mientras el pedido siga pendiente.'}
      </p>
    </div>
  );
}
