import { z } from 'zod';
import { normalizeSizes } from './size-guides.js';

/** Units of one size (or of a product without sizes): whole numbers from 0 to this bound. */
export const MAX_STOCK = 1_000_000;
/** A product offers at most this many sizes (the product schema's bound). */
export const MAX_SIZES = 30;

export type StockBySize = Record<string, number>;

export const STOCK_MSG = {
  notWhole: 'El stock de cada talla debe ser un número entero entre 0 y 1.000.000',
  notObject: 'El stock por talla debe ser un objeto talla → unidades',
  tooManySizes: `El stock por talla no puede tener más de ${MAX_SIZES} tallas`,
  badSize: 'Las tallas del stock por talla no son válidas',
  unknownSize: (size: string) => `La talla "${size}" del stock por talla no está en la lista de tallas del producto`,
  ambiguousStock: 'Este producto tiene varias tallas: indica el stock de cada una (stockBySize)',
  stale:
    'Mientras editabas se vendieron o devolvieron unidades de este producto. Revisa las cifras actualizadas del stock y vuelve a guardar.',
} as const;

const units = z.number({ error: STOCK_MSG.notWhole }).int(STOCK_MSG.notWhole).min(0, STOCK_MSG.notWhole).max(MAX_STOCK, STOCK_MSG.notWhole);

/**
 * `{ "85B": 3, "90C": 0 }`: keys are trimmed and upper-cased like the product's sizes. The entries are copied
 * into a fresh object (a key such as `__proto__` stays a plain key and then fails the product's size check).
 */
export const stockBySizeSchema = z.preprocess(
  (value) => {
    if (value === undefined) return value;
    // Anything but a plain object (an array, a string, null) fails as "not an object".
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
    return Object.entries(value);
  },
  z
    .array(z.tuple([z.string().max(20, STOCK_MSG.badSize), units], { error: STOCK_MSG.notObject }), { error: STOCK_MSG.notObject })
    .max(MAX_SIZES, STOCK_MSG.tooManySizes)
    .superRefine((entries, ctx) => {
      const keys = entries.map(([key]) => key.trim().toUpperCase());
      // eslint-disable-next-line no-control-regex
      if (keys.some((k) => k === '' || /[\u0000-\u001f\u007f]/.test(k)) || new Set(keys).size !== keys.length) {
        ctx.addIssue({ code: 'custom', message: STOCK_MSG.badSize });
      }
    })
    .transform((entries): StockBySize => Object.fromEntries(entries.map(([key, n]) => [key.trim().toUpperCase(), n]))),
);

/** Sizes named in `stockBySize` that the product does not offer. */
export function unknownStockSizes(stockBySize: StockBySize, sizes: readonly string[]): string[] {
  const offered = new Set(normalizeSizes([...sizes]));
  return Object.keys(stockBySize).filter((size) => !offered.has(size));
}

export function sumStock(stockBySize: StockBySize): number {
  return Object.values(stockBySize).reduce((total, n) => total + n, 0);
}

const wholeUnits = (value: unknown): number | null => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? Math.min(n, MAX_STOCK) : null;
};

function storedMap(value: unknown): Record<string, unknown> | null {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return null;
    }
  }
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
}

/**
 * The per-size stock of a product as stored: one entry per offered size, in the order of its size list.
 * A product saved before per-size stock existed (no stored map) gets the migration rule: the whole old single
 * stock goes to its FIRST size and every other size starts at 0, so no unit is lost. Sizes missing from a stored
 * map count 0; entries for sizes the product no longer offers are dropped. A product without sizes has `{}`.
 */
export function resolveStockBySize(sizes: unknown, stored: unknown, legacyStock: unknown): StockBySize {
  const list = [...new Set(normalizeSizes(sizes))];
  if (list.length === 0) return {};
  const map = storedMap(stored);
  if (map === null) {
    const old = wholeUnits(legacyStock) ?? 0;
    return Object.fromEntries(list.map((size, i) => [size, i === 0 ? old : 0]));
  }
  const upper = new Map(Object.entries(map).map(([k, v]) => [k.trim().toUpperCase(), wholeUnits(v) ?? 0]));
  return Object.fromEntries(list.map((size) => [size, upper.get(size) ?? 0]));
}

/** Units left of one size; a product without sizes answers its single stock whatever the size. */
export function stockForSize(
  product: { stock?: number | null; size?: readonly string[]; stockBySize?: StockBySize | null },
  size: string | null | undefined,
): number {
  const sizes = product.size ?? [];
  if (sizes.length === 0) return Math.max(0, product.stock ?? 0);
  const key = (size ?? '').trim().toUpperCase();
  if (!key) return 0;
  const map = product.stockBySize;
  if (!map) return Math.max(0, product.stock ?? 0);
  return Math.max(0, map[key] ?? 0);
}

/** The offered sizes with no units left, in the product's order. */
export function soldOutSizes(product: { size?: readonly string[]; stockBySize?: StockBySize | null }): string[] {
  const map = product.stockBySize;
  if (!map) return [];
  return (product.size ?? []).filter((size) => (map[size] ?? 0) <= 0);
}
