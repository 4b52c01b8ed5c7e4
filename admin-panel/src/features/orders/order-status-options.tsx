import { ORDER_STATUSES, ORDER_STATUS_LABELS } from '@shop/shared';

/** One <option> per order status, with its Spanish label. */
export function OrderStatusOptions() {
  return ORDER_STATUSES.map((s) => (
    <option key={s} value={s}>
      {ORDER_STATUS_LABELS[s]}
    </option>
  ));
}
