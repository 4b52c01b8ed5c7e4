// "¿Cuál es mi talle?": from a size guide and the shopper's measurements, a size of the guide, two sizes to choose
// between (and which one), or "outside the guide" (never a guess). Pure: the measurements never leave the browser.
import { formatCm, formatRange, readSizeGuide, type MeasureColumn, type ReadGuide } from './size-measure.js';
import type { SizeGuideLike } from './size-guides.js';
import { fitEvidence, type FitSources } from './product-fit.js';

/** The shopper's measurements in centimetres, by measure key (`measureKey(header)`). */
export type Measurements = Readonly<Record<string, number>>;

/** How a product fits compared with its guide (from exchanges, later): 'small' moves the answer one size up. */
export interface ProductFit {
  direction: 'small' | 'true' | 'large';
  /** What the fit is based on (for example, how many exchanges); carried, not used by the rule. */
  basedOn?: number;
  /** Each source's count (exchanges and size returns, approved reviews): the moved answer names them. */
  sources?: FitSources;
}

export type SizeAnswer =
  | { kind: 'size'; size: string; sisters: string[]; message: string }
  | {
      kind: 'between';
      smaller: string;
      larger: string;
      recommended: string;
      reason: 'edge' | 'gap' | 'mixed';
      sisters: string[];
      message: string;
    }
  | { kind: 'outside'; direction: 'below' | 'above'; message: string }
  | { kind: 'incomplete'; message: string };

interface FindOptions {
  fit?: ProductFit;
  /** Sizes that exist besides the guide's own (the product's): sister sizes are listed among these and the guide's. */
  available?: readonly string[];
}

/** Bra sizes with band and cup: 85B ↔ 90A (band +5, cup −1) ↔ 80C (band −5, cup +1), those that exist. */
export function sisterSizes(size: string, available: readonly string[]): string[] {
  const match = /^(\d{2,3})([A-H])$/.exec(size.trim().toUpperCase());
  if (!match?.[1] || !match[2]) return [];
  const band = Number(match[1]);
  const cup = match[2].charCodeAt(0);
  const exist = new Set(available.map((s) => s.trim().toUpperCase()));
  const sisters = [`${band + 5}${String.fromCharCode(cup - 1)}`, `${band - 5}${String.fromCharCode(cup + 1)}`];
  return sisters.filter((s) => /^\d+[A-H]$/.test(s) && exist.has(s));
}

interface Placement {
  column: MeasureColumn;
  value: number;
  /** Rows (indexes) the value fits; two for an edge or a gap. */
  rows: number[];
  reason: 'inside' | 'edge' | 'gap';
}

type Outside = { outside: 'below' | 'above'; column: MeasureColumn; value: number; row: number };

function place(guide: ReadGuide, column: MeasureColumn, columnIndex: number, value: number): Placement | Outside | null {
  const ranged = guide.rows.flatMap((row, i) => {
    const range = row.ranges[columnIndex];
    return range ? [{ i, range }] : [];
  });
  const first = ranged[0];
  const last = ranged.at(-1);
  if (!first || !last) return null;
  const smallest = ranged.reduce((a, b) => (b.range.min < a.range.min ? b : a), first);
  const largest = ranged.reduce((a, b) => (b.range.max > a.range.max ? b : a), last);
  if (value < smallest.range.min) return { outside: 'below', column, value, row: smallest.i };
  if (value > largest.range.max) return { outside: 'above', column, value, row: largest.i };
  const inside = ranged.filter((r) => r.range.min <= value && value <= r.range.max).map((r) => r.i);
  const top = inside.at(-1);
  if (top !== undefined) {
    // On the very top of a size's range the next size fits as well: two sizes, the larger one more comfortable.
    const next = ranged.find((r) => r.i > top);
    if (value === guide.rows[top]?.ranges[columnIndex]?.max && next) return { column, value, rows: [...inside, next.i], reason: 'edge' };
    return { column, value, rows: inside, reason: inside.length > 1 ? 'edge' : 'inside' };
  }
  const below = ranged.filter((r) => r.range.max < value).at(-1);
  const above = ranged.find((r) => r.range.min > value);
  return { column, value, rows: [below?.i ?? 0, above?.i ?? 0], reason: 'gap' };
}

const lower = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

function comfort(guide: ReadGuide, size: string): string {
  return guide.hasCup ? `${size} te deja la banda un poco más holgada y suele ser más cómodo.` : `${size} suele quedar más cómodo.`;
}

function outsideAnswer(guide: ReadGuide, o: Outside): SizeAnswer {
  const row = guide.rows[o.row];
  const range = row?.ranges[guide.columns.indexOf(o.column)];
  const edge = row && range ? ` (${row.size}: ${formatRange(range)})` : '';
  const which = o.outside === 'below' ? 'menor que la medida del talle más chico' : 'mayor que la medida del talle más grande';
  return {
    kind: 'outside',
    direction: o.outside,
    message:
      `Tu ${lower(o.column.label)} (${formatCm(o.value)} cm) es ${which} de la guía${edge}. ` +
      'No queremos adivinar: escribinos y te ayudamos a elegir.',
  };
}

