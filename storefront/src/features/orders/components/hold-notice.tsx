import { Clock } from 'lucide-react';
import { formatHoldDeadline, type Order } from '@shop/shared';

/**
 * Until when an unpaid order keeps its products (only while the shop holds it). The tracking summary carries no
 * payment method: an order held waiting for its transfer proof is told by its status.
 */
export function HoldNotice({ order }: { order: Pick<Order, 'reservedUntil' | 'status'> & { paymentMethod?: Order['paymentMethod'] } }) {
  const deadline = formatHoldDeadline(order.reservedUntil);
  if (!order.reservedUntil || !deadline) return null;
  const transfer = order.paymentMethod ? order.paymentMethod === 'transfer' : order.status === 'pending_transfer_proof';
  const missing = transfer ? 'recibimos el comprobante de tu transferencia' : 'coordinamos el pago';
  return (
    <div className="notice notice--warning hold-notice" data-testid="hold-notice">
      <Clock size={20} aria-hidden="true" className="hold-notice__icon" />
      <p>
        Reservamos tus productos hasta el{' '}
        <strong>
          <time dateTime={order.reservedUntil}>{deadline}</time>
        </strong>{' '}
        (hora de Argentina). Si para entonces no {missing}, el pedido se cancela automáticamente y los productos vuelven a estar
        disponibles.
      </p>
    </div>
  );
}
