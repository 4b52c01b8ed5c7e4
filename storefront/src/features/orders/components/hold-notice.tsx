import { Clock } from 'lucide-react';
import { formatHoldDeadline, HELD_STATUS, type Order, type PaymentMethod } from '@shop/shared';

/** The method whose unpaid orders wait in this status; cash (the shop coordinates the payment) for any other. */
function methodHeldIn(status: string): PaymentMethod {
  const methods = Object.keys(HELD_STATUS) as PaymentMethod[];
  return methods.find((method) => HELD_STATUS[method] === status) ?? 'cash';
}

/** What must happen before the deadline, per payment method. */
const MISSING: Record<PaymentMethod, string> = {
  cash: 'coordinamos el pago',
  transfer: 'recibimos el comprobante de tu transferencia',
  mercadopago: 'se acredita tu pago con Mercado Pago',
};

/**
 * Until when an unpaid order keeps its products (only while the shop holds it). The tracking summary carries no
 * payment method: the status an order is held in tells it (HELD_STATUS).
 */
export function HoldNotice({ order }: { order: Pick<Order, 'reservedUntil' | 'status'> & { paymentMethod?: Order['paymentMethod'] } }) {
  const deadline = formatHoldDeadline(order.reservedUntil);
  if (!order.reservedUntil || !deadline) return null;
  const method = order.paymentMethod ?? methodHeldIn(order.status);
  const missing = MISSING[method];
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
