// Stock by spreadsheet: every variant as CSV, and a file of the same columns previewed and applied all or nothing.
import { parse } from 'csv-parse/sync';
import {
  MAX_STOCK,
  STOCK_SHEET_HEADER,
  STOCK_SHEET_PARCEL_COLUMNS,
  STOCK_SHEET_MAX_ROWS,
  STOCK_SHEET_MSG,
  type CsvValue,
  type ProductVariant,
  type StockSheetAnswer,
  type StockSheetChange,
  type StockSheetError,
  type StockSheetParcelChange,
  NO_PRODUCT_PARCEL,
  type ProductParcel,
} from '@shop/shared';
import { newDocumentId, writeTransaction } from '../../utils/db-write';
import type { StockStaff } from './stock-ledger';

const importLabel = (at: Date) =>
  at.toLocaleString('es-AR', { timeZone: 'America/Argentina/Buenos_Aires', dateStyle: 'short', timeStyle: 'short' });
import { badRequest } from '../../utils/http';
import { lockProductStock, writeProductStock } from './product-stock';
import { everyProduct } from './product-export';
import { catalogueChanged } from './catalogue-version';
import { SheetParcels, writeParcels } from './stock-sheet-parcels';

export { STOCK_SHEET_HEADER };

/** Every variant of every product (oldest product first), one CSV row each: sku;barcode;producto;color;talle;stock. */
export async function* stockSheetBatches(batchSize: number): AsyncGenerator<CsvValue[][]> {
  for await (const page of everyProduct(batchSize)) {
    yield page.flatMap((product) => {
      const p = product.parcel;
      const parcel = [p?.weight ?? '', p?.length ?? '', p?.width ?? '', p?.height ?? ''];
      return (product.variants ?? []).map((v) => [v.sku, v.barcode ?? '', product.title, v.color ?? '', v.size ?? '', v.stock, ...parcel]);
    });
  }
}

/** The file's text: UTF-8 (with or without BOM) when it is valid UTF-8, else Latin-1 (Excel's "CSV" on Windows). */
export function decodeSheet(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('latin1').decode(bytes);
  }
}

export interface SheetRow {
  line: number;
  sku: string;
  stock: string;
  /** The `costo` column's cell, when the file has one (a purchase's sheet); '' otherwise. */
  cost: string;
  /** The parcel's four cells (peso_g, largo_cm, ancho_cm, alto_cm) when the file has those columns; else null. */
  parcel: string[] | null;
}

