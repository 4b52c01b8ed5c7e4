import { completeVariants, storedVariants, variantInputSchema, type VariantInput } from './variant-grid.js';
import {
  colorKey,
  legacyVariants,
  stockOfVariants,
  VARIANT_MSG,
  variantColors,
  variantId,
  variantSizes,
  skuFor,
  variantLabel,
} from './variants.js';
import { STOCK_MSG, type StockBySize } from './stock.js';
import type { ProductVariant } from './variants.js';

/**
 * The one rule of a product's stock, whatever writes it (the API, the back office, Strapi's panel, a script): the
 * variants are the stock, `stockBySize` and `stock` are their sums. Older writers that send per-size figures or a
 * single stock keep working: their figures are spread over the variants (see applySizeTotals).
 */

export interface ProductShape {
  title: string;
  colors?: readonly { name: string }[] | null;
  sizes: readonly string[];
}

export interface StoredStock extends ProductShape {
  /** The stored variants; null for a product saved before variants. */
  variants: ProductVariant[] | null;
  stockBySize: StockBySize;
  stock: number;
}

export interface StockWrite {
  variants?: readonly VariantInput[];
  stockBySize?: StockBySize;
  stock?: number;
}

export interface NextStock {
  variants: ProductVariant[];
  stockBySize: StockBySize;
  stock: number;
  /** SKUs typed by the writer in this save (a clash with another product is refused, not renamed). */
  typedSkus: Set<string>;
  /** True when the writer sent the grid (the migrated product has then been reviewed). */
  gridSaved: boolean;
}

/** The variants a product has now: stored, or what the migration makes of its per-size stock. */
export function currentVariants(stored: StoredStock): ProductVariant[] {
  return stored.variants && stored.variants.length > 0 ? stored.variants : legacyVariants({ ...stored }).variants;
}

/**
 * The variants for the product's (possibly new) colours and sizes: cells still sold keep their units, SKU and
 * barcode; new cells start at 0 with a generated SKU; cells no longer sold are dropped.
 */
export function reshape(current: readonly ProductVariant[], product: ProductShape): ProductVariant[] {
  const byId = new Map(current.map((variant) => [variant.id, variant]));
  return variantColors(product.colors).flatMap((color) =>
    variantSizes(product.sizes).map((size) => {
      const id = variantId(color, size);
      const kept = byId.get(id);
      return kept
        ? { ...kept, color, size }
        : { id, sku: skuFor(product.title, color, size), color, size, stock: 0, barcode: null, active: true };
    }),
  );
}

/**
 * Per-size totals from an older writer spread over the variants: a size that grows gets the new units on its first
 * active colour; a size that shrinks gives them up from its colours in order. Other sizes are untouched.
 */
export function applySizeTotals(variants: readonly ProductVariant[], totals: StockBySize): ProductVariant[] {
  const next = variants.map((variant) => ({ ...variant }));
  for (const [size, target] of Object.entries(totals))
    spreadTotal(
      next.filter((variant) => variant.active && variant.size === size),
      target,
    );
  return next;
}

/** Sets the cells' sum to `target`: growth goes to the first cell, a shrink is taken from the cells in order. */
function spreadTotal(cells: ProductVariant[], target: number): void {
  const first = cells[0];
  if (!first) return;
  let delta = target - cells.reduce((sum, cell) => sum + cell.stock, 0);
  if (delta > 0) first.stock += delta;
  for (const cell of cells) {
    if (delta >= 0) break;
    const taken = Math.min(cell.stock, -delta);
    cell.stock -= taken;
    delta += taken;
  }
}

/**
 * The stock after a write: the grid when sent (made whole for the product), else per-size figures spread over the
 * variants, else a single stock (only where one variant is sellable, or unchanged), else the current variants
 * reshaped to the product's colours and sizes. Throws the Spanish message of a refused write.
 */
