// A cash session's sales by the order's channel (Local, WhatsApp, …), read from the orders' own rows.
import type { OrderChannel, SessionChannelSales } from '@shop/shared';
import { channelOf, COUNTER_REPORT_CHANNELS } from '@shop/shared';
import type { Knex } from 'knex';
import { table, type Trx } from '../../utils/db-write';
import { ORDERS_TABLE } from '../orders';

type Row = Record<string, unknown>;

const docIdOf = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** A sale movement's order document id → the order's channel (one query for all the rows given). */
export type ChannelsOf = ReadonlyMap<string, OrderChannel>;

export async function channelsOf(knex: Knex | Trx, movementRows: readonly Row[]): Promise<ChannelsOf> {
  const ids = [...new Set(movementRows.filter((m) => m.kind === 'sale').map((m) => docIdOf(m.order_document_id)))].filter(
    (id): id is string => id !== null,
  );
  const channels = new Map<string, OrderChannel>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = (await table(knex, ORDERS_TABLE)
      .whereIn('document_id', ids.slice(i, i + 500))
      .select('document_id', 'channel')) as Row[];
    for (const r of rows) channels.set(String(r.document_id), channelOf(r.channel));
  }
  return channels;
}

/**
 * The session's sales by the order's channel: the counter's channels always (0 when none), any other when it has
 * sales. A sale whose order is not found counts as Local (the counter's own channel).
 */
export function byChannelOf(movementRows: readonly Row[], channels: ChannelsOf): SessionChannelSales[] {
  const figures = new Map<OrderChannel, { orders: Set<string>; amount: number }>(
    COUNTER_REPORT_CHANNELS.map((c) => [c, { orders: new Set<string>(), amount: 0 }]),
  );
  for (const m of movementRows) {
    if (m.kind !== 'sale') continue;
    const order = docIdOf(m.order_document_id);
    const channel = (order && channels.get(order)) || 'local';
    const entry = figures.get(channel) ?? { orders: new Set<string>(), amount: 0 };
    if (order) entry.orders.add(order);
    entry.amount += Number(m.amount ?? 0);
    figures.set(channel, entry);
  }
  return [...figures].map(([channel, f]) => ({ channel, orders: f.orders.size, amount: f.amount }));
}
