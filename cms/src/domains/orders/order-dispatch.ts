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
import { jsonColumn, table } from '../../utils/db-write';
import { badRequest } from '../../utils/http';
import { listedPage } from './order-list';
import { toOrderAnswer, type OrderAnswer } from './order-view';

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
const HANDED_OVER_STATUSES = [...new Set(Object.values(TO_HAND_OVER).flat())];
export const NOT_DELIVERED = FULFILLMENT_STEPS.filter((step) => step !== 'delivered');

const LINKS = 'orders_cmps';

/**
 * A sheet's orders with just what its lines show: the order's own columns, its shipping details and its units, in
 * three queries by id (the orders by primary key, their components through the links table by order id). Reading
 * each order whole through the Document Service (every line's fields, then the answer built from them) was most of a
 * 100-order page's time at scale (docs/performance.md, "Delivery sheet and pickup list"). Built by the same
 * toOrderAnswer as a whole order, so both read alike (the API test compares them).
 */
async function sheetOrders(ids: number[]): Promise<OrderAnswer[]> {
  const knex = strapi.db.connection;
  const [rows, shipping, lines] = await Promise.all([
    table(knex, 'orders')
      .whereIn('id', ids)
      .select('id', 'document_id', 'order_number', 'created_at', 'order_status', 'payment_method', 'delivery_type')
      .select('fulfillment', 'total', 'zone', 'meeting_point') as Promise<Array<Record<string, unknown>>>,
    table(knex, `${LINKS} as l`)
      .join('components_order_shipping_infos as s', 's.id', 'l.cmp_id')
      .whereIn('l.entity_id', ids)
      .andWhere('l.field', 'shippingInfo')
      .andWhere('l.component_type', 'order.shipping-info')
      .select('l.entity_id', 's.full_name', 's.phone', 's.address', 's.city', 's.postal_code', 's.notes') as Promise<
      Array<Record<string, unknown>>
    >,
    table(knex, `${LINKS} as l`)
      .join('components_order_items as i', 'i.id', 'l.cmp_id')
      .whereIn('l.entity_id', ids)
      .andWhere('l.field', 'items')
      .andWhere('l.component_type', 'order.item')
      .select('l.entity_id', 'i.quantity') as Promise<Array<Record<string, unknown>>>,
  ]);
  const shippingOf = new Map(shipping.map((r) => [Number(r.entity_id), r]));
  const linesOf = new Map<number, Array<{ quantity: unknown }>>();
  for (const line of lines) {
    const id = Number(line.entity_id);
    const of = linesOf.get(id) ?? [];
    of.push({ quantity: line.quantity });
    linesOf.set(id, of);
  }
  const byId = new Map(
    rows.map((row) => {
      const id = Number(row.id);
      const s = shippingOf.get(id) ?? {};
      const doc = {
        documentId: row.document_id,
        orderNumber: row.order_number,
        createdAt: row.created_at,
        orderStatus: row.order_status,
        paymentMethod: row.payment_method,
        deliveryType: row.delivery_type,
        fulfillment: row.fulfillment,
        total: row.total,
        zone: jsonColumn(row.zone),
        meetingPoint: jsonColumn(row.meeting_point),
        shippingInfo: {
          fullName: s.full_name,
          phone: s.phone,
          address: s.address,
          city: s.city,
          postalCode: s.postal_code,
          notes: s.notes,
        },
        items: linesOf.get(id) ?? [],
      };
      return [id, toOrderAnswer(doc)] as const;
    }),
  );
  return ids.flatMap((id) => {
    const order = byId.get(id);
    return order ? [order] : [];
  });
}

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
        // The same condition widened to plain lists first: the dispatch index (…, payment_method, order_status, …)
        // then skips the orders never handed over (cancelled, awaiting payment) without reading them.
        .whereIn('o.payment_method', PAYMENT_METHODS)
        .whereIn('o.order_status', HANDED_OVER_STATUSES)
        .andWhere((w) => {
          for (const method of PAYMENT_METHODS)
            void w.orWhere((m) => void m.where('o.payment_method', method).whereIn('o.order_status', [...TO_HAND_OVER[method]]));
        }),
    'asc',
    page,
    limit,
    null,
    sheetOrders,
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
