import { normalizeSizes } from './size-guides.js';
import type { StockBySize } from './stock.js';

/**
 * Variants: one per colour × size a product sells, each with its own units, SKU and barcode. `stockBySize` and
 * `stock` are derived from them (active variants only), so clients that read the per-size figures keep working.
 */

export interface ProductVariant {
  /** Stable within the product: the colour and size it stands for (see variantId). */
  id: string;
  sku: string;
  /** The colour's name as the product lists it; null for a product without colours. */
  color: string | null;
  /** The size, upper case; null for a product without sizes. */
  size: string | null;
  stock: number;
  barcode: string | null;
  active: boolean;
}

/** What a public answer says of a variant: whether it can be bought now. */
export type PublicVariant = ProductVariant & { available: boolean };

export const MAX_SKU_LENGTH = 40;
export const SKU_PATTERN = /^[A-Z0-9-]{1,40}$/;

export const VARIANT_MSG = {
  badSku: 'El SKU debe tener de 1 a 40 caracteres: letras A-Z, números y guiones',
  badBarcode: 'El código de barras debe ser un EAN-13 o UPC-A válido (revisá el dígito verificador)',
  unknownColor: (color: string) => `El color "${color}" no está en la lista de colores del producto`,
  unknownSize: (size: string) => `La talla "${size}" no está en la lista de tallas del producto`,
  twice: (label: string) => `La combinación ${label} aparece dos veces`,
  skuTwice: (sku: string) => `El SKU ${sku} está repetido`,
  barcodeTwice: (code: string) => `El código de barras ${code} está repetido`,
  colorNotSold: (title: string, color: string) => `"${title}" no se vende en color ${color}`,
  variantNotSold: (title: string, label: string) => `"${title}" no se vende en ${label}`,
  inactive: (title: string, label: string) => `"${title}" en ${label} no está disponible`,
  skuNotSold: (title: string, sku: string) => `"${title}" no tiene una variante con SKU ${sku}`,
  skuTaken: (sku: string) => `El SKU ${sku} ya lo usa otro producto`,
  barcodeTaken: (code: string) => `El código de barras ${code} ya lo usa otro producto`,
  left: (label: string, left: number) => (left <= 0 ? `No queda stock de ${label}` : `Quedan ${left} de ${label}`),
} as const;

