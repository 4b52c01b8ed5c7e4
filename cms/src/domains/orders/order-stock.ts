import {
  colorKey,
  colorMatters,
  insufficientStockMessage,
  lineVariant,
  missingSizeMessage,
  normalizeSizes,
  variantLabel,
  VARIANT_MSG,
  type OrderLine,
  type ProductVariant,
} from '@shop/shared';
import type { Trx } from '../../utils/db-write';
import type { StockSource } from '../catalogue';
import { ApiError, badRequest, conflict } from '../../utils/http';

/**
 * What moves stock of an order line: the one order line's product, variant, colour, size and quantity (lines from
 * before variants have no variant id and are matched by colour and size).
 */
export type StockLine = Pick<OrderLine, 'quantity' | 'title'> &
  Partial<Pick<OrderLine, 'color' | 'variantId' | 'sku'>> & {
    productId: string;
    /** The line's size (upper-cased); null for a product without sizes. */
    size: string | null;
  };

const sizeKey = (size: string | null | undefined): string | null => normalizeSizes([size ?? ''])[0] ?? null;
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** One entry per product and variant, quantities added up, in a fixed order so that concurrent writers lock rows alike. */
export function stockByProduct(lines: readonly StockLine[]): StockLine[] {
  const merged = new Map<string, StockLine>();
  for (const line of lines) {
    const size = sizeKey(line.size);
    const key = JSON.stringify([line.productId, line.variantId ?? null, size, line.variantId ? null : (line.color ?? null)]);
    const current = merged.get(key);
    merged.set(key, current ? { ...current, quantity: current.quantity + line.quantity } : { ...line, size });
  }
  return [...merged.values()].sort(
    (a, b) =>
      byText(a.productId, b.productId) ||
      byText(a.size ?? '', b.size ?? '') ||
      byText(a.variantId ?? a.color ?? '', b.variantId ?? b.color ?? ''),
  );
}

/** Lines of one product; never empty, so its first line names the product. */
type ProductGroup = [StockLine, ...StockLine[]];

/** The lines of each product together, products in a fixed order (the order in which their rows get locked). */
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

export interface TakeStockOptions {
  /** New orders only buy active products; an order reactivated by staff may hold a product hidden since. */
  requireActive: boolean;
  /** The error for a variant that lacks stock; `named` is "Negro 85B" when the product sells several colours. */
  refusal: (line: StockLine, left: number, named: string | null) => ApiError;
  /** The error for a product that no longer exists (or is inactive when `requireActive`). */
  unavailable: (line: StockLine) => ApiError;
  /** The error for a line whose size the product does not offer. */
  missingSize: (line: StockLine) => ApiError;
  /**
   * A sale that already happened elsewhere (Mercado Libre): a variant short of units gives what it has (never below
   * 0) and this hears how many were missing, instead of the refusal.
   */
  short?: (line: StockLine, missing: number) => void;
}

export const NEW_ORDER: TakeStockOptions = {
  requireActive: true,
  refusal: (line, left, named) => conflict(insufficientStockMessage(line.title, left, line.size, named)),
  unavailable: (line) => badRequest(`El producto "${line.title}" ya no está disponible`),
  missingSize: (line) => conflict(missingSizeMessage(line.title, line.size)),
};

/** The variant a stored line took its units from: its id, or (older lines) its colour and size. */
function variantOf(variants: readonly ProductVariant[], line: StockLine): ProductVariant | { problem: string } {
  const byId = line.variantId ? variants.find((variant) => variant.id === line.variantId) : undefined;
  if (byId && !byId.active) return { problem: VARIANT_MSG.inactive(line.title, variantLabel(byId) || byId.sku) };
  if (byId) return byId;
  const found = lineVariant(line.title, variants, { color: line.color, size: line.size });
  return found.ok ? found.variant : { problem: found.message };
}

