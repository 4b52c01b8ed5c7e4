// Reading a size guide as numbers: which columns are the shopper's body measurements, what each cell says, which
// cells the editor wrote in a way the size finder cannot read.
import type { SizeGuideLike } from './size-guides.js';

export interface MeasureRange {
  min: number;
  max: number;
}

const NUMBER = String.raw`(\d+(?:[.,]\d+)?)`;
// "68-72", "68 - 72", "68 – 72", "68 a 72", "68/72", "68 al 72", "72", each with or without "cm".
const RANGE = new RegExp(String.raw`^${NUMBER}\s*(?:cm)?\s*(?:(?:-|–|—|\/|a|al)\s*${NUMBER}\s*(?:cm)?)?$`);

function toNumber(text: string): number {
  return Number(text.replace(',', '.'));
}

/** A guide's cell as a range of centimetres (a single number is a range of one), or null when it is not one. */
export function parseMeasure(text: string): MeasureRange | null {
  const match = RANGE.exec(text.trim().toLowerCase());
  if (!match?.[1]) return null;
  const a = toNumber(match[1]);
  const b = match[2] ? toNumber(match[2]) : a;
  return { min: Math.min(a, b), max: Math.max(a, b) };
}

/** What the shopper typed ("72", "72,5", "72.5 cm") as centimetres, or null. */
export function parseShopperMeasure(text: string): number | null {
  const range = parseMeasure(text);
  return range && range.min === range.max && range.min > 0 ? range.min : null;
}

/** "72,5": centimetres as the shopper writes them (es-AR). */
export function formatCm(value: number): string {
  return String(Math.round(value * 10) / 10).replace('.', ',');
}

export function formatRange(range: MeasureRange): string {
  return range.min === range.max ? `${formatCm(range.min)} cm` : `${formatCm(range.min)} a ${formatCm(range.max)} cm`;
}

/** The header without its unit: "Contorno bajo busto (cm)" → "Contorno bajo busto". */
export function measureLabel(header: string): string {
  return header
    .replace(/\(\s*cm\s*\)/i, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The same measurement in two guides has one key ("Cintura (cm)" and "cintura" → "cintura"). */
export function measureKey(header: string): string {
  return measureLabel(header)
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

export interface MeasureColumn {
  /** Position in each row's `measurements`. */
  index: number;
  header: string;
  label: string;
  key: string;
}

export interface MeasureRow {
  /** The size as the shop sells it: the row's size, with its cup when the guide has a 'Copa' column ("90B"). */
  size: string;
  /** One range per measure column, null when the cell cannot be read. */
  ranges: (MeasureRange | null)[];
}

export interface ReadGuide {
  /** The header of the size column (always the first). */
  sizeHeader: string;
  columns: MeasureColumn[];
  rows: MeasureRow[];
  /** The guide is for bras (it has a cup column): a band that is a little loose is the comfortable choice. */
  hasCup: boolean;
}

type GuideTable = Pick<SizeGuideLike, 'tableHeaders' | 'tableRows'>;

function cellsOf(guide: GuideTable, index: number): string[] {
  return guide.tableRows.map((row) => (row.measurements[index] ?? '').trim());
}

const SAYS_CM = /\bcm\b/i;
// A garment's length ("Largo camisón (cm)") is read off the garment, not measured on the body.
const GARMENT_LENGTH = /\blargo\b/i;

/**
 * A column holds body measurements when most of its cells are numbers or ranges and it is about centimetres (a range
 * somewhere, or "cm" in the header): 'Copa' (letters) and 'Equivale a' (1, 2, 3) are not; nor is a garment's length.
 */
function isMeasureColumn(header: string, cells: readonly string[]): boolean {
  if (GARMENT_LENGTH.test(header)) return false;
  const filled = cells.filter((c) => c !== '');
  const read = filled.map(parseMeasure).filter((r): r is MeasureRange => r !== null);
  if (read.length === 0 || read.length * 2 < filled.length) return false;
  return SAYS_CM.test(header) || read.some((r) => r.min !== r.max);
}

function cupIndex(guide: GuideTable): number {
  return guide.tableHeaders.slice(1).findIndex((h) => /^copa\b/i.test(h.trim()));
}

function rowSize(size: string, cup: string | undefined): string {
  const band = size.trim().toUpperCase();
  const letter = (cup ?? '').trim().toUpperCase();
  return /^\d+$/.test(band) && /^[A-H]{1,2}$/.test(letter) ? `${band}${letter}` : band;
}

/** The guide as the size finder sees it: its measure columns and, per row, the size and its ranges. */
export function readSizeGuide(guide: GuideTable): ReadGuide {
  const columns = guide.tableHeaders
    .slice(1)
    .map((header, index) => ({ index, header, label: measureLabel(header), key: measureKey(header) }))
    .filter((c) => isMeasureColumn(c.header, cellsOf(guide, c.index)));
  const cup = cupIndex(guide);
  const rows = guide.tableRows
    .filter((row) => row.size.trim() !== '')
    .map((row) => ({
      size: rowSize(row.size, cup >= 0 ? row.measurements[cup] : undefined),
      ranges: columns.map((c) => parseMeasure(row.measurements[c.index] ?? '')),
    }));
  return { sizeHeader: guide.tableHeaders[0] ?? 'Talle', columns, rows, hasCup: cup >= 0 };
}

export interface UnreadableCell {
  /** 1-based, as the editor counts rows. */
  row: number;
  header: string;
  text: string;
}

/**
 * For the content editor: the cells of measurement columns (or of a column whose header says "cm") that the size
 * finder cannot read. An empty cell is listed with empty text. A warning, never a reason to refuse the guide.
 */
export function unreadableCells(guide: GuideTable): UnreadableCell[] {
  const checked = guide.tableHeaders
    .slice(1)
    .map((header, index) => ({ header, index }))
    .filter(({ header, index }) => SAYS_CM.test(header) || isMeasureColumn(header, cellsOf(guide, index)));
  return guide.tableRows.flatMap((row, r) =>
    checked
      .map(({ header, index }) => ({ row: r + 1, header: measureLabel(header), text: (row.measurements[index] ?? '').trim() }))
      .filter((cell) => parseMeasure(cell.text) === null),
  );
}
