import { affectedRows, table, type Trx } from '../../../utils/db-write';
import { ApiError, badRequest, conflict } from '../../../utils/http';

export const PRODUCTS_TABLE = 'products';

export interface StockLine {
  productId: string;
  quantity: number;
  /** The product's name for messages. */
  title: string;
}

/** One entry per product, quantities added up, in a fixed order so that concurrent writers lock rows alike. */
export function stockByProduct(lines: readonly StockLine[]): StockLine[] {
  const merged = new Map<string, StockLine>();
  for (const line of lines) {
    const current = merged.get(line.productId);
    merged.set(line.productId, current ? { ...current, quantity: current.quantity + line.quantity } : { ...line });
  }
  return [...merged.values()].sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0));
}

export function insufficientStockMessage(title: string, left: number): string {
  return `Stock insuficiente para "${title}" (quedan ${Math.max(0, left)})`;
}

async function stockLeft(trx: Trx, productId: string): Promise<{ stock: number; active: boolean } | null> {
  const row: unknown = await table(trx, PRODUCTS_TABLE).where('document_id', productId).first('stock', 'status');
  if (typeof row !== 'object' || row === null) return null;
  const stock = 'stock' in row ? Number(row.stock ?? 0) : 0;
  const active = 'status' in row ? row.status === true || row.status === 1 : false;
  return { stock: Number.isFinite(stock) ? stock : 0, active };
}

/**
 * Takes every quantity from stock inside the caller's transaction: one conditional UPDATE per product, which
 * only succeeds while the product is active and has enough units. The first failure throws, and the caller's
 * transaction rolls back whatever was already taken. `refusal` builds the error for a product that lacks stock.
 */
export interface TakeStockOptions {
  /** New orders only buy active products; an order reactivated by staff may hold a product hidden since. */
  requireActive: boolean;
  /** The error for a product that lacks stock. */
  refusal: (line: StockLine, left: number) => ApiError;
  /** The error for a product that no longer exists (or is inactive when `requireActive`). */
  unavailable: (line: StockLine) => ApiError;
}

const NEW_ORDER: TakeStockOptions = {
  requireActive: true,
  refusal: (line, left) => conflict(insufficientStockMessage(line.title, left)),
  unavailable: (line) => badRequest(`El producto "${line.title}" ya no está disponible`),
};

export async function takeStock(trx: Trx, lines: readonly StockLine[], options: TakeStockOptions = NEW_ORDER): Promise<void> {
  for (const line of stockByProduct(lines)) {
    const query = table(trx, PRODUCTS_TABLE).where('document_id', line.productId).andWhere('stock', '>=', line.quantity);
    if (options.requireActive) query.andWhere('status', true);
    const updated = affectedRows(await query.update({ stock: trx.raw('?? - ?', ['stock', line.quantity]) }));
    if (updated > 0) continue;
    const current = await stockLeft(trx, line.productId);
    if (!current || (options.requireActive && !current.active)) throw options.unavailable(line);
    throw options.refusal(line, current.stock);
  }
}

/** Gives the quantities back to stock (products deleted since are skipped). */
export async function returnStock(trx: Trx, lines: readonly StockLine[]): Promise<void> {
  for (const line of stockByProduct(lines)) {
    await table(trx, PRODUCTS_TABLE)
      .where('document_id', line.productId)
      .update({ stock: trx.raw('COALESCE(??, 0) + ?', ['stock', line.quantity]) });
  }
}

export default { stockByProduct, takeStock, returnStock, insufficientStockMessage };
