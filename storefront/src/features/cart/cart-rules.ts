import { findVariant, linePrice, LIMITS, photosForColor, subtotalOf, variantsOf, type Product } from '@shop/shared';
import { z } from 'zod';

/** A cart line. `price` is the unit price after discount. */
export interface CartItem {
  id: string;
  name: string;
  price: number;
  image: string;
  size: string;
  color?: string;
  quantity: number;
  /** Missing stock counts as 99. */
  stock?: number;
  originalPrice?: number;
  discount?: number;
  category?: string;
}
export interface NewCartItem extends Omit<CartItem, 'quantity'> {
  quantity?: number;
}

const cartItemSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  price: z.number().nonnegative(),
  image: z.string().default(''),
  size: z.string().default(''),
  color: z.string().optional(),
  quantity: z.number().int().positive(),
  stock: z.number().optional(),
  originalPrice: z.number().optional(),
  discount: z.number().optional(),
  category: z.string().optional(),
});

export const DEFAULT_CART_SIZE = 'M';
export const DEFAULT_CART_COLOR = 'Negro';

/** A line is identified by product id plus size plus colour: two colours of one size are two lines. */
export function lineKey(item: Pick<CartItem, 'id' | 'size' | 'color'>): string {
  return JSON.stringify([item.id, item.size, item.color ?? '']);
}

/** Largest quantity a line may hold: the stock, or 99 when the stock is unknown. */
export function quantityCap(stock: number | undefined): number {
  return typeof stock === 'number' && Number.isFinite(stock) && stock >= 0 ? Math.floor(stock) : LIMITS.cartQuantityCapUnknownStock;
}

export interface AddResult {
  items: CartItem[];
  added: boolean;
}

/** Adds units; an add that would exceed the cap is silently ignored. */
export function addItem(items: readonly CartItem[], item: NewCartItem): AddResult {
  const quantity = Math.floor(item.quantity ?? 1);
  if (quantity <= 0) return { items: [...items], added: false };
  const key = lineKey(item);
  const existing = items.find((line) => lineKey(line) === key);
  const cap = quantityCap(item.stock ?? existing?.stock);
  const next = (existing?.quantity ?? 0) + quantity;
  if (next > cap) return { items: [...items], added: false };
  if (existing) {
    return {
      items: items.map((line) => (lineKey(line) === key ? { ...line, ...item, quantity: next } : line)),
      added: true,
    };
  }
  return { items: [...items, { ...item, quantity }], added: true };
}

/** Sets a line's quantity: 0 or less removes the line, more than the cap is capped. */
export function setLineQuantity(items: readonly CartItem[], key: string, quantity: number): CartItem[] {
  if (!Number.isFinite(quantity) || quantity <= 0) return items.filter((line) => lineKey(line) !== key);
  return items.map((line) =>
    lineKey(line) === key ? { ...line, quantity: Math.min(Math.floor(quantity), quantityCap(line.stock)) } : line,
  );
}

export function removeLine(items: readonly CartItem[], key: string): CartItem[] {
  return items.filter((line) => lineKey(line) !== key);
}

export function cartCount(items: readonly CartItem[]): number {
  return items.reduce((sum, line) => sum + line.quantity, 0);
}

export function cartSubtotal(items: readonly CartItem[]): number {
  return subtotalOf(items);
}

/** What a catalogue check changed in the cart; every flag false means nothing the shopper needs to hear about. */
export interface CartChanges {
  /** A unit price moved (price or discount changed in the catalogue). */
  pricesChanged: boolean;
  /** A line went away: its product is inactive, unknown or out of stock. */
  linesRemoved: boolean;
  /** A quantity was lowered to the stock now available. */
  quantitiesCapped: boolean;
}

export interface ReconcileResult {
  /** The same array as the input when nothing at all changed. */
  items: CartItem[];
  changes: CartChanges;
}

const RECONCILED_FIELDS = ['name', 'price', 'originalPrice', 'discount', 'image', 'stock', 'category', 'quantity'] as const;

/**
 * The units a line can hold now: its variant's (colour × size), 0 when the product does not sell that colour ×
 * size, or the variant is paused. A product without colours ignores the line's colour; one without sizes its size.
 */
export function lineStock(product: Product, line: Pick<CartItem, 'size' | 'color'>): number {
  const variant = findVariant(variantsOf(product), line.color, product.size.length > 0 ? line.size : null);
  return variant && variant.active ? Math.max(0, variant.stock) : 0;
}

/**
 * Brings the stored lines in line with the catalogue (the server prices orders from it): current unit price
 * after discount, name, first image (of the line's colour), stock of the line's variant (colour × size) and
 * category; quantities capped at that stock; lines of products in `missingIds` (404: inactive or deleted) or whose
 * variant has no units left (or is no longer sold) are dropped. Products neither loaded nor missing (still loading,
 * network trouble) leave their lines untouched.
 */
export function reconcileCart(
  items: CartItem[],
  productsById: ReadonlyMap<string, Product>,
  missingIds: ReadonlySet<string>,
): ReconcileResult {
  const changes: CartChanges = { pricesChanged: false, linesRemoved: false, quantitiesCapped: false };
  let touched = false;
  const next: CartItem[] = [];
  for (const line of items) {
    const product = productsById.get(line.id);
    // The line's own colour × size counts: a variant that ran out (or that is no longer sold) drops the line.
    const stock = product ? lineStock(product, line) : 0;
    if (missingIds.has(line.id) || (product && (!product.status || quantityCap(stock) <= 0))) {
      changes.linesRemoved = true;
      touched = true;
      continue;
    }
    if (!product) {
      next.push(line);
      continue;
    }
    const price = linePrice(product);
    const quantity = Math.min(line.quantity, quantityCap(stock));
    const image = photosForColor(product.thumbnails, product.photoColors, line.color ?? null).find((t) => t.trim() !== '') ?? line.image;
    const updated: CartItem = {
      ...line,
      name: product.title,
      price,
      originalPrice: product.price,
      discount: product.discount,
      image,
      stock,
      category: product.category,
      quantity,
    };
    if (price !== line.price) changes.pricesChanged = true;
    if (quantity < line.quantity) changes.quantitiesCapped = true;
    const same = RECONCILED_FIELDS.every((field) => updated[field] === line[field]);
    if (same) {
      next.push(line);
    } else {
      next.push(updated);
      touched = true;
    }
  }
  return { items: touched ? next : items, changes };
}

/** True when the shopper should be told about a change. */
export function hasCartChanges(changes: CartChanges): boolean {
  return changes.pricesChanged || changes.linesRemoved || changes.quantitiesCapped;
}

/** Reads the stored cart; unreadable data or invalid lines are dropped rather than breaking the shop. */
export function parseStoredCart(raw: string | null): CartItem[] {
  if (!raw) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  return data.flatMap((entry) => {
    const parsed = cartItemSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}
