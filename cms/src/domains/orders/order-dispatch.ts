import {
  amountToCollect,
  checkoutOptionsOf,
  FULFILLMENT_STEPS,
  shopDayRange,
  shopIsoDay,
  type DispatchAnswer,
  type DispatchGroup,
  type DispatchType,
  type OrderStatus,
  type PaymentMethod,
} from '@shop/shared';
import { badRequest } from '../../utils/http';
import { listedPage } from './order-list';
import type { OrderAnswer } from './order-view';

export interface DispatchQuery {
  type: DispatchType;
  /** YYYY-MM-DD in the shop's time zone; today when absent. */
  date?: string | undefined;
  page: number;
  limit: number;
}

/**
 * Orders still to hand over: not delivered yet (fulfilment), and a cash order not cancelled (its amount is collected
 * on hand-over unless it was paid before), a transfer or Mercado Pago order once its payment is confirmed. An order
 * leaves the sheet when staff mark it delivered ("Marcar entregado"), or when it is cancelled or refunded.
 */
const TO_HAND_OVER: Record<PaymentMethod, readonly OrderStatus[]> = {
  cash: ['pending_manual', 'confirmado', 'paid'],
  transfer: ['paid', 'confirmado'],
  mercadopago: ['paid', 'confirmado'],
};

const PAYMENT_METHODS = Object.keys(TO_HAND_OVER) as PaymentMethod[];
export const NOT_DELIVERED = FULFILLMENT_STEPS.filter((step) => step !== 'delivered');

function dispatchOrder(order: OrderAnswer) {
  return {
    _id: order._id,
    orderNumber: order.orderNumber,
    createdAt: order.createdAt,
    status: order.status,
    paymentMethod: order.paymentMethod,
    fulfillment: order.fulfillment,
    fullName: order.shippingInfo.fullName,
    phone: order.shippingInfo.phone,
    address: order.shippingInfo.address,
    city: order.shippingInfo.city,
    postalCode: order.shippingInfo.postalCode,
    notes: order.shippingInfo.notes,
    units: order.items.reduce((sum, item) => sum + item.quantity, 0),
    total: order.total,
    toCollect: amountToCollect(order),
  };
}

/**
 * One page of the delivery sheet of a day (one group per zone, in the order the owner lists the zones; orders placed before zones, or
 * under a zone since removed, under their own name or "Sin zona") or the pickup list (one group per meeting point),
 * oldest order first.
 */
export async function dispatchSheet({ type, date = shopIsoDay(), page, limit }: DispatchQuery): Promise<DispatchAnswer> {
  const day = shopDayRange(date);
  if (!day) throw badRequest('Fecha inválida: usa el formato AAAA-MM-DD');
  // The sheet of a day: what was ordered up to its end and is still to hand over (older orders still waiting too).
  // idx_shop_orders_dispatch (delivery_type, fulfillment, payment_method, order_status, created_at, id) holds every
  // condition: the count never reads an order's row, and only the page's orders are read whole.
  const { orders, totalOrders } = await listedPage(
    (q) =>
      void q
        .where('o.delivery_type', type)
        .andWhere('o.created_at', '<', day.end)
        // "Not delivered" as the steps before it, so that the index seeks each (type, step) range instead of
        // reading the delivered orders (most of a shop's orders) to skip them.
        .andWhere((w) => void w.whereNull('o.fulfillment').orWhereIn('o.fulfillment', NOT_DELIVERED))
        .andWhere((w) => {
          for (const method of PAYMENT_METHODS)
            void w.orWhere((m) => void m.where('o.payment_method', method).whereIn('o.order_status', [...TO_HAND_OVER[method]]));
        }),
    'asc',
    page,
    limit,
  );
  const options = checkoutOptionsOf(await strapi.service('api::site-content.site-content').getContent());
  const groups = new Map<string, DispatchGroup>();
  // Current places first, in the owner's order (empty groups are dropped below).
  if (type === 'delivery')
    for (const zone of options.zones) groups.set(zone.id, { id: zone.id, name: zone.name, detail: '', orders: [], toCollect: 0 });
  else
    for (const point of options.meetingPoints)
      groups.set(point.id, {
        id: point.id,
        name: point.title,
        detail: [point.address, point.schedule].filter(Boolean).join(' · '),
        orders: [],
        toCollect: 0,
      });
  for (const order of orders) {
    const place = type === 'delivery' ? order.zone : order.meetingPoint;
    const id = place?.id ?? '';
    let group = groups.get(id);
    if (!group) {
      const name = order.zone?.name ?? order.meetingPoint?.title ?? (type === 'delivery' ? 'Sin zona' : 'Punto de encuentro');
      const detail = order.meetingPoint ? [order.meetingPoint.address, order.meetingPoint.schedule].filter(Boolean).join(' · ') : '';
      group = { id, name, detail, orders: [], toCollect: 0 };
      groups.set(id, group);
    }
    const line = dispatchOrder(order);
    group.orders.push(line);
    group.toCollect += line.toCollect;
  }
  return {
    type,
    date,
    generatedAt: new Date().toISOString(),
    groups: [...groups.values()].filter((g) => g.orders.length > 0),
    page,
    pageSize: limit,
    totalOrders,
    totalPages: Math.ceil(totalOrders / limit),
  };
}
