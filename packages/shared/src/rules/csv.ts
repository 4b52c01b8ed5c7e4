/**
 * CSV that Excel in Spanish (es-AR) opens correctly with a double click: UTF-8 with a byte-order mark (else Excel
 * reads it as Windows-1252 and breaks the accents), `;` between cells (Excel es-AR's list separator, since `,` is
 * the decimal mark), CRLF between rows. Money is written as whole pesos without thousands separator (`12500`),
 * which Excel es-AR reads as a number; decimals use a comma (`1234,5`).
 */

import { SHOP_UTC_OFFSET_MS } from './order-number.js';

export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';
export const CSV_EOL = '\r\n';

/** A cell's value: text, a number (written in es-AR form), or nothing. */
export type CsvValue = string | number | null | undefined;

// A cell that starts with one of these would be run as a formula by a spreadsheet (CSV injection); a leading
// apostrophe makes it plain text. Tab and carriage return can hide such a start too.
const FORMULA_START = /^[=+\-@\t\r]/;

/** A number in es-AR form without thousands separator: `1234,5`; integers as they are (`12500`, `-3`). */
export function arNumber(value: number, decimals?: number): string {
  if (!Number.isFinite(value)) return '';
  const text = decimals === undefined ? String(value) : value.toFixed(decimals);
  return text.replace('.', ',');
}

/** One cell, quoted when it holds the separator, a quote or a line break; text that would be a formula is neutralised. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return arNumber(value);
  let text = value;
  if (FORMULA_START.test(text)) text = `'${text}`;
  if (/[;"\r\n]/.test(text)) return `"${text.replace(/"/g, '""')}"`;
  return text;
}

/** One row with its CRLF ending. */
export function csvRow(cells: readonly CsvValue[]): string {
  return cells.map(csvCell).join(CSV_SEPARATOR) + CSV_EOL;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A moment as `dd/mm/aaaa hh:mm` in Argentina's time; '' for no date or an invalid one. */
export function arDateTime(value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const ar = new Date(date.getTime() - SHOP_UTC_OFFSET_MS);
  return `${pad(ar.getUTCDate())}/${pad(ar.getUTCMonth() + 1)}/${ar.getUTCFullYear()} ${pad(ar.getUTCHours())}:${pad(ar.getUTCMinutes())}`;
}

/** The Argentine calendar day of a moment as YYYY-MM-DD. */
export function arDay(value: Date | number): string {
  const ar = new Date((value instanceof Date ? value.getTime() : value) - SHOP_UTC_OFFSET_MS);
  return `${ar.getUTCFullYear()}-${pad(ar.getUTCMonth() + 1)}-${pad(ar.getUTCDate())}`;
}

/** A dated file name for a download, e.g. `ordenes-2026-11-22.csv` (the Argentine day). */
export function csvFileName(base: string, now: Date = new Date()): string {
  return `${base}-${arDay(now)}.csv`;
}

/**
 * Reads rows in pages by a numeric key (keyset paging: "after the last key seen", never OFFSET), never all at once:
 * the caller's `fetchPage(lastKey, size)` answers at most `size` rows following the row whose key is `lastKey`
 * (null for the first page) in the caller's own order. Only one page is held in memory at a time; the last page is
 * the first one shorter than `size`.
 */
export async function* keysetPages<T extends { id: number }>(
  fetchPage: (lastKey: number | null, size: number) => Promise<T[]>,
  size: number,
): AsyncGenerator<T[]> {
  let lastKey: number | null = null;
  for (;;) {
    const page = await fetchPage(lastKey, size);
    if (page.length > 0) yield page;
    if (page.length < size) return;
    lastKey = page[page.length - 1]!.id;
  }
}
