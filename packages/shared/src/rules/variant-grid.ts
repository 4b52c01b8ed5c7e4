import { z } from 'zod';
import { MAX_STOCK } from './stock.js';
import {
  colorKey,
  skuFor,
  SKU_PATTERN,
  validBarcode,
  VARIANT_MSG,
  variantColors,
  variantId,
  variantLabel,
  variantSizes,
  type ProductVariant,
} from './variants.js';
import type { StockBySize } from './stock.js';

/** Staff's colour × size grid: what they send, made whole for the product, reshaped when its lists change, read back. */

/** A variant as staff send it: SKU and barcode optional (a blank SKU is generated), stock whole and bounded. */
export const variantInputSchema = z.object({
  sku: z
    .string()
    .trim()
    .transform((value) => value.toUpperCase())
    .refine((value) => value === '' || SKU_PATTERN.test(value), VARIANT_MSG.badSku)
    .optional()
    .nullable(),
  color: z.string().trim().max(40).nullable().optional(),
  size: z.string().trim().max(20).nullable().optional(),
  stock: z
    .number({ error: 'El stock de cada variante debe ser un número entero entre 0 y 1.000.000' })
    .int('El stock de cada variante debe ser un número entero entre 0 y 1.000.000')
    .min(0, 'El stock de cada variante debe ser un número entero entre 0 y 1.000.000')
    .max(MAX_STOCK, 'El stock de cada variante debe ser un número entero entre 0 y 1.000.000'),
  barcode: z
    .string()
    .trim()
    .refine((value) => value === '' || validBarcode(value), VARIANT_MSG.badBarcode)
    .optional()
    .nullable(),
  active: z.boolean().optional(),
});
export type VariantInput = z.infer<typeof variantInputSchema>;

/** At most 20 colours × 30 sizes. */
export const variantsInputSchema = z.array(variantInputSchema).max(600, 'Demasiadas variantes (máximo 600)');

/**
 * Staff's variants made whole for a product: every colour × size present (missing cells at 0), colours and sizes
 * checked against the product's lists, blank SKUs generated, duplicates refused. Throws the Spanish message.
 */
export function completeVariants(
  input: readonly VariantInput[],
  product: { title: string; colors?: readonly { name: string }[] | null; sizes: readonly string[] },
): ProductVariant[] {
  const colors = variantColors(product.colors);
  const sizes = variantSizes(product.sizes);
  const byId = new Map<string, ProductVariant>();
  for (const cell of input) {
    const color = colors[0] === null ? null : (colors.find((name) => colorKey(name) === colorKey(cell.color)) ?? undefined);
    if (color === undefined) throw new Error(VARIANT_MSG.unknownColor(cell.color ?? ''));
    const wantedSize = cell.size ? cell.size.toUpperCase() : null;
    const size = sizes[0] === null ? null : sizes.find((name) => name === wantedSize);
    if (size === undefined) throw new Error(VARIANT_MSG.unknownSize(cell.size ?? ''));
    const id = variantId(color, size);
    if (byId.has(id)) throw new Error(VARIANT_MSG.twice(variantLabel({ color, size }) || 'única'));
    byId.set(id, {
      id,
      sku: cell.sku || skuFor(product.title, color, size),
      color,
      size,
      stock: cell.stock,
      barcode: cell.barcode || null,
      active: cell.active ?? true,
    });
  }
  const variants = colors.flatMap((color) =>
    sizes.map(
      (size) =>
        byId.get(variantId(color, size)) ?? {
          id: variantId(color, size),
          sku: skuFor(product.title, color, size),
          color,
          size,
          stock: 0,
          barcode: null,
          active: true,
        },
    ),
  );
  const skus = new Set<string>();
  const barcodes = new Set<string>();
  for (const variant of variants) {
    if (skus.has(variant.sku)) throw new Error(VARIANT_MSG.skuTwice(variant.sku));
    skus.add(variant.sku);
    if (variant.barcode) {
      if (barcodes.has(variant.barcode)) throw new Error(VARIANT_MSG.barcodeTwice(variant.barcode));
      barcodes.add(variant.barcode);
    }
  }
  return variants;
}

/**
 * The variants kept when a product's colours or sizes change without a new grid: cells still sold keep their units,
 * new cells start at 0 (or the size's units for a product with one colour, as before variants), and cells no longer
 * sold are dropped.
 */
export function reshapeVariants(
  current: readonly ProductVariant[],
  product: { title: string; colors?: readonly { name: string }[] | null; sizes: readonly string[] },
  stockBySize?: StockBySize,
): ProductVariant[] {
  const colors = variantColors(product.colors);
  const sizes = variantSizes(product.sizes);
  const single = colors.length === 1;
  return colors.flatMap((color) =>
    sizes.map((size) => {
      const kept = current.find((variant) => variant.id === variantId(color, size));
      const stock = single && stockBySize && size !== null ? (stockBySize[size] ?? kept?.stock ?? 0) : (kept?.stock ?? 0);
      return kept
        ? { ...kept, color, size, stock }
        : { id: variantId(color, size), sku: skuFor(product.title, color, size), color, size, stock, barcode: null, active: true };
    }),
  );
}

/** Reads stored variants (a JSON column), dropping anything that is not one. */
export function storedVariants(value: unknown): ProductVariant[] | null {
  const list = typeof value === 'string' ? safeJson(value) : value;
  if (!Array.isArray(list)) return null;
  return list.flatMap((item): ProductVariant[] => {
    if (typeof item !== 'object' || item === null) return [];
    const v = item as Record<string, unknown>;
    const color = typeof v.color === 'string' ? v.color : null;
    const size = typeof v.size === 'string' ? v.size : null;
    const stock = Number(v.stock);
    return [
      {
        id: typeof v.id === 'string' ? v.id : variantId(color, size),
        sku: typeof v.sku === 'string' ? v.sku : '',
        color,
        size,
        stock: Number.isInteger(stock) && stock >= 0 ? stock : 0,
        barcode: typeof v.barcode === 'string' && v.barcode !== '' ? v.barcode : null,
        active: v.active !== false,
      },
    ];
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
