import { linePrice, lineSize } from '../line-price.js';
import { insufficientStockMessage, missingSizeMessage, QuoteRefusal, unitsPerProductMessage } from './refusals.js';
import type { QuoteLine, QuoteLineInput, QuoteProduct } from './types.js';
import { colorMatters, lineVariant } from '../variant-stock.js';
import { variantLabel } from '../variants.js';

/** Step 1 of the pricing: each line at its product's price, and the quantities it may take. */

/** How the shopper named a product we cannot find (the cart's title when it sent one, else the id). */
function requestedName(item: QuoteLineInput): string {
  return typeof item.title === 'string' && item.title.trim() !== '' ? item.title.trim().slice(0, 200) : item.productId;
}

export function priceLine(item: QuoteLineInput, product: QuoteProduct | undefined): QuoteLine {
  if (!product || !product.active)
    throw new QuoteRefusal('product', `El producto "${requestedName(item)}" no existe o ya no está disponible`);
  const variants = product.variants ?? [];
  // A line naming its SKU names its size too.
  const bySku = variants.length > 0 && typeof item.sku === 'string' && item.sku.trim() !== '';
  const chosen = bySku ? ({ ok: true, size: null } as const) : lineSize(product.sizes, item.size);
  if (!chosen.ok && chosen.problem === 'missing') throw new QuoteRefusal('sizeMissing', missingSizeMessage(product.title, null));
  if (!chosen.ok) throw new QuoteRefusal('size', missingSizeMessage(product.title, chosen.size));
  const unitPrice = linePrice(product);
  if (variants.length > 0) {
    const found = lineVariant(product.title, variants, { sku: item.sku, color: item.color, size: chosen.size });
    if (!found.ok) throw new QuoteRefusal('variant', found.message);
    const { variant } = found;
    return {
      productId: product.id,
      title: product.title,
      image: product.image ?? null,
      ...(product.category ? { category: product.category } : {}),
      size: variant.size,
      color: variant.color,
      variantId: variant.id,
      sku: variant.sku,
      quantity: item.quantity,
      unitPrice,
      lineTotal: unitPrice * item.quantity,
    };
  }
  return {
    productId: product.id,
    title: product.title,
    image: product.image ?? null,
    ...(product.category ? { category: product.category } : {}),
    size: chosen.size,
    color: item.color?.trim() || null,
    quantity: item.quantity,
    unitPrice,
    lineTotal: unitPrice * item.quantity,
  };
}

export /** One order takes at most `cap` units of a product (all sizes and colours together), and no more than its stock. */
function checkQuantities(lines: readonly QuoteLine[], products: ReadonlyMap<string, QuoteProduct>, cap: number): void {
  const perProduct = new Map<string, number>();
  const perSize = new Map<string, number>();
  for (const line of lines) {
    perProduct.set(line.productId, (perProduct.get(line.productId) ?? 0) + line.quantity);
    // A product without sizes keeps its units under '' whatever size the line names.
    const sized = (products.get(line.productId)?.sizes.length ?? 0) > 0;
    const key = JSON.stringify([line.productId, sized ? (line.size ?? '') : '']);
    perSize.set(key, (perSize.get(key) ?? 0) + line.quantity);
  }
  for (const [productId, quantity] of perProduct) {
    const product = products.get(productId);
    if (product && quantity > cap) throw new QuoteRefusal('cap', unitsPerProductMessage(product.title, cap, quantity));
  }
  const perVariant = new Map<string, number>();
  for (const line of lines) {
    if (!line.variantId) continue;
    const key = JSON.stringify([line.productId, line.variantId]);
    perVariant.set(key, (perVariant.get(key) ?? 0) + line.quantity);
  }
  for (const [key, quantity] of perVariant) {
    const [productId, id] = JSON.parse(key) as [string, string];
    const product = products.get(productId);
    const variant = product?.variants?.find((v) => v.id === id);
    // Like per-size figures, variant units are checked only where the caller asked for stock (the quote; an order
    // takes them atomically in its transaction).
    if (!product?.stockBySize || !variant || quantity <= variant.stock) continue;
    const named = colorMatters(product.variants ?? []) ? variantLabel(variant) : null;
    throw new QuoteRefusal('stock', insufficientStockMessage(product.title, variant.stock, variant.size, named));
  }
  for (const [key, quantity] of perSize) {
    const [productId, size] = JSON.parse(key) as [string, string];
    const stock = products.get(productId)?.stockBySize;
    // Products with variants were checked per variant above.
    if (!stock || (products.get(productId)?.variants?.length ?? 0) > 0) continue;
    const left = stock[size] ?? 0;
    if (quantity > left)
      throw new QuoteRefusal('stock', insufficientStockMessage(products.get(productId)?.title ?? productId, left, size || null));
  }
}
