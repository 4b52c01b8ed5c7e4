import { ORDER_STATUSES, ORDER_STATUS_LABELS, type OrderStatus } from '@shop/shared';
import { usePermission } from '@/features/auth';

interface OrderStatusOptionsProps {
  /** Set when the options change an order's status: the order's status now (always offered, so it shows). */
  current?: OrderStatus;
}

/**
 * One <option> per order status, with its Spanish label. As a status changer, 'Reembolsado' is offered only to roles
 * that may refund (the server refuses the others: docs/security.md §16); an order already refunded still shows it.
 */
export function OrderStatusOptions({ current }: OrderStatusOptionsProps = {}) {
  const mayRefund = usePermission('orders.refund');
  const statuses = current === undefined || mayRefund ? ORDER_STATUSES : ORDER_STATUSES.filter((s) => s !== 'refunded' || s === current);
  return statuses.map((s) => (
    <option key={s} value={s}>
      {ORDER_STATUS_LABELS[s]}
    </option>
  ));
}