/** The rows of the file (`;` or `,`, whichever the header uses), with their line numbers in the file. */
export function sheetRows(text: string): SheetRow[] {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) >= (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  let records: string[][];
  try {
    records = parse(text, { delimiter, relax_column_count: true, skip_empty_lines: true, bom: true, trim: true, info: false });
  } catch {
    throw badRequest(STOCK_SHEET_MSG.unreadable);
  }
  const [header, ...body] = records;
  if (!header) throw badRequest(STOCK_SHEET_MSG.empty);
  const names = header.map((name) => name.trim().toLowerCase());
  const skuAt = names.indexOf('sku');
  const stockAt = names.indexOf('stock');
  const costAt = names.indexOf('costo');
  const parcelAt = STOCK_SHEET_PARCEL_COLUMNS.map((column) => names.indexOf(column));
  const withParcel = parcelAt.every((at) => at >= 0);
  if (skuAt < 0 || stockAt < 0) throw badRequest(STOCK_SHEET_MSG.noColumns);
  if (body.length > STOCK_SHEET_MAX_ROWS) throw badRequest(STOCK_SHEET_MSG.tooManyRows);
  // skip_empty_lines keeps the count of lines off for files with blank lines; the row index + 2 is the line
  // number a spreadsheet shows for files without them (the usual case).
  return body.map((cells, i) => ({
    line: i + 2,
    sku: (cells[skuAt] ?? '').trim().replace(/^'/, '').toUpperCase(),
    stock: (cells[stockAt] ?? '').trim(),
    cost: costAt < 0 ? '' : (cells[costAt] ?? '').trim(),
    parcel: withParcel ? parcelAt.map((at) => (cells[at] ?? '').trim()) : null,
  }));
}

export interface Located {
  productId: string;
  title: string;
  variant: ProductVariant;
  parcel: ProductParcel;
}

/** SKU → its product and variant, for every product (read in batches). */
export async function variantsBySku(): Promise<Map<string, Located>> {
  const found = new Map<string, Located>();
  for await (const page of everyProduct(500)) {
    for (const product of page) {
      const parcel = product.parcel ?? NO_PRODUCT_PARCEL;
      for (const variant of product.variants ?? [])
        found.set(variant.sku, { productId: product._id, title: product.title, variant, parcel });
    }
  }
  return found;
}

const WHOLE = /^\d{1,7}$/;

/** What the file would change, and every refused row with its line and Spanish reason. */
export async function planStockSheet(
  bytes: Buffer,
): Promise<{ rows: number; changes: StockSheetChange[]; parcels: StockSheetParcelChange[]; errors: StockSheetError[] }> {
  const rows = sheetRows(decodeSheet(bytes));
  const known = await variantsBySku();
  const seen = new Map<string, number>();
  const changes: StockSheetChange[] = [];
  const errors: StockSheetError[] = [];
  const parcels = new SheetParcels();
  for (const row of rows) {
    if (row.sku === '') {
      errors.push({ line: row.line, message: STOCK_SHEET_MSG.missingSku });
      continue;
    }
    const first = seen.get(row.sku);
    if (first !== undefined) {
      errors.push({ line: row.line, message: STOCK_SHEET_MSG.skuTwice(row.sku, first) });
      continue;
    }
    seen.set(row.sku, row.line);
    const located = known.get(row.sku);
    if (!located) {
      errors.push({ line: row.line, message: STOCK_SHEET_MSG.unknownSku(row.sku) });
      continue;
    }
    const parcelError = parcels.read(row, located);
    if (parcelError) {
      errors.push({ line: row.line, message: parcelError });
      continue;
    }
    const units = WHOLE.test(row.stock) ? Number(row.stock) : NaN;
    if (!Number.isInteger(units) || units > MAX_STOCK) {
      errors.push({ line: row.line, message: STOCK_SHEET_MSG.badStock(row.stock) });
      continue;
    }
    if (units === located.variant.stock) continue;
    const { variant } = located;
    changes.push({
      line: row.line,
      sku: row.sku,
      product: located.title,
      productId: located.productId,
      color: variant.color,
      size: variant.size,
      from: variant.stock,
      to: units,
    });
  }
  return { rows: rows.length, changes, parcels: parcels.changes(), errors };
}

/**
 * Applies the file's changes in one transaction, each product row locked while its variants are written (orders
 * taking units meanwhile wait, then see the new figures). Refused as a whole (400) when any row is refused.
 */
export async function applyStockSheet(bytes: Buffer, staff: StockStaff | null = null): Promise<StockSheetAnswer> {
  const plan = await planStockSheet(bytes);
  if (plan.errors.length > 0) throw badRequest(STOCK_SHEET_MSG.refused(plan.errors.length), { applied: false, ...plan });
  const byProduct = new Map<string, StockSheetChange[]>();
  for (const change of plan.changes) byProduct.set(change.productId, [...(byProduct.get(change.productId) ?? []), change]);
  const changes: StockSheetChange[] = [];
  // The ledger's movements of this file name it: one import, its day and time in Argentina.
  const reference = { kind: 'import' as const, id: newDocumentId(), label: `Planilla ${importLabel(new Date())}` };
  await writeTransaction(async (trx) => {
    for (const productId of [...byProduct.keys()].sort()) {
      const product = await lockProductStock(trx, productId);
      if (!product) continue;
      const wanted = new Map((byProduct.get(productId) ?? []).map((change) => [change.sku, change]));
      const variants = product.variants.map((variant) => {
        const change = wanted.get(variant.sku);
        if (!change) return variant;
        changes.push({ ...change, from: variant.stock });
        return { ...variant, stock: change.to };
      });
      await writeProductStock(trx, product, variants, { reason: 'import', reference, staff });
    }
    await writeParcels(trx, plan.parcels);
  });
  if (plan.parcels.length > 0) await catalogueChanged();
  return { applied: true, rows: plan.rows, changes, parcels: plan.parcels, errors: [] };
}
