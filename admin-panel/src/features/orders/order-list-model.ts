import {
  ORDER_STATUSES,
  meetingPointsOf,
  type Order,
  type OrderStatus,
  type OrderSummary,
  type PaymentMethod,
  type SiteContent,
} from '@shop/shared';
import type { Choice } from '@/components/select-field';

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
export function breakdownByMethod(summary: OrderSummary | undefined, method: PaymentMethod): MethodBreakdown {
  const byStatus = ORDER_STATUSES.map((status) => ({
    status,
    count: summary?.summaryByStatusAndPaymentMethod[status]?.[method] ?? 0,
  })).filter((s) => s.count > 0);
  return { total: byStatus.reduce((sum, s) => sum + s.count, 0), byStatus };
}

/** Completed orders: the paid ones of every payment method. */
export function completedOrders(summary: OrderSummary | undefined): number {
  const paid = summary?.summaryByStatusAndPaymentMethod.paid;
  return (paid?.cash ?? 0) + (paid?.transfer ?? 0) + (paid?.mercadopago ?? 0);
}

/** 'N productos' in the orders table: the number of lines of the order. */
export function itemCountText(order: Order): string {
  const n = order.items.length;
  return `${n} ${n === 1 ? 'producto' : 'productos'}`;
}

/** Where an order goes: "Envío · Centro", "Retiro · Plaza Huincul" (orders older than zones: the delivery alone). */
export function deliveryPlaceText(order: Pick<Order, 'deliveryType' | 'zone' | 'meetingPoint'>): string {
  if (order.deliveryType === 'delivery') return order.zone ? `Envío · ${order.zone.name}` : 'Envío a domicilio';
  if (order.deliveryType === 'carrier') return 'Envío por correo';
  return order.meetingPoint ? `Retiro · ${order.meetingPoint.title}` : 'Retiro en punto de encuentro';
}

/** The zones and meeting points the list can be filtered by, as the site content has them (disabled ones too). */
export function placeFilterOptions(content: SiteContent | undefined): { zones: Choice[]; meetingPoints: Choice[] } {
  if (!content) return { zones: [], meetingPoints: [] };
  const label = (name: string, id: string, enabled: boolean, off: string) => `${name.trim() || id}${enabled ? '' : ` (${off})`}`;
  return {
    zones: content.checkout.shipping.homeDelivery.zones.map((z) => ({
      value: z.id,
      label: label(z.name, z.id, z.enabled, 'deshabilitada'),
    })),
    meetingPoints: meetingPointsOf(content).map((p) => ({ value: p.id, label: label(p.title, p.id, p.enabled, 'deshabilitado') })),
  };
}
