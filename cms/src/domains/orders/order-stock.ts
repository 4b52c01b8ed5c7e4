import { insufficientStockMessage, missingSizeMessage, normalizeSizes } from '@shop/shared';
import type { Trx } from '../../utils/db-write';
import { ApiError, badRequest, conflict } from '../../utils/http';

export interface StockLine {
  productId: string;
  quantity: number;
  /** The product's name for messages. */
  title: string;
  /** The line's size (upper-cased); null for a product without sizes. */
  size: string | null;
}

const sizeKey = (size: string | null | undefined): string | null => normalizeSizes([size ?? ''])[0] ?? null;
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** One entry per product and size, quantities added up, in a fixed order so that concurrent writers lock rows alike. */
export function stockByProduct(lines: readonly StockLine[]): StockLine[] {
  const merged = new Map<string, StockLine>();
  for (const line of lines) {
    const size = sizeKey(line.size);
    const key = JSON.stringify([line.productId, size]);
    const current = merged.get(key);
    merged.set(key, current ? { ...current, quantity: current.quantity + line.quantity } : { ...line, size });
  }
  return [...merged.values()].sort((a, b) => byText(a.productId, b.productId) || byText(a.size ?? '', b.size ?? ''));
}

/** The lines of each product together, products in a fixed order (the order in which their rows get locked). */
/** Lines of one product; never empty, so its first line names the product. */
type ProductGroup = [StockLine, ...StockLine[]];

function groupByProduct(lines: readonly StockLine[]): ProductGroup[] {
  const groups = new Map<string, ProductGroup>();
  for (const line of stockByProduct(lines)) {
    const group = groups.get(line.productId);
    if (group) group.push(line);
    else groups.set(line.productId, [line]);
  }
  return [...groups.values()];
}

export { insufficientStockMessage, missingSizeMessage };

/**
 * Takes every quantity from stock inside the caller's transaction. Each product row is locked (see
 * lockProductStock), its per-size figures checked and written back with their sum, so two orders for the last
 * units of a size can never both get them, on SQLite as on PostgreSQL. The first failure throws, and the
 * caller's transaction rolls back whatever was already taken.
 */
export interface TakeStockOptions {
  /** New orders only buy active products; an order reactivated by staff may hold a product hidden since. */
  requireActive: boolean;
  /** The error for a size (or a product without sizes) that lacks stock. */
  refusal: (line: StockLine, left: number) => ApiError;
  /** The error for a product that no longer exists (or is inactive when `requireActive`). */
  unavailable: (line: StockLine) => ApiError;
  /** The error for a line whose size the product does not offer. */
  missingSize: (line: StockLine) => ApiError;
}

const NEW_ORDER: TakeStockOptions = {
  requireActive: true,
  refusal: (line, left) => conflict(insufficientStockMessage(line.title, left, line.size)),
  unavailable: (line) => badRequest(`El producto "${line.title}" ya no está disponible`),
  missingSize: (line) => conflict(missingSizeMessage(line.title, line.size)),
};

export async function takeStock(trx: Trx, lines: readonly StockLine[], options: TakeStockOptions = NEW_ORDER): Promise<void> {
  for (const group of groupByProduct(lines)) {
    const product = await strapi.service('api::product.product').lockStock(trx, group[0].productId);
    if (!product || (options.requireActive && !product.active)) throw options.unavailable(group[0]);
    const stockBySize = { ...product.stockBySize };
    let single = product.stock;
    for (const line of group) {
      if (product.sizes.length === 0) {
        if (single < line.quantity) throw options.refusal(line, single);
        single -= line.quantity;
        continue;
      }
      const left = line.size === null ? undefined : stockBySize[line.size];
      if (line.size === null || left === undefined) throw options.missingSize(line);
      if (left < line.quantity) throw options.refusal(line, left);
      stockBySize[line.size] = left - line.quantity;
    }
    await strapi.service('api::product.product').writeStock(trx, product, stockBySize, single);
  }
}

/**
 * Gives the quantities back to the size each line took them from. Products deleted since are skipped, and so
 * are units of a size the product no longer offers (the owner removed that size; there is no shelf to return to).
 */
export async function returnStock(trx: Trx, lines: readonly StockLine[]): Promise<void> {
  for (const group of groupByProduct(lines)) {
    const product = await strapi.service('api::product.product').lockStock(trx, group[0].productId);
    if (!product) continue;
    const stockBySize = { ...product.stockBySize };
    let single = product.stock;
    for (const line of group) {
      const onShelf = line.size === null ? undefined : stockBySize[line.size];
      if (product.sizes.length === 0) single += line.quantity;
      else if (line.size !== null && onShelf !== undefined) stockBySize[line.size] = onShelf + line.quantity;
      else
        strapi.log.warn(
          `[orders] ${line.quantity} unit(s) of "${line.title}" size ${line.size ?? '-'} not returned: the product no longer offers that size`,
        );
    }
    await strapi.service('api::product.product').writeStock(trx, product, stockBySize, single);
  }
}