/** Where a stored line's units go back: its variant (active or not), else the first colour of its size. */
function shelfOf(variants: readonly ProductVariant[], line: StockLine, sized: boolean): ProductVariant | undefined {
  const size = sized ? line.size : null;
  return (
    (line.variantId ? variants.find((variant) => variant.id === line.variantId) : undefined) ??
    variants.find((variant) => variant.size === size && colorKey(variant.color) === colorKey(line.color)) ??
    variants.find((variant) => variant.size === size)
  );
}

/**
 * Takes every quantity from its variant inside the caller's transaction. Each product row is locked (see
 * lockProductStock), its variants checked and written back with their sums, so two orders for the last units of a
 * variant can never both get them, on SQLite as on PostgreSQL. The first failure throws, and the caller's
 * transaction rolls back whatever was already taken. Each variant's movement goes into the ledger with `source`.
 */
export async function takeStock(trx: Trx, lines: readonly StockLine[], options: TakeStockOptions, source: StockSource): Promise<void> {
  for (const group of groupByProduct(lines)) {
    const product = await strapi.service('api::product.product').lockStock(trx, group[0].productId);
    if (!product || (options.requireActive && !product.active)) throw options.unavailable(group[0]);
    const variants = product.variants.map((variant) => ({ ...variant }));
    const named = colorMatters(variants);
    for (const line of group) {
      if (product.sizes.length > 0 && (line.size === null || !product.sizes.includes(line.size))) throw options.missingSize(line);
      const variant = variantOf(variants, line);
      if ('problem' in variant) throw badRequest(variant.problem);
      if (variant.stock < line.quantity && !options.short) throw options.refusal(line, variant.stock, named ? variantLabel(variant) : null);
      const taken = Math.min(line.quantity, Math.max(0, variant.stock));
      if (taken < line.quantity) options.short?.(line, line.quantity - taken);
      variant.stock -= taken;
    }
    await strapi.service('api::product.product').writeStock(trx, product, variants, source);
  }
}

/**
 * Gives the quantities back to the variant each line took them from (older lines: their colour and size, else the
 * size's first colour). Products deleted since are skipped, and so are units of a size the product no longer offers
 * (the owner removed that size; there is no shelf to return to).
 */
export async function returnStock(trx: Trx, lines: readonly StockLine[], source: StockSource): Promise<void> {
  for (const group of groupByProduct(lines)) {
    const product = await strapi.service('api::product.product').lockStock(trx, group[0].productId);
    if (!product) continue;
    const variants = product.variants.map((variant) => ({ ...variant }));
    for (const line of group) {
      const shelf = shelfOf(variants, line, product.sizes.length > 0);
      if (shelf) shelf.stock += line.quantity;
      else
        strapi.log.warn(
          `[orders] ${line.quantity} unit(s) of "${line.title}" size ${line.size ?? '-'} not returned: the product no longer offers that size`,
        );
    }
    await strapi.service('api::product.product').writeStock(trx, product, variants, source);
  }
}

/** The ledger's source of units moved for an order: why, the order, and the staff member (none for the shop itself). */
export function orderStockSource(
  reason: StockSource['reason'],
  order: { documentId: string; orderNumber?: string | null },
  by?: { kind: string; id: number | null; email?: string | null } | null,
): StockSource {
  return {
    reason,
    reference: { kind: 'order', id: order.documentId, label: order.orderNumber || null },
    staff: by && by.kind === 'staff' && (by.id !== null || by.email) ? { id: by.id, email: by.email ?? null } : null,
  };
}

/** The reason of units an order takes, by its channel: the counter ('local'), Mercado Libre, another staff sale, or the web. */
export function saleReason(channel: unknown): StockSource['reason'] {
  if (channel === 'local') return 'counter';
  if (channel === 'mercadolibre') return 'channel_sale';
  return typeof channel === 'string' && channel !== '' && channel !== 'web' ? 'staff_sale' : 'web_order';
}
