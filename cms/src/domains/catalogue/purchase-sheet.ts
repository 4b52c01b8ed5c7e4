// A purchase's lines from a spreadsheet in the stock sheet's format: read and checked, never written (the back office
// fills a draft with them, which is saved and received as any other).
import {
  PURCHASE_MAX_LINES,
  PURCHASE_MAX_QUANTITY,
  PURCHASE_MAX_UNIT_COST,
  PURCHASES_MSG,
  STOCK_SHEET_MSG,
  type PurchaseSheetAnswer,
} from '@shop/shared';
import { badRequest } from '../../utils/http';
import { decodeSheet, sheetRows, variantsBySku } from './stock-sheet';

/** Whole units: digits only, or '' (no units: the row is skipped). */
function unitsOf(text: string): number | null {
  return /^\d{1,7}$/.test(text) ? Number(text) : null;
}

/**
 * A cost as people type it in a spreadsheet: `7500`, `7.500`, `$ 7.500` or `7.500,00` (whole pesos); null when
 * the cell is empty (the owner fills it in the draft); NaN when it is not a whole number of pesos.
 */
export function sheetCost(text: string): number | null {
  const clean = text.replace(/^\$\s*/, '').replace(/\s/g, '');
  if (clean === '') return null;
  const match = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,0{1,2})?$/.exec(clean);
  if (!match) return NaN;
  const value = Number(match[1]!.replace(/\./g, ''));
  return value <= PURCHASE_MAX_UNIT_COST ? value : NaN;
}

/** The file's rows with units as purchase lines, every refused row with its line and Spanish reason. */
export async function planPurchaseSheet(bytes: Buffer): Promise<PurchaseSheetAnswer> {
  const rows = sheetRows(decodeSheet(bytes));
  const known = await variantsBySku();
  const seen = new Map<string, number>();
  const answer: PurchaseSheetAnswer = { rows: rows.length, skipped: 0, lines: [], errors: [] };
  for (const row of rows) {
    if (row.stock === '' || row.stock === '0') {
      answer.skipped += 1;
      continue;
    }
    const refuse = (message: string) => answer.errors.push({ line: row.line, message });
    const units = unitsOf(row.stock);
    if (units === null || units > PURCHASE_MAX_QUANTITY) {
      refuse(units === null ? PURCHASES_MSG.sheetUnits(row.stock) : PURCHASES_MSG.quantity);
      continue;
    }
    if (row.sku === '') {
      refuse(STOCK_SHEET_MSG.missingSku);
      continue;
    }
    const first = seen.get(row.sku);
    if (first !== undefined) {
      refuse(STOCK_SHEET_MSG.skuTwice(row.sku, first));
      continue;
    }
    seen.set(row.sku, row.line);
    const located = known.get(row.sku);
    if (!located) {
      refuse(STOCK_SHEET_MSG.unknownSku(row.sku));
      continue;
    }
    const cost = sheetCost(row.cost);
    if (Number.isNaN(cost)) {
      refuse(PURCHASES_MSG.sheetCost(row.cost));
      continue;
    }
    const { variant } = located;
    answer.lines.push({
      line: row.line,
      sku: row.sku,
      product: located.title,
      color: variant.color,
      size: variant.size,
      quantity: units,
      unitCost: cost,
    });
  }
  if (answer.lines.length > PURCHASE_MAX_LINES) throw badRequest(PURCHASES_MSG.lines);
  if (answer.lines.length === 0 && answer.errors.length === 0) throw badRequest(PURCHASES_MSG.sheetNothing);
  return answer;
}
