/**
 * The owner's sales report (GET /reports/sales): the period's sold lines grouped by product, variant, colour, size,
 * category or channel, each with its units, what it sold for, its share of the orders' discounts, what went back in
 * refunds, the net, and the cost and margin where the variants' costs are known. Pure: the server reads the lines.
 */

export const SALES_GROUPS = ['product', 'variant', 'color', 'size', 'category', 'channel'] as const;
export type SalesGroup = (typeof SALES_GROUPS)[number];

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
  /** Units × the variant's cost; null when the variant has no cost. */
  cost: number | null;
}

export interface SalesRow {
  key: string;
  label: string;
  units: number;
  gross: number;
  discounts: number;
  refunds: number;
  /** gross − discounts − refunds. */
  net: number;
  /** The cost of the units whose variant has one; null when none has. */
  cost: number | null;
  /** Units sold without a known cost (their cost is not in `cost`). */
  unitsWithoutCost: number;
  /** net − cost, only when every unit has a cost; null otherwise. */
  margin: number | null;
}

/** A row with nothing sold yet (the start of every sum, and the totals of an empty period). */
export function emptySalesRow(key: string, label: string): SalesRow {
  return { key, label, units: 0, gross: 0, discounts: 0, refunds: 0, net: 0, cost: null, unitsWithoutCost: 0, margin: null };
}

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
    if (line.cost === null) row.unitsWithoutCost += line.units;
    else row.cost = (row.cost ?? 0) + line.cost;
    rows.set(line.key, row);
  }
  return [...rows.values()]
    .map((row) => ({ ...row, margin: row.cost !== null && row.unitsWithoutCost === 0 ? row.net - row.cost : null }))
    .sort((a, b) => b.net - a.net || a.label.localeCompare(b.label, 'es'));
}