/** Moves a size answer one row with the product's fit; a 'between' answer picks its smaller or larger size. */
function withFit(guide: ReadGuide, answer: SizeAnswer, fit: ProductFit | undefined): SizeAnswer {
  if (!fit || fit.direction === 'true') return answer;
  const runsSmall = fit.direction === 'small';
  const says = runsSmall ? 'Este modelo calza chico' : 'Este modelo calza grande';
  // What the move rests on, per source: " Nos basamos en 12 compradoras que dicen que calza chico y 3 cambios por talle."
  const evidence = fitEvidence(fit);
  const basis = evidence ? ` Nos basamos en ${evidence}.` : '';
  if (answer.kind === 'between') {
    const recommended = runsSmall ? answer.larger : answer.smaller;
    return { ...answer, recommended, message: `${answer.message} ${says}: elegí ${recommended}.${basis}` };
  }
  if (answer.kind !== 'size') return answer;
  const index = guide.rows.findIndex((r) => r.size === answer.size);
  const moved = guide.rows[index + (runsSmall ? 1 : -1)];
  if (!moved)
    return { ...answer, message: `${answer.message} ${says}, pero no hay un talle ${runsSmall ? 'más grande' : 'más chico'} en la guía.` };
  return {
    ...answer,
    size: moved.size,
    message: `Tu talle en este modelo es ${moved.size}. ${says}: en otros sería ${answer.size}.${basis}`,
  };
}

/**
 * The size for the shopper's measurements. Only the guide's measure columns the shopper gave are used. One size when
 * every measurement fits it; two sizes (recommending the larger) on the edge between them, in a gap of the guide or
 * when two measurements disagree; "outside" below the smallest or above the largest size.
 */
export function findSize(
  guideLike: Pick<SizeGuideLike, 'tableHeaders' | 'tableRows'>,
  measurements: Measurements,
  options: FindOptions = {},
): SizeAnswer {
  const guide = readSizeGuide(guideLike);
  const given = guide.columns
    .map((column, i) => ({ column, i, value: measurements[column.key] }))
    .filter((g): g is { column: MeasureColumn; i: number; value: number } => typeof g.value === 'number' && Number.isFinite(g.value));
  const placed = given.map((g) => place(guide, g.column, g.i, g.value)).filter((p) => p !== null);
  if (placed.length === 0) return { kind: 'incomplete', message: 'Completá tus medidas para ver tu talle.' };
  const outside = placed.find((p): p is Outside => 'outside' in p);
  if (outside) return outsideAnswer(guide, outside);
  const placements = placed.filter((p): p is Placement => 'rows' in p);
  const available = [...guide.rows.map((r) => r.size), ...(options.available ?? [])];
  const sizeOf = (i: number) => guide.rows[i]?.size ?? '';
  const common = placements.reduce<number[]>((acc, p) => acc.filter((i) => p.rows.includes(i)), placements[0]?.rows ?? []);
  const only = common.length === 1 ? common[0] : undefined;
  if (only !== undefined) {
    const size = sizeOf(only);
    return withFit(guide, { kind: 'size', size, sisters: sisterSizes(size, available), message: `Tu talle es ${size}.` }, options.fit);
  }
  const rows = common.length > 1 ? common : placements.flatMap((p) => p.rows);
  const smaller = sizeOf(Math.min(...rows));
  const larger = sizeOf(Math.max(...rows));
  const reasonOf = common.length > 1 ? placements.find((p) => p.reason !== 'inside') : undefined;
  const reason = reasonOf ? (reasonOf.reason === 'gap' ? 'gap' : 'edge') : 'mixed';
  let message: string;
  if (reasonOf) {
    const where = reason === 'edge' ? 'está justo en el límite entre' : 'queda entre';
    message = `Tu ${lower(reasonOf.column.label)} (${formatCm(reasonOf.value)} cm) ${where} ${smaller} y ${larger}. Te recomendamos ${larger}: ${comfort(guide, larger)}`;
  } else {
    const by = placements.map((p) => `${p.rows.map(sizeOf).join(' o ')} por tu ${lower(p.column.label)}`).join(', ');
    message = `Tus medidas apuntan a talles distintos (${by}). Te recomendamos ${larger}: ${comfort(guide, larger)}`;
  }
  const answer: SizeAnswer = { kind: 'between', smaller, larger, recommended: larger, reason, sisters: [], message };
  const fitted = withFit(guide, answer, options.fit);
  return fitted.kind === 'between' ? { ...fitted, sisters: sisterSizes(fitted.recommended, available) } : fitted;
}
