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
import { paymentFeePercent, productCategoriesOf, soldLinesBetween, variantCostsOf, type SoldLine } from '../catalogue';
import { refundsByOrderLine } from '../returns';
import { reportPeriod, type ReportPeriod } from './report-period';
import { badRequest } from '../../utils/http';
import { GenerationMemo } from './generation-memo';

const periodOf = (query: { from?: string; to?: string }) => reportPeriod(query, SALES_REPORT_DEFAULT_DAYS, SALES_REPORT_MSG);

interface CountedLine extends SoldLine {
  category: string;
  discounts: number;
  refunds: number;
  fees: number;
  cost: number | null;
}

/**
 * The period's lines with their share of the order's discounts (split over the order's lines by their value, in
 * whole pesos adding up to the order's discount), what their returns gave back, their share of Mercado Pago's fee
 * (`feePercent` of what an order paid through it was charged for its lines, split the same way), their category and
 * their cost.
 */
async function countLines(start: Date, end: Date, feePercent: number): Promise<CountedLine[]> {
  const lines = await soldLinesBetween(start, end);
  const orderIds = [...new Set(lines.map((line) => line.orderId))];
  const productIds = [...new Set(lines.map((line) => line.productId).filter(Boolean))];
  const [refunds, categories, costs] = await Promise.all([
    refundsByOrderLine(orderIds),
    productCategoriesOf(productIds),
    variantCostsOf(productIds),
  ]);
  const byOrder = new Map<string, SoldLine[]>();
  for (const line of lines) byOrder.set(line.orderId, [...(byOrder.get(line.orderId) ?? []), line]);
  const counted: CountedLine[] = [];
  for (const orderLines of byOrder.values()) {
    const discount = Math.min(
      orderLines[0]!.orderDiscount,
      orderLines.reduce((sum, l) => sum + l.price * l.quantity, 0),
    );
    const values = orderLines.map((line) => line.price * line.quantity);
    const shares = allocateWhole(discount, values);
    const fees = orderLines[0]!.paymentMethod === 'mercadopago' ? lineFees(feePercent, values, discount) : values.map(() => 0);
    orderLines.forEach((line, i) => {
      const unitCost = costs.get(`${line.productId}\u0000${line.variantId}`);
      counted.push({
        ...line,
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
  // The fee rate is read each time (the owner may change it without moving the catalogue's generation) and keys the counts.
  return paymentFeePercent().then((feePercent) =>
    reports.get([period.start.getTime(), period.end.getTime(), groupBy, feePercent].join('\u0000'), () =>
      buildReport(period, groupBy, feePercent),
    ),
  );
}

async function buildReport(period: ReportPeriod, groupBy: SalesGroup, feePercent: number): Promise<SalesReportAnswer> {
  const [lines, content] = await Promise.all([
    memo.get(`${period.start.getTime()}\u0000${period.end.getTime()}\u0000${feePercent}`, () =>
      countLines(period.start, period.end, feePercent),
    ),
    strapi.service('api::site-content.site-content').getContent(),
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
