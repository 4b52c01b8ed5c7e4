import { colorKey, findVariant, type Product, type PublicVariant } from '@shop/shared';

/**
 * What the shopper can choose of a product: its colours and, for a colour, its sizes. Variants are always read
 * through `variantsOf(product)` (an answer from before variants has none and gets them derived); these helpers take
 * that list so that a screen computes it once.
 */

/** The product's colours that have at least one variant (colour × size sold), in the product's order. */
export function sellableColors(product: Pick<Product, 'colors'>, variants: readonly PublicVariant[]): Product['colors'] {
  const sold = new Set(variants.flatMap((variant) => (variant.color === null ? [] : [colorKey(variant.color)])));
  return product.colors.filter((color) => sold.has(colorKey(color.name)));
}

/** The variants of one colour (all of them for a product without colours). */
function variantsOfColor(variants: readonly PublicVariant[], color: string | null | undefined): PublicVariant[] {
  const key = colorKey(color);
  const colored = variants.some((variant) => variant.color !== null);
  return colored ? variants.filter((variant) => colorKey(variant.color) === key) : [...variants];
}

/** The sizes sold in the colour, as the product spells and orders them (a colour × size not sold is not offered). */
export function sizesOfColor(
  product: Pick<Product, 'size'>,
  variants: readonly PublicVariant[],
  color: string | null | undefined,
): string[] {
  return product.size.filter((size) => findVariant(variants, color, size) !== undefined);
}

/** The units that can be bought of one colour × size: 0 for a variant not sold, inactive or without units. */
export function variantStock(
  variants: readonly PublicVariant[],
  color: string | null | undefined,
  size: string | null | undefined,
): number {
  // findVariant answers one of the given objects, so it is a PublicVariant too.
  const variant = findVariant(variants, color, size) as PublicVariant | undefined;
  return variant && variant.available ? Math.max(0, Math.floor(variant.stock)) : 0;
}

/** The units of a colour over all its sizes (available variants only). */
export function colorStock(variants: readonly PublicVariant[], color: string | null | undefined): number {
  return variantsOfColor(variants, color).reduce((sum, variant) => sum + (variant.available ? Math.max(0, variant.stock) : 0), 0);
}

/** The sizes of the colour that cannot be bought now (no units, or the variant is paused). */
export function soldOutSizesOfColor(
  product: Pick<Product, 'size'>,
  variants: readonly PublicVariant[],
  color: string | null | undefined,
): string[] {
  return sizesOfColor(product, variants, color).filter((size) => variantStock(variants, color, size) <= 0);
}

/** The size a link asks for (`?talle=90c`), as the product spells it; null when the product does not offer it. */
export function offeredSize(product: Pick<Product, 'size'>, wanted: string | null): string | null {
  const key = (wanted ?? '').trim().toUpperCase();
  if (!key) return null;
  return product.size.find((size) => size.toUpperCase() === key) ?? null;
}

/**
 * The colour shown first: the one a link names (`?color=nude`, any case or accent) when the product sells it;
 * else the first colour that has the wanted size in stock, then the first that sells it at all; without a size,
 * the first colour with units, then the first colour. Undefined for a product without colours.
 */
export function defaultColor(
  product: Pick<Product, 'colors' | 'size'>,
  variants: readonly PublicVariant[],
  wanted: { color?: string | null; size?: string | null } = {},
): string | undefined {
  const colors = sellableColors(product, variants);
  if (colors.length === 0) return product.colors[0]?.name;
  const named = wanted.color ? colors.find((color) => colorKey(color.name) === colorKey(wanted.color)) : undefined;
  if (named) return named.name;
  const size = wanted.size ?? null;
  const inStock = (name: string) => (size !== null ? variantStock(variants, name, size) : colorStock(variants, name)) > 0;
  const sells = (name: string) => size === null || findVariant(variants, name, size) !== undefined;
  return (colors.find((color) => inStock(color.name)) ?? colors.find((color) => sells(color.name)) ?? colors[0])?.name;
}

/** The colour and size a product page opens on, from its link (`?color=Nude&talle=85B`). */
export function initialChoice(
  product: Pick<Product, 'colors' | 'size'>,
  variants: readonly PublicVariant[],
  params: { color: string | null; talle: string | null },
): { color: string | undefined; size: string | null } {
  const wantedSize = offeredSize(product, params.talle);
  const color = defaultColor(product, variants, { color: params.color, size: wantedSize });
  // A size the chosen colour does not sell is not offered, so it is not chosen either.
  const size = wantedSize !== null && findVariant(variants, color, wantedSize) !== undefined ? wantedSize : null;
  return { color, size };
}
