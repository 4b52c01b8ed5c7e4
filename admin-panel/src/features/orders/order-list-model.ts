import { ORDER_STATUSES, type Order, type OrderStatus, type OrderSummary } from '@shop/shared';

/** Search on the loaded page only: order number, customer full name or e-mail, case-insensitive. */
export function searchOrders(orders: readonly Order[], term: string): Order[] {
  const needle = term.trim().toLowerCase();
  if (!needle) return [...orders];
  return orders.filter(
    (o) =>
      o.orderNumber.toLowerCase().includes(needle) ||
      (o.shippingInfo.fullName ?? '').toLowerCase().includes(needle) ||
      (o.shippingInfo.email ?? '').toLowerCase().includes(needle),
  );
}

/** 'Mostrando X - Y de Z órdenes' */
export function rangeText(page: number, pageSize: number, total: number): string {
  if (total === 0) return 'Mostrando 0 - 0 de 0 órdenes';
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  return `Mostrando ${from} - ${to} de ${total} órdenes`;
}

export interface MethodBreakdown {
  total: number;
  byStatus: { status: OrderStatus; count: number }[];
}

/** Per payment method: total and the statuses whose count is above 0. */
export function breakdownByMethod(summary: OrderSummary | undefined, method: 'cash' | 'transfer'): MethodBreakdown {
  const byStatus = ORDER_STATUSES.map((status) => ({
    status,
    count: summary?.summaryByStatusAndPaymentMethod[status]?.[method] ?? 0,
  })).filter((s) => s.count > 0);
  return { total: byStatus.reduce((sum, s) => sum + s.count, 0), byStatus };
}

/** Completed orders: paid cash plus paid transfer. */
export function completedOrders(summary: OrderSummary | undefined): number {
  const paid = summary?.summaryByStatusAndPaymentMethod.paid;
  return (paid?.cash ?? 0) + (paid?.transfer ?? 0);
}

/** 'N productos' in the orders table: the number of lines of the order. */
export function itemCountText(order: Order): string {
  const n = order.items.length;
  return `${n} ${n === 1 ? 'producto' : 'productos'}`;
}
