import { CreditCard, ExternalLink } from 'lucide-react';
import { ORDER_STATUS_LABELS, PAYMENT_METHOD_LABELS, normalizeStatus, type Order } from '@shop/shared';
import { DetailCard } from '@/components/detail-card';
import { formatDateTime } from '@/lib/format-date';

/** Payment method, status, hold and payment dates, and the transfer proof of an order. */
export function OrderPaymentPanel({ order }: { order: Order }) {
  return (
    <DetailCard headingId="payment-title" title="Pago" icon={CreditCard} testId="payment-panel">
      <dl className="kv">
        <dt>Método</dt>
        <dd>{PAYMENT_METHOD_LABELS[order.paymentMethod]}</dd>
        <dt>Estado</dt>
        <dd>{ORDER_STATUS_LABELS[normalizeStatus(order.status)]}</dd>
        {order.reservedUntil && (
          <>
            <dt>Reservada hasta</dt>
            <dd data-testid="reserved-until">{formatDateTime(order.reservedUntil)} (luego se cancela sola)</dd>
          </>
        )}
        {order.paidAt && (
          <>
            <dt>Fecha de pago</dt>
            <dd>{formatDateTime(order.paidAt)}</dd>
          </>
        )}
      </dl>
      {order.paymentMethod === 'transfer' &&
        (order.transferProofUrl ? (
          <figure className="proof">
            <a href={order.transferProofUrl} target="_blank" rel="noopener noreferrer">
              <img src={order.transferProofUrl} alt={`Comprobante de transferencia de la orden ${order.orderNumber}`} />
            </a>
            <figcaption>
              <a href={order.transferProofUrl} target="_blank" rel="noopener noreferrer">
                <ExternalLink size={14} aria-hidden="true" /> Ver comprobante en tamaño completo
              </a>
            </figcaption>
          </figure>
        ) : (
          <p className="muted">No se adjuntó comprobante de transferencia.</p>
        ))}
    </DetailCard>
  );
}
