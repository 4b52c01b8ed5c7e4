import { ORDER_CHANNELS, ORDER_STATUSES, channelOf, type OrderSummary } from '@shop/shared';
import { table } from '../../utils/db-write';
import { ORDERS_TABLE } from './order-admin';
import { isRecord } from './order-view';

/** "Por entregar": paid (or confirmed after the payment) and not delivered yet; cancelled and refunded orders aside. */
async function toDeliverCount(): Promise<number> {
  const row: unknown = await table(strapi.db.connection, ORDERS_TABLE)
    .where((q) => void q.where('order_status', 'paid').orWhere((c) => void c.where('order_status', 'confirmado').whereNotNull('paid_at')))
    .andWhere((q) => void q.whereNull('fulfillment').orWhereNot('fulfillment', 'delivered'))
    .count({ n: '*' })
    .first();
  return isRecord(row) ? Number(row.n ?? 0) : 0;
}

/** Orders (every status) and the revenue of paid orders per channel; no channel stored (older orders) is web. */
async function channelSummary(): Promise<NonNullable<OrderSummary['byChannel']>> {
  const rows: unknown[] = await strapi.db
    .getConnection(ORDERS_TABLE)
    .select('channel', 'order_status')
    .count({ orders: '*' })
    .sum({ revenue: 'total' })
    .groupBy('channel', 'order_status');
  const byChannel: NonNullable<OrderSummary['byChannel']> = Object.fromEntries(ORDER_CHANNELS.map((c) => [c, { orders: 0, revenue: 0 }]));
  for (const row of rows) {
    if (!isRecord(row)) continue;
    const slot = byChannel[channelOf(row.channel)]!;
    slot.orders += Number(row.orders ?? 0);
    if (row.order_status === 'paid') slot.revenue += Number(row.revenue ?? 0);
  }
  return byChannel;
}

/** Counts per status and payment method, and the revenue of paid orders, grouped by the database. */
export async function orderSummary(): Promise<OrderSummary> {
  const rows: unknown[] = await strapi.db
    .getConnection(ORDERS_TABLE)
    .select('order_status', 'payment_method')
    .count({ orders: '*' })
    .sum({ revenue: 'total' })
    .groupBy('order_status', 'payment_method');
  const byStatus: OrderSummary['summaryByStatusAndPaymentMethod'] = {};
  for (const status of ORDER_STATUSES) byStatus[status] = { cash: 0, transfer: 0, mercadopago: 0 };
  let totalOrders = 0;
  let totalRevenue = 0;
  for (const row of rows) {
    if (!isRecord(row)) continue;
    const count = Number(row.orders ?? 0);
    totalOrders += count;
    const status = typeof row.order_status === 'string' ? row.order_status : '';
    if (status === 'paid') totalRevenue += Number(row.revenue ?? 0);
    const bucket = byStatus[status];
    const method = row.payment_method;
    if (bucket && (method === 'cash' || method === 'transfer' || method === 'mercadopago')) bucket[method] += count;
  }
  return {
    totalOrders,
    totalRevenue,
    toDeliver: await toDeliverCount(),
    summaryByStatusAndPaymentMethod: byStatus,
    byChannel: await channelSummary(),
  };
}
