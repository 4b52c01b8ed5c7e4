import { ORDER_STATUSES, ORDER_STATUS_LABELS, statusFitsMethod, type OrderStatus, type PaymentMethod } from '@shop/shared';
import { usePermission } from '@/features/auth';

interface OrderStatusOptionsProps {
  /** Set when the options change an order's status: the order's status now (always offered, so it shows). */
  current?: OrderStatus;
  /** The order's payment method: only a Mercado Pago order may wait in 'Pendiente (Mercado Pago)'. */
  paymentMethod?: PaymentMethod;
}

/**
 * One <option> per order status, with its Spanish label. As a status changer, 'Reembolsado' is offered only to roles
 * that may refund (the server refuses the others: docs/security.md §16), and 'Pendiente (Mercado Pago)' only for
 * Mercado Pago orders (the server refuses it for the others); the order's current status always shows.
 */
export function OrderStatusOptions({ current, paymentMethod }: OrderStatusOptionsProps = {}) {
  const mayRefund = usePermission('orders.refund');
  const statuses =
    current === undefined
      ? ORDER_STATUSES
      : ORDER_STATUSES.filter(
          (s) => s === current || ((s !== 'refunded' || mayRefund) && (paymentMethod === undefined || statusFitsMethod(s, paymentMethod))),
        );
  return statuses.map((s) => (
    <option key={s} value={s}>
      {ORDER_STATUS_LABELS[s]}
    </option>
  ));
}
