/**
 * The size curve of a category: the share of each size in the units sold, how fast each size ran out, and how many
 * of each size to buy of the next model ("de cada 10 corpiños, 3 son 90B"). Pure: the server counts, this decides.
 */

export interface SizeUnits {
  size: string;
  units: number;
}

export interface CurveSize {
  size: string;
  units: number;
  /** units / total, 0 to 1 (0 when nothing sold). */
  share: number;
}

/** The key a size is compared by: trimmed and upper-cased ('90b ' is '90B'). */
export function sizeKey(size: string): string {
  return size.trim().toUpperCase();
}

const LETTER_SIZES = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL'];

/** Sizes outside the guide's order: letter sizes by their order, a band and cup (85B) by band then cup, else by text. */
function looseRank(size: string): [number, number, string] {
  const letter = LETTER_SIZES.indexOf(size);
  if (letter >= 0) return [0, letter, ''];
  const band = /^(\d+)\s*([A-Z]*)$/.exec(size);
  if (band) return [1, Number(band[1]), band[2] ?? ''];
  return [2, 0, size];
}

/** Orders sizes by the category's guide (`order`), then the others as looseRank says. */
export function orderSizes(sizes: readonly string[], order: readonly string[]): string[] {
  const guide = order.map(sizeKey);
  const unique = [...new Set(sizes.map(sizeKey))];
  return unique.sort((a, b) => {
    const ia = guide.indexOf(a);
    const ib = guide.indexOf(b);
    if (ia >= 0 || ib >= 0) return (ia < 0 ? Infinity : ia) - (ib < 0 ? Infinity : ib);
    const [ga, na, ta] = looseRank(a);
    const [gb, nb, tb] = looseRank(b);
    return ga - gb || na - nb || ta.localeCompare(tb, 'es');
  });
}

/** Units per size (sizes merged by sizeKey, '' left out), in the category's order, with each size's share. */
export function sizeCurve(rows: readonly SizeUnits[], order: readonly string[]): { total: number; sizes: CurveSize[] } {
  const units = new Map<string, number>();
  for (const row of rows) {
    const key = sizeKey(row.size);
    if (key === '' || !(row.units > 0)) continue;
    units.set(key, (units.get(key) ?? 0) + Math.trunc(row.units));
  }
  const total = [...units.values()].reduce((sum, n) => sum + n, 0);
  const sizes = orderSizes([...units.keys()], order).map((size) => {
    const n = units.get(size) ?? 0;
    return { size, units: n, share: total > 0 ? n / total : 0 };
  });
  return { total, sizes };
}

/**
 * `units` split among the sizes in proportion to their shares, in whole units that add up to `units` exactly (the
 * largest remainders get the units left; on a tie, the size that sold more, then the earlier size). Sizes with no
 * sales get 0; with no sales at all, every size gets 0.
 */
export function splitPurchase(sizes: readonly CurveSize[], units: number): number[] {
  const total = sizes.reduce((sum, s) => sum + s.units, 0);
  const wanted = Math.max(0, Math.trunc(units));
  if (total === 0 || wanted === 0) return sizes.map(() => 0);
  const exact = sizes.map((s) => (s.units * wanted) / total);
  const split = exact.map(Math.floor);
  let left = wanted - split.reduce((sum, n) => sum + n, 0);
  const byRemainder = sizes
    .map((s, i) => ({ i, remainder: exact[i]! - split[i]!, sold: s.units }))
    .sort((a, b) => b.remainder - a.remainder || b.sold - a.sold || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left === 0) break;
    split[i]! += 1;
    left -= 1;
  }
  return split;
}

/** The middle of a list of figures (the mean of the two middle ones for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The owner's sentence for the size that sells most: "De cada 10 corpiños, 3 son 90B." (shares of ten rounded by
 * splitPurchase, so the figure agrees with a purchase of 10); null with no sales.
 */
export function curveSentence(category: string, sizes: readonly CurveSize[]): string | null {
  const tens = splitPurchase(sizes, 10);
  let best = -1;
  tens.forEach((n, i) => {
    if (n > 0 && (best < 0 || n > tens[best]! || (n === tens[best] && sizes[i]!.units > sizes[best]!.units))) best = i;
  });
  if (best < 0) return null;
  const n = tens[best]!;
  const name = category.trim().toLowerCase() || 'prendas';
  return `De cada 10 ${name}, ${n} ${n === 1 ? 'es' : 'son'} ${sizes[best]!.size}.`;
}

/** One movement of a variant's units, as the sell-out count reads it (oldest first). */
export interface CurveMovement {
  /** When, in milliseconds. */
  at: number;
  quantity: number;
  unitsAfter: number;
  /** A sale took the units (web order, staff sale, counter). */
  sale: boolean;
}

const DAY_MS = 86_400_000;

/**
 * How many days each sell-out of one variant took within a period: from the moment it had units (the period's start
 * when it entered the period with units, or the movement that brought it back from 0) to the sale that left it at 0.
 * A variant left at 0 by anything else (an adjustment, an import) did not sell out.
 */
export function sellOutDays(movements: readonly CurveMovement[], periodStart: number): number[] {
  const days: number[] = [];
  let since: number | null = null;
  movements.forEach((move, i) => {
    const before = move.unitsAfter - move.quantity;
    if (i === 0 && before > 0) since = periodStart;
    if (move.quantity > 0 && before <= 0 && move.unitsAfter > 0) since = move.at;
    if (move.unitsAfter <= 0 && before > 0) {
      if (move.sale && since !== null) days.push(Math.max(0, (move.at - since) / DAY_MS));
      since = null;
    }
  });
  return days;
}