/** A colour's name compared without case, accents or extra spaces ("Nude", " nude ", "NÚDE" are one colour). */
export function colorKey(name: string | null | undefined): string {
  return (name ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase();
}

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** The variant's id within its product: colour and size, readable ("negro~85B", "~M", "rojo~", "~"). */
export function variantId(color: string | null, size: string | null): string {
  return `${colorKey(color).replace(/~/g, '-')}~${size ?? ''}`;
}

/** "Negro 85B", "Negro", "85B", or "" for a product with neither. */
export function variantLabel(variant: Pick<ProductVariant, 'color' | 'size'>): string {
  return [variant.color?.trim(), variant.size].filter((part) => part).join(' ');
}

/** The generated SKU: title, colour and size in capitals and dashes, at most 40 characters ("CORPINO-SOFT-NEGRO-85B"). */
export function skuFor(title: string, color: string | null, size: string | null): string {
  const tail = [color ? slug(color).slice(0, 12) : '', size ? slug(size) : ''].filter(Boolean).join('-');
  const room = MAX_SKU_LENGTH - (tail ? tail.length + 1 : 0);
  const head = slug(title).slice(0, Math.max(1, room)).replace(/-+$/, '') || 'P';
  return (tail ? `${head}-${tail}` : head).slice(0, MAX_SKU_LENGTH);
}

/** EAN-13 (13 digits) or UPC-A (12 digits) with a correct check digit. */
export function validBarcode(code: string): boolean {
  if (!/^(\d{12}|\d{13})$/.test(code)) return false;
  const digits = [...code].map(Number);
  const check = digits.pop() as number;
  // From the right, the digits next to the check digit weigh 3, the others 1 (both EAN-13 and UPC-A).
  const sum = digits.reverse().reduce((total, digit, i) => total + digit * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

/** The colours of a product as variant colours: their names, or [null] without colours. */
export function variantColors(colors: readonly { name: string }[] | null | undefined): (string | null)[] {
  const names = (colors ?? []).map((color) => color.name.trim()).filter((name) => name !== '');
  return names.length > 0 ? names : [null];
}

/** The product's sizes as variant sizes: upper case, or [null] without sizes. */
export function variantSizes(sizes: readonly string[] | null | undefined): (string | null)[] {
  const list = [...new Set(normalizeSizes(sizes ?? []))];
  return list.length > 0 ? list : [null];
}

export interface LegacyStock {
  title: string;
  colors?: readonly { name: string }[] | null;
  sizes: readonly string[];
  stockBySize: StockBySize;
  /** The single stock of a product without sizes. */
  stock: number;
}

/**
 * The variants of a product stored before variants existed: every colour × size; a size's units go to the first
 * colour and the other colours start at 0, so no size's total changes. `needsReview` when there are several colours
 * (staff should spread the units over them).
 */
export function legacyVariants(product: LegacyStock): { variants: ProductVariant[]; needsReview: boolean } {
  const colors = variantColors(product.colors);
  const sizes = variantSizes(product.sizes);
  const variants = colors.flatMap((color, colorIndex) =>
    sizes.map((size) => ({
      id: variantId(color, size),
      sku: skuFor(product.title, color, size),
      color,
      size,
      stock: colorIndex > 0 ? 0 : size === null ? Math.max(0, Math.trunc(product.stock) || 0) : (product.stockBySize[size] ?? 0),
      barcode: null,
      active: true,
    })),
  );
  return { variants, needsReview: colors.length > 1 };
}

/** The per-size figures and the total of a product's variants (active ones only). */
export function stockOfVariants(
  variants: readonly ProductVariant[],
  sizes: readonly string[],
): { stockBySize: StockBySize; stock: number } {
  const stockBySize: StockBySize = Object.fromEntries(variantSizes(sizes).flatMap((size) => (size === null ? [] : [[size, 0]])));
  let stock = 0;
  for (const variant of variants) {
    if (!variant.active) continue;
    stock += variant.stock;
    if (variant.size !== null && variant.size in stockBySize) stockBySize[variant.size] = (stockBySize[variant.size] ?? 0) + variant.stock;
  }
  return { stockBySize, stock };
}

/** The variant a line names: its colour (any case or accent) and size; a product without colours ignores the colour. */
export function findVariant(
  variants: readonly ProductVariant[],
  color: string | null | undefined,
  size: string | null | undefined,
): ProductVariant | undefined {
  const sized = variants.some((variant) => variant.size !== null);
  const wantedSize = sized && size ? size.trim().toUpperCase() : null;
  const hasColors = variants.some((variant) => variant.color !== null);
  const wantedColor = colorKey(color);
  return variants.find((variant) => variant.size === wantedSize && (!hasColors || colorKey(variant.color) === wantedColor));
}

/** Whether a product sells several colours, so that a line must name one. */
export const hasColorChoice = (variants: readonly ProductVariant[]) => variants.some((variant) => variant.color !== null);

export const publicVariant = (variant: ProductVariant): PublicVariant => ({
  ...variant,
  available: variant.active && variant.stock > 0,
});

/**
 * A product's variants as an answer carries them, or, for an answer from before variants (no `variants`), what the
 * migration makes of its colours and per-size stock. Clients use this instead of reading `variants` directly.
 */
export function variantsOf(product: {
  title: string;
  colors?: readonly { name: string }[] | null;
  size?: readonly string[] | null;
  stockBySize?: StockBySize | null;
  stock?: number | null;
  variants?: readonly PublicVariant[] | null;
}): PublicVariant[] {
  if (product.variants && product.variants.length > 0) return [...product.variants];
  return legacyVariants({
    title: product.title,
    colors: product.colors,
    sizes: product.size ?? [],
    stockBySize: product.stockBySize ?? {},
    stock: product.stock ?? 0,
  }).variants.map(publicVariant);
}

/** The photos of a colour first, then the others (each in its order); photos without a colour show every colour. */
export function photosForColor(
  thumbnails: readonly string[],
  photoColors: Record<string, string> | null | undefined,
  color: string | null,
): string[] {
  if (!color || !photoColors) return [...thumbnails];
  const wanted = colorKey(color);
  const mine = thumbnails.filter((url) => photoColors[url] !== undefined && colorKey(photoColors[url]) === wanted);
  return [...mine, ...thumbnails.filter((url) => !mine.includes(url))];
}
