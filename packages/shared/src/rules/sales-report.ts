/**
 * The owner's sales report (GET /reports/sales): the period's sold lines grouped by product, variant, colour, size,
 * category or channel, each with its units, what it sold for, its share of the orders' discounts, what went back in
 * refunds, the net, the payment fees, and the cost and margin where the variants' costs are known. Pure: the server
 * reads the lines.
 */

export const SALES_GROUPS = ['product', 'variant', 'color', 'size', 'category', 'channel', 'day', 'month'] as const;
export type SalesGroup = (typeof SALES_GROUPS)[number];

/** The groupings by time (sales over time): their rows run in time order, every day or month of the period shown. */
export const SALES_TIME_GROUPS = ['day', 'month'] as const satisfies readonly SalesGroup[];
export type SalesTimeGroup = (typeof SALES_TIME_GROUPS)[number];
export const isTimeGroup = (group: SalesGroup): group is SalesTimeGroup => (SALES_TIME_GROUPS as readonly string[]).includes(group);

/** The longest period grouped by day (a year and a day); longer ones are grouped by month. */
export const SALES_MAX_DAYS_BY_DAY = 367;

const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

/** The key of an Argentine day (`YYYY-MM-DD`) in a time grouping: the day itself, or its month (`YYYY-MM`). */
export const timeKey = (isoDay: string, group: SalesTimeGroup): string => (group === 'day' ? isoDay : isoDay.slice(0, 7));

/** How a time key reads: `26/11/2026` for a day, `noviembre 2026` for a month. */
export function timeLabel(key: string): string {
  if (key.length === 7) return `${MONTHS[Number(key.slice(5, 7)) - 1] ?? key.slice(5, 7)} ${key.slice(0, 4)}`;
  return `${key.slice(8, 10)}/${key.slice(5, 7)}/${key.slice(0, 4)}`;
}

/** Every key of the period `from`..`to` (Argentine days, both included) in order: each day, or each month. */
export function timeKeys(from: string, to: string, group: SalesTimeGroup): string[] {
  const keys: string[] = [];
  const day = new Date(`${from}T12:00:00Z`);
  const last = new Date(`${to}T12:00:00Z`);
  if (Number.isNaN(day.getTime()) || Number.isNaN(last.getTime())) return keys;
  if (group === 'month') day.setUTCDate(1);
  while (day <= last) {
    keys.push(timeKey(day.toISOString().slice(0, 10), group));
    if (group === 'day') day.setUTCDate(day.getUTCDate() + 1);
    else day.setUTCMonth(day.getUTCMonth() + 1);
  }
  return keys;
}

/** The rows of a time grouping in time order, with an empty row for every day or month that sold nothing. */
export function inTimeOrder(rows: readonly SalesRow[], keys: readonly string[]): SalesRow[] {
  const byKey = new Map(rows.map((row) => [row.key, row]));
  return keys.map((key) => byKey.get(key) ?? emptySalesRow(key, timeLabel(key)));
}

/**
 * `total` split in whole pesos by `weights`, adding up to `total` exactly: each gets the floor of its share, and the
 * pesos left go to the largest remainders (the earlier on a tie). All zeros when the weights are.
 */
export function allocateWhole(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + Math.max(0, b), 0);
  const whole = Math.trunc(total);
  if (sum <= 0 || whole === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (Math.max(0, w) * whole) / sum);
  const split = exact.map((x) => Math.floor(x));
  let left = whole - split.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, remainder: x - Math.floor(x) })).sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    split[i]! += 1;
    left -= 1;
  }
  return split;
}

/** One sold line as the report counts it. */
export interface SalesLine {
  key: string;
  label: string;
  units: number;
  /** Line price × units. */
  gross: number;
  /** Its share of the order's discounts (promotions, coupon, payment discount). */
  discounts: number;
  /** What its returned units gave back. */
  refunds: number;
  /** Its share of the payment fee (Mercado Pago's, at the owner's rate) of an order paid through it; 0 otherwise. */
  fees: number;
  /** Units × the variant's cost; null when the variant has no cost. */
  cost: number | null;
}

/** One group of the report: what its lines add up to. */
export interface SalesRow extends Pick<SalesLine, 'key' | 'label' | 'units' | 'gross' | 'discounts' | 'refunds'> {
  /** gross − discounts − refunds. */
  net: number;
  /** The payment fees of its lines. */
  fees: number;
  /** The cost of the units whose variant has one; null when none has. */
  cost: number | null;
  /** Units sold without a known cost (their cost is not in `cost`). */
  unitsWithoutCost: number;
  /** net − fees − cost, only when every unit has a cost; null otherwise. */
  margin: number | null;
}

/** A row with nothing sold yet (the start of every sum, and the totals of an empty period). */
export function emptySalesRow(key: string, label: string): SalesRow {
  return { key, label, units: 0, gross: 0, discounts: 0, refunds: 0, net: 0, fees: 0, cost: null, unitsWithoutCost: 0, margin: null };
}

/** Names in Spanish order; one collator for every comparison (`localeCompare` with a locale builds one per call). */
const BY_NAME = new Intl.Collator('es');

/** The lines added up by their key, the highest net first. */
export function groupSales(lines: readonly SalesLine[]): SalesRow[] {
  const rows = new Map<string, SalesRow>();
  for (const line of lines) {
    const row = rows.get(line.key) ?? emptySalesRow(line.key, line.label);
    row.units += line.units;
    row.gross += line.gross;
    row.discounts += line.discounts;
    row.refunds += line.refunds;
    row.net = row.gross - row.discounts - row.refunds;
    row.fees += line.fees;
    if (line.cost === null) row.unitsWithoutCost += line.units;
    else row.cost = (row.cost ?? 0) + line.cost;
    rows.set(line.key, row);
  }
  return [...rows.values()]
    .map((row) => ({ ...row, margin: row.cost !== null && row.unitsWithoutCost === 0 ? row.net - row.fees - row.cost : null }))
    .sort((a, b) => b.net - a.net || BY_NAME.compare(a.label, b.label));
}

/** The largest payment fee rate the owner may set, in percent (Mercado Pago's dearest plan is well below it). */
export const MAX_PAYMENT_FEE_PERCENT = 30;

/**
 * The payment fee of an order's lines paid through Mercado Pago: `ratePercent` of what they were charged (their value
 * less the order's discount), rounded to the peso, split over the lines by their value in whole pesos.
 */
export function lineFees(ratePercent: number, lineValues: readonly number[], discount: number): number[] {
  const charged = Math.max(0, lineValues.reduce((a, b) => a + b, 0) - discount);
  return allocateWhole(Math.round((charged * ratePercent) / 100), lineValues);
}