export function nextStock(stored: StoredStock, product: ProductShape, write: StockWrite): NextStock {
  const typedSkus = new Set<string>();
  let variants: ProductVariant[];
  if (write.variants) {
    const cells = write.variants.map((cell) => {
      const parsed = variantInputSchema.safeParse(cell);
      if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? VARIANT_MSG.badSku);
      return parsed.data;
    });
    for (const cell of cells) if (cell.sku) typedSkus.add(cell.sku);
    variants = completeVariants(cells, product);
  } else {
    variants = reshape(currentVariants(stored), product);
    if (write.stockBySize) variants = applySizeTotals(variants, write.stockBySize);
    else if (write.stock !== undefined) {
      const total = stockOfVariants(variants, product.sizes).stock;
      // One figure for one size (or none) is that size's total, spread over its colours; with several sizes it
      // cannot say which size the units belong to, unless it changes nothing.
      if (variantSizes(product.sizes).length === 1)
        spreadTotal(
          variants.filter((variant) => variant.active),
          write.stock,
        );
      else if (write.stock !== total) throw new Error(STOCK_MSG.ambiguousStock);
    }
  }
  const sums = stockOfVariants(variants, product.sizes);
  return { variants, ...sums, typedSkus, gridSaved: write.variants !== undefined };
}

/** Reads the variants of a stored row (JSON column) as the stock rule needs them. */
export function storedStockOf(row: {
  title: string;
  colors?: readonly { name: string }[] | null;
  sizes: readonly string[];
  variants: unknown;
  stockBySize: StockBySize;
  stock: number;
}): StoredStock {
  return { ...row, variants: storedVariants(row.variants) };
}

export type LineVariant =
  | { ok: true; variant: ProductVariant }
  | { ok: false; problem: 'sku' | 'color' | 'variant' | 'inactive'; message: string };

/**
 * The variant an order line names: by SKU, or by colour and size. A line without a colour (older clients, the
 * specification's cart adds the first colour) takes the product's first colour that sells the size.
 */
export function lineVariant(
  title: string,
  variants: readonly ProductVariant[],
  line: { sku?: string | null; color?: string | null; size?: string | null },
): LineVariant {
  const sku = line.sku?.trim().toUpperCase();
  let found: ProductVariant | undefined;
  if (sku) {
    found = variants.find((variant) => variant.sku === sku);
    if (!found) return { ok: false, problem: 'sku', message: VARIANT_MSG.skuNotSold(title, sku) };
  } else {
    const sized = variants.some((variant) => variant.size !== null);
    const size = sized ? (line.size ?? '').trim().toUpperCase() || null : null;
    const coloured = variants.some((variant) => variant.color !== null);
    const wanted = colorKey(line.color);
    if (coloured && wanted !== '' && !variants.some((variant) => colorKey(variant.color) === wanted))
      return { ok: false, problem: 'color', message: VARIANT_MSG.colorNotSold(title, line.color?.trim() ?? '') };
    const candidates = variants.filter((variant) => variant.size === size);
    found = !coloured
      ? candidates[0]
      : wanted === ''
        ? (candidates.find((v) => v.active) ?? candidates[0])
        : candidates.find((v) => colorKey(v.color) === wanted);
    if (!found) {
      const label = variantLabel({ color: coloured && wanted !== '' ? (line.color?.trim() ?? null) : null, size });
      return { ok: false, problem: 'variant', message: VARIANT_MSG.variantNotSold(title, label || 'esa combinación') };
    }
  }
  if (!found.active) return { ok: false, problem: 'inactive', message: VARIANT_MSG.inactive(title, variantLabel(found) || found.sku) };
  return { ok: true, variant: found };
}

/** Whether the product sells several colours: its stock messages name the variant ("quedan 2 de Negro 85B"). */
export const colorMatters = (variants: readonly ProductVariant[]) => new Set(variants.map((variant) => colorKey(variant.color))).size > 1;
