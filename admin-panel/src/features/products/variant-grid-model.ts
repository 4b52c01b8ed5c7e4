import type { StockBySize } from '@shop/shared';
import {
  MAX_STOCK,
  SKU_PATTERN,
  VARIANT_MSG,
  parseDigits,
  skuFor,
  validBarcode,
  variantColors,
  variantId,
  variantLabel,
  variantSizes,
} from '@shop/shared';
import type { ProductFormValues, VariantCell } from './product-form-model';

/** The colour × size grid of the product form: its cells, their shape as colours and sizes change, totals, problems. */
export const emptyCell = (): VariantCell => ({ stock: '', sku: '', barcode: '', active: true });

/** The key of a cell: the variant id the server gives the same colour and size. */
export const gridKey = (color: string | null, size: string | null) => variantId(color, size);

export interface GridCell {
  key: string;
  color: string | null;
  size: string | null;
  /** "Negro 85B", "Negro", "85B", or "Única" for a product with neither. */
  label: string;
  cell: VariantCell;
}

/** The grid's rows (colours, or [null]) and columns (sizes, or [null]). */
export function gridAxes(values: Pick<ProductFormValues, 'colors' | 'size'>): { colors: (string | null)[]; sizes: (string | null)[] } {
  return { colors: variantColors(values.colors), sizes: variantSizes(values.size) };
}

/** Every cell of the grid, row by row. */
export function gridCells(values: Pick<ProductFormValues, 'colors' | 'size' | 'grid'>): GridCell[] {
  const { colors, sizes } = gridAxes(values);
  return colors.flatMap((color) =>
    sizes.map((size) => {
      const key = gridKey(color, size);
      return { key, color, size, label: variantLabel({ color, size }) || 'Única', cell: values.grid[key] ?? emptyCell() };
    }),
  );
}

/** The grid for the current colours and sizes: cells still there keep what was typed, new ones start empty (0). */
export function reshapeGrid(values: Pick<ProductFormValues, 'colors' | 'size' | 'grid'>): Record<string, VariantCell> {
  return Object.fromEntries(gridCells(values).map(({ key, cell }) => [key, cell]));
}

/** "Poner N en todos": every cell gets the same units. */
export function fillGrid(grid: Record<string, VariantCell>, units: string): Record<string, VariantCell> {
  return Object.fromEntries(Object.entries(grid).map(([key, cell]) => [key, { ...cell, stock: units }]));
}

/** Units per size (active cells only, as the server sums them) and the total. */
export function gridTotals(values: Pick<ProductFormValues, 'colors' | 'size' | 'grid'>): {
  bySize: StockBySize;
  byColor: number[];
  total: number;
} {
  const { colors, sizes } = gridAxes(values);
  const bySize: StockBySize = Object.fromEntries(sizes.flatMap((size) => (size === null ? [] : [[size, 0]])));
  const byColor = colors.map(() => 0);
  let total = 0;
  colors.forEach((color, row) => {
    for (const size of sizes) {
      const cell = values.grid[gridKey(color, size)];
      if (!cell || !cell.active) continue;
      const units = parseDigits(cell.stock);
      total += units;
      byColor[row] = (byColor[row] ?? 0) + units;
      if (size !== null) bySize[size] = (bySize[size] ?? 0) + units;
    }
  });
  return { bySize, byColor, total };
}

export type CellField = 'stock' | 'sku' | 'barcode';

export interface CellProblem {
  key: string;
  label: string;
  field: CellField;
  message: string;
}

/** The SKU a cell will have: the typed one (upper case), or the one the server generates for a blank SKU. */
export function effectiveSku(title: string, cell: Pick<GridCell, 'color' | 'size' | 'cell'>): string {
  return cell.cell.sku.trim().toUpperCase() || skuFor(title, cell.color, cell.size);
}

/** What is wrong with the grid's cells: units, SKU pattern, barcode check digit, repeated SKUs or barcodes. */
export function gridProblems(values: Pick<ProductFormValues, 'title' | 'colors' | 'size' | 'grid'>): CellProblem[] {
  const problems: CellProblem[] = [];
  const skus = new Map<string, string>();
  const barcodes = new Map<string, string>();
  for (const item of gridCells(values)) {
    const { key, label, cell } = item;
    const units = parseDigits(cell.stock);
    if (!/^\d*$/.test(cell.stock.trim()) || units > MAX_STOCK) problems.push({ key, label, field: 'stock', message: VARIANT_STOCK_MSG });
    const sku = cell.sku.trim().toUpperCase();
    if (sku !== '' && !SKU_PATTERN.test(sku)) problems.push({ key, label, field: 'sku', message: VARIANT_MSG.badSku });
    else {
      const effective = effectiveSku(values.title, item);
      if (skus.has(effective)) problems.push({ key, label, field: 'sku', message: VARIANT_MSG.skuTwice(effective) });
      else skus.set(effective, key);
    }
    const barcode = cell.barcode.trim();
    if (barcode === '') continue;
    if (!validBarcode(barcode)) problems.push({ key, label, field: 'barcode', message: VARIANT_MSG.badBarcode });
    else if (barcodes.has(barcode)) problems.push({ key, label, field: 'barcode', message: VARIANT_MSG.barcodeTwice(barcode) });
    else barcodes.set(barcode, key);
  }
  return problems;
}

export const VARIANT_STOCK_MSG = 'El stock de cada variante debe ser un número entero entre 0 y 1.000.000';

/** A cell's problem as the form's error list shows it: "Negro 85: <message>". */
export const problemText = (problem: CellProblem) => `${problem.label}: ${problem.message}`;
