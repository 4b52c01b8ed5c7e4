import type { Knex } from 'knex';
import {
  ORDER_CHANNEL_LABELS,
  SALES_REPORT_DEFAULT_DAYS,
  SALES_REPORT_MSG,
  allocateWhole,
  emptySalesRow,
  groupSales,
  inTimeOrder,
  isTimeGroup,
  lineFees,
  SALES_MAX_DAYS_BY_DAY,
  shopIsoDay,
  timeKey,
  timeKeys,
  timeLabel,
  type OrderChannel,
  type SalesGroup,
  type SalesLine,
  type SalesReportAnswer,
  type SalesReportQuery,
} from '@shop/shared';
import {
  feeRates,
  GenerationMemo,
  productCategoriesOf,
  soldLinesBetween,
  variantCostsOf,
  type FeeRates,
  type SoldLine,
} from '../catalogue';
import { jsonColumn, table } from '../../utils/db-write';
import { refundsByOrderLine } from '../returns';
import { reportPeriod, type ReportPeriod } from './report-period';
import { badRequest } from '../../utils/http';

const periodOf = (query: { from?: string; to?: string }) => reportPeriod(query, SALES_REPORT_DEFAULT_DAYS, SALES_REPORT_MSG);

interface CountedLine extends SoldLine {
  category: string;
  discounts: number;
  refunds: number;
  fees: number;
  cost: number | null;
}

/**
 * The orders placed within [start, end), joined on their document id (`o`), for the reads of the period's fees. The
 * query comes from `table()`: its schema (PostgreSQL) names the joined table too.
 */
function ordersWithin(query: Knex.QueryBuilder, start: Date, end: Date, column: string): Knex.QueryBuilder {
  return query.join('orders as o', 'o.document_id', column).where('o.created_at', '>=', start).andWhere('o.created_at', '<', end);
}

/** Mercado Libre's charge on each order of the period (its `sale_fee` of every line, kept with the sale), by order. */
async function marketplaceFees(start: Date, end: Date): Promise<Map<string, number>> {
  const fees = new Map<string, number>();
  const rows: { document_id: string; external: unknown }[] = await table(strapi.db.connection, 'orders')
    .where('channel', 'mercadolibre')
    .andWhere('created_at', '>=', start)
    .andWhere('created_at', '<', end)
    .select('document_id', 'external');
  for (const row of rows) {
    const external = jsonColumn(row.external);
    const fee = external && typeof external === 'object' ? Number((external as Record<string, unknown>).saleFee) : NaN;
    if (Number.isFinite(fee) && fee > 0) fees.set(row.document_id, Math.round(fee));
  }
  return fees;
}

/**
 * Mercado Pago's in-person charge on each counter sale of the period: every approved card (Point) or QR part at the
 * owner's rate for it, rounded to the peso per part.
 */
async function counterFees(start: Date, end: Date, rates: FeeRates): Promise<Map<string, number>> {
  const fees = new Map<string, number>();
  const rows: { order_document_id: string; method: string; amount: unknown }[] = await ordersWithin(
    table(strapi.db.connection, 'counter_payments as p'),
    start,
    end,
    'p.order_document_id',
  )
    .where('p.status', 'approved')
    .select('p.order_document_id', 'p.method', 'p.amount');
  for (const row of rows) {
    const rate = row.method === 'card' ? rates.point : row.method === 'qr' ? rates.qr : 0;
    const fee = Math.round(((Number(row.amount) || 0) * rate) / 100);
    fees.set(row.order_document_id, (fees.get(row.order_document_id) ?? 0) + fee);
  }
  return fees;
}

/**
 * The period's lines with their share of the order's discounts (split over the order's lines by their value, in
 * whole pesos adding up to the order's discount), what their returns gave back, their share of what selling them
 * cost in fees (split the same way), their category and their cost. The fees are each sale's own: Mercado Libre's
 * charge as it reported it; Mercado Pago's in-person rate on a counter sale's Point and QR parts; its online rate on
 * what an order paid through Mercado Pago online (the web, a chat sale's payment link) was charged.
 */
