// The counter sale's ticket (GET /cash-sessions/tickets/:orderNumber, docs/api.md "Counter").
import { COUNTER_TICKET_MESSAGES, ticketOrderNumberOf, type CounterTicket } from '@shop/shared';
import { findOrderByNumber } from '../orders';
import { invoicingForTicket } from '../invoicing';
import { table } from '../../utils/db-write';
import { badRequest, notFound } from '../../utils/http';
import { MOVEMENTS_TABLE, REGISTERS_TABLE, SESSIONS_TABLE, toMovement, type Row } from './counter-store';

const pesos = (value: number | undefined) => Math.round(value ?? 0);

/**
 * The ticket of a counter sale: the order's lines and money as stored, its payments at the register (the `sale`
 * movements, with tendered and change), the shop's fiscal data and the invoice once ARCA authorises it. An order
 * that was not taken at a register is a 404 (its ticket is the invoice's own PDF).
 */
export async function counterTicket(rawNumber: string): Promise<CounterTicket> {
  const orderNumber = ticketOrderNumberOf(rawNumber);
  if (!orderNumber) throw badRequest(COUNTER_TICKET_MESSAGES.badNumber);
  const knex = strapi.db.connection;
  const rows = (await table(knex, MOVEMENTS_TABLE).where({ order_number: orderNumber, kind: 'sale' }).orderBy('id', 'asc')) as Row[];
  const first = rows[0];
  const order = first ? await findOrderByNumber(orderNumber) : null;
  if (!first || !order) throw notFound(COUNTER_TICKET_MESSAGES.notCounterSale);
  const movements = rows.map(toMovement);
  const sale = toMovement(first);
  const session = (await table(knex, SESSIONS_TABLE).where({ id: first.session_id }).first()) as Row | undefined;
  const register = session
    ? ((await table(knex, REGISTERS_TABLE).where({ id: session.register_id }).first()) as Row | undefined)
    : undefined;
  const invoicing = await invoicingForTicket(order._id);
  return {
    ...invoicing,
    orderNumber: order.orderNumber,
    createdAt: sale.at,
    registerName: register ? String(register.name) : null,
    clerk: sale.by?.name ?? null,
    customer: order.shippingInfo.fullName.trim() || null,
    lines: order.items.map((item) => ({
      title: item.title,
      color: item.color,
      size: item.size,
      sku: item.sku ?? null,
      quantity: pesos(item.quantity),
      unitPrice: pesos(item.unitPrice),
      lineTotal: pesos(item.lineTotal),
    })),
    subtotal: pesos(order.subtotal),
    discounts: (order.discounts ?? []).map((d) => ({ ...d, amount: pesos(d.amount) })),
    cashFee: pesos(order.cashFee),
    total: pesos(order.total),
    netTotal: order.netTotal ? pesos(order.netTotal) : null,
    payments: movements.map((m) => ({ method: m.method, amount: m.amount, tendered: m.tendered, change: m.change })),
    change: movements.reduce((sum, m) => sum + (m.change ?? 0), 0),
  };
}