async function countLines(start: Date, end: Date, rates: FeeRates): Promise<CountedLine[]> {
  const lines = await soldLinesBetween(start, end);
  const productIds = [...new Set(lines.map((line) => line.productId).filter(Boolean))];
  const [refunds, categories, costs, marketplace, counter] = await Promise.all([
    refundsByOrderLine({ start, end }),
    productCategoriesOf(productIds),
    variantCostsOf(productIds),
    // Read by the period (one statement each), not by lists of the period's order ids (issue 60 §4).
    marketplaceFees(start, end),
    counterFees(start, end, rates),
  ]);
  const byOrder = new Map<string, SoldLine[]>();
  for (const line of lines) {
    const orderLines = byOrder.get(line.orderId);
    if (orderLines) orderLines.push(line);
    else byOrder.set(line.orderId, [line]);
  }
  const counted: CountedLine[] = [];
  for (const orderLines of byOrder.values()) {
    const discount = Math.min(
      orderLines[0]!.orderDiscount,
      orderLines.reduce((sum, l) => sum + l.price * l.quantity, 0),
    );
    const values = orderLines.map((line) => line.price * line.quantity);
    const shares = allocateWhole(discount, values);
    const first = orderLines[0]!;
    const fixed = first.channel === 'mercadolibre' ? (marketplace.get(first.orderId) ?? 0) : counter.get(first.orderId);
    const fees =
      fixed !== undefined
        ? allocateWhole(fixed, values)
        : first.paymentMethod === 'mercadopago'
          ? lineFees(rates.online, values, discount)
          : values.map(() => 0);
    orderLines.forEach((line, i) => {
      const unitCost = costs.get(`${line.productId}\u0000${line.variantId}`);
      // Written out rather than spread: a few thousand lines at each first read after a change (issue 60 §4).
      counted.push({
        orderId: line.orderId,
        channel: line.channel,
        orderSubtotal: line.orderSubtotal,
        orderDiscount: line.orderDiscount,
        orderedAt: line.orderedAt,
        paymentMethod: line.paymentMethod,
        lineIndex: line.lineIndex,
        productId: line.productId,
        title: line.title,
        variantId: line.variantId,
        color: line.color,
        size: line.size,
        quantity: line.quantity,
        price: line.price,
        category: categories.get(line.productId) ?? '',
        discounts: shares[i] ?? 0,
        refunds: refunds.get(`${line.orderId}\u0000${line.lineIndex}`) ?? 0,
        fees: fees[i] ?? 0,
        cost: unitCost === undefined || unitCost === null ? null : unitCost * line.quantity,
      });
    });
  }
  return counted;
}

const memo = new GenerationMemo<CountedLine[]>(6);

/** How a line is grouped and named. */
function keyOf(line: CountedLine, groupBy: SalesGroup, categoryNames: Map<string, string>): { key: string; label: string } {
  switch (groupBy) {
    case 'product':
      return { key: line.productId, label: line.title };
    case 'variant':
      return {
        key: `${line.productId}~${line.variantId}`,
        label: [line.title, [line.color, line.size].filter(Boolean).join(' ')].filter(Boolean).join(' · '),
      };
    case 'color':
      return { key: (line.color ?? '').trim().toLowerCase(), label: line.color?.trim() || 'Sin color' };
    case 'size':
      return { key: line.size ?? '', label: line.size ?? 'Sin talle' };
    case 'category':
      return { key: line.category.toLowerCase(), label: categoryNames.get(line.category) || line.category || 'Sin categoría' };
    case 'channel':
      return { key: line.channel, label: ORDER_CHANNEL_LABELS[line.channel as OrderChannel] ?? line.channel };
    case 'day':
    case 'month': {
      const key = timeKey(shopIsoDay(line.orderedAt), groupBy);
      return { key, label: timeLabel(key) };
    }
  }
}

const reports = new GenerationMemo<SalesReportAnswer>(12);

/** Every row of the report (the CSV's), and the totals; kept, as the counted lines, until the next change. */
export function salesReport(query: SalesReportQuery): Promise<SalesReportAnswer> {
  const period = periodOf(query);
  const groupBy = query.groupBy ?? 'product';
  if (groupBy === 'day' && period.end.getTime() - period.start.getTime() > SALES_MAX_DAYS_BY_DAY * 86_400_000)
    throw badRequest(SALES_REPORT_MSG.tooManyDays);
  // The fee rates are read each time (the owner may change them without moving the catalogue's generation) and key the counts.
  return feeRates().then((rates) =>
    reports.get([period.start.getTime(), period.end.getTime(), groupBy, rates.online, rates.point, rates.qr].join('\u0000'), () =>
      buildReport(period, groupBy, rates),
    ),
  );
}

async function buildReport(period: ReportPeriod, groupBy: SalesGroup, rates: FeeRates): Promise<SalesReportAnswer> {
  const feePercent = rates.online;
  const [lines, content] = await Promise.all([
    memo.get([period.start.getTime(), period.end.getTime(), rates.online, rates.point, rates.qr].join('\u0000'), () =>
      countLines(period.start, period.end, rates),
    ),
    // The cached content (fresh within a second): the categories' names only.
    strapi.service('api::site-content.site-content').cachedContent(),
  ]);
  const categoryNames = new Map(content.productCatalog.categories.map((c) => [c.name, c.display_name || c.name]));
  const sales: SalesLine[] = lines.map((line) => ({
    ...keyOf(line, groupBy, categoryNames),
    units: line.quantity,
    gross: line.price * line.quantity,
    discounts: line.discounts,
    refunds: line.refunds,
    fees: line.fees,
    cost: line.cost,
  }));
  const grouped = groupSales(sales);
  // Sales over time run in time order, with the days or months that sold nothing (a chart without gaps).
  const rows = isTimeGroup(groupBy) ? inTimeOrder(grouped, timeKeys(period.from, period.to, groupBy)) : grouped;
  const [totals] = groupSales(sales.map((line) => ({ ...line, key: 'total', label: 'Total' })));
  return { groupBy, from: period.from, to: period.to, rows, totals: totals ?? emptySalesRow('total', 'Total'), feePercent };
}
