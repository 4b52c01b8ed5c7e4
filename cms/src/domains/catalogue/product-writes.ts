// Product writes and their checks: create, update (stock computed from the locked figures) and delete.
import {
  ACTIVE_ORDER_STATUSES,
  DEFAULT_COLORS,
  MSG,
  normalizeSizes,
  resolveStockBySize,
  STOCK_MSG,
  sumStock,
  unknownStockSizes,
  type Product,
  type StockBySize,
  type ProductInput,
  type ProductUpdate,
  type VariantInput,
  variantId,
} from '@shop/shared';
import { errors } from '@strapi/utils';
import { writeTransaction } from '../../utils/db-write';
import { ApiError, badRequest, conflict, notFound } from '../../utils/http';
import { lockProductStock, type LockedStock } from './product-stock';
import { findProductRow, parcelColumns, productQuery, toProduct, type ProductRow } from './product-row';
import { withStockSource } from './stock-ledger';

/** 409 for an editor's save based on stock figures that orders (or returns) changed meanwhile; carries the fresh product. */
function staleStock(locked: LockedStock): ApiError {
  return conflict(STOCK_MSG.stale, { stale: true, stockBySize: locked.stockBySize, stock: locked.stock, variants: locked.variants });
}

/**
 * The grid to store, from the locked (committed) units: a cell the editor left as loaded keeps the current units
 * (sold meanwhile or not); a cell the editor changed whose units moved since it was loaded refuses the save (409
 * with the fresh figures). Without `expectedVariants` the grid is taken as sent.
 */
function nextGrid(locked: LockedStock, cells: readonly VariantInput[], expected: Record<string, number> | undefined): VariantInput[] {
  if (!expected) return [...cells];
  const current = new Map(locked.variants.map((variant) => [variant.id, variant.stock]));
  return cells.map((cell) => {
    const id = variantId(cell.color ?? null, cell.size ? cell.size.trim().toUpperCase() : null);
    const loaded = expected[id];
    const now = current.get(id);
    if (loaded === undefined || now === undefined) return cell;
    if (loaded === cell.stock) return { ...cell, stock: now };
    if (now !== loaded) throw staleStock(locked);
    return cell;
  });
}

/** A refusal of the model's rules (lifecycles.ts: SKU taken, unknown colour…) as the API's Spanish 400. */
async function withModelRules<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (err instanceof errors.ValidationError) throw badRequest(err.message.replace(/^[a-zA-Z]+: /, ''));
    throw err;
  }
}

/**
 * The stock after an update, from the locked (committed) figures:
 * - sizes kept keep their figures, new sizes start at 0, removed sizes drop out;
 * - `stockBySize` sets the sizes it names (they must be among the product's sizes). With `expectedStockBySize`
 *   (the figures the editor loaded), a size the editor left as loaded keeps the current figure, and a size the
 *   editor changed whose figure moved since it was loaded refuses the whole save (409 with the fresh figures);
 * - a bare `stock` (older callers) sets the single stock of a product without sizes, or of a product with one size;
 *   with several sizes it is accepted only when it equals the current total (nothing to change).
 */
function nextStock(locked: LockedStock, sizeList: string[], patch: ProductUpdate): { stockBySize: StockBySize; single: number } {
  const sizes = [...new Set(normalizeSizes(sizeList))];
  const stockBySize = resolveStockBySize(sizes, locked.stockBySize, 0);
  const sent = patch.stockBySize;
  if (sent) {
    const [firstUnknown] = unknownStockSizes(sent, sizes);
    if (firstUnknown !== undefined) throw badRequest(STOCK_MSG.unknownSize(firstUnknown));
    const expected = patch.expectedStockBySize;
    // The loaded figures may name sizes this save removes, but nothing else.
    const [firstStrange] = expected ? unknownStockSizes(expected, [...sizes, ...locked.sizes]) : [];
    if (firstStrange !== undefined) throw badRequest(STOCK_MSG.unknownSize(firstStrange));
    for (const [size, units] of Object.entries(sent)) {
      const loaded = expected?.[size];
      if (loaded === undefined) {
        stockBySize[size] = units;
        continue;
      }
      if (loaded === units) continue;
      if ((locked.stockBySize[size] ?? 0) !== loaded) throw staleStock(locked);
      stockBySize[size] = units;
    }
    return { stockBySize, single: sumStock(stockBySize) };
  }
  if (patch.stock !== undefined) {
    if (sizes.length === 0) return { stockBySize: {}, single: patch.stock };
    const [onlySize] = sizes;
    if (sizes.length === 1 && onlySize !== undefined) return { stockBySize: { [onlySize]: patch.stock }, single: patch.stock };
    if (patch.stock !== sumStock(stockBySize)) throw badRequest(STOCK_MSG.ambiguousStock);
  }
  return { stockBySize, single: sizes.length > 0 ? sumStock(stockBySize) : locked.stock };
}

/** A product's category must be one of the store's categories (when the store has configured any). */
async function assertKnownCategory(category: string | undefined): Promise<void> {
  if (category === undefined) return;
  const content = await strapi.service('api::site-content.site-content').getContent();
  const categories = content.productCatalog.categories.map((c) => c.name).filter((n) => n !== '');
  if (categories.length > 0 && !categories.includes(category)) throw badRequest(MSG.productForm.categoryInvalid);
}

/** `seeding`: the demo seed's categories are trusted (the owner may have renamed the store's since). */
export async function createProduct(input: ProductInput, { seeding = false } = {}): Promise<Product> {
  if (!seeding) await assertKnownCategory(input.category);
  const sizes = normalizeSizes(input.size);
  // Without stockBySize, a caller's single stock follows the migration rule (all of it on the first size).
  const stockBySize = input.stockBySize ? resolveStockBySize(sizes, input.stockBySize, 0) : resolveStockBySize(sizes, null, input.stock);
  const stock = sizes.length > 0 ? sumStock(stockBySize) : input.stock;
  // publishedAt as the Document Service sets it for types without draft & publish (Strapi's panel lists them).
  const { status, variants, parcel, ...fields } = input;
  const data = {
    ...fields,
    ...parcelColumns(parcel),
    isActive: status,
    // The grid, when sent, is the stock (the lifecycle derives the figures); else the per-size figures.
    ...(variants ? { variants } : { stock, stockBySize }),
    colors: input.colors ?? DEFAULT_COLORS,
    publishedAt: new Date(),
  };
  // One transaction: the product and its ledger movements (lifecycles.ts) are written together or not at all. The
  // demo seed's units are the variants' opening balances.
  // (Inside a caller's transaction, the seed's, it joins that one: its commit is the caller's.)
  const write = () => withModelRules(() => productQuery().create({ data }));
  const create = () => (strapi.db.inTransaction() ? write() : writeTransaction(write));
  const row: ProductRow = seeding ? await withStockSource({ reason: 'opening' }, create) : await create();
  return toProduct(row);
}

/**
 * Updates a product in one transaction that locks its row first: the stock figures are computed from the
 * committed ones, so an order taking units meanwhile is never undone (see nextStock).
 */
export async function updateProduct(documentId: string, patch: ProductUpdate): Promise<Product> {
  await assertKnownCategory(patch.category);
  if (!documentId || documentId.length > 64) throw notFound(MSG.product.notFound);
  return writeTransaction(async (trx) => {
    const locked = await lockProductStock(trx, documentId);
    const current = locked ? await findProductRow(documentId) : null;
    if (!locked || !current) throw notFound(MSG.product.notFound);
    const merged = {
      price: patch.price ?? current.price,
      discount: patch.discount ?? current.discount ?? 0,
      size: patch.size ?? normalizeSizes(current.size),
    };
    const {
      stockBySize: _sent,
      expectedStockBySize: _expected,
      stock: _stock,
      status,
      variants,
      expectedVariants,
      parcel,
      ...rest
    } = patch;
    const fields = { ...rest, ...parcelColumns(parcel) };
    if (variants) {
      const grid = nextGrid(locked, variants, expectedVariants);
      const data = { ...fields, ...(status === undefined ? {} : { isActive: status }), ...merged, variants: grid };
      const row: ProductRow = await withModelRules(() => productQuery().update({ where: { id: current.id }, data }));
      return toProduct(row);
    }
    const stock = nextStock(locked, merged.size, patch);
    const stocked = { ...locked, sizes: [...new Set(normalizeSizes(merged.size))] };
    // Sizes, figures, price and discount all go along, in one write: the lifecycle hook checks the figures and
    // computes finalPrice and sizeIndex from them without reading the row again.
    const sized = stocked.sizes.length > 0;
    const data = {
      ...fields,
      ...(status === undefined ? {} : { isActive: status }),
      ...merged,
      stockBySize: sized ? stock.stockBySize : {},
      stock: sized ? sumStock(stock.stockBySize) : stock.single,
    };
    const row: ProductRow = await withModelRules(() => productQuery().update({ where: { id: current.id }, data }));
    return toProduct(row);
  });
}

/** Refused (409) while the product appears in an order that is still being processed. */
export async function removeProduct(documentId: string): Promise<void> {
  const current = await findProductRow(documentId);
  if (!current) throw notFound(MSG.product.notFound);
  const activeOrders = await strapi.db.query('api::order.order').count({
    where: { orderStatus: { $in: [...ACTIVE_ORDER_STATUSES] }, items: { productId: documentId } },
  });
  if (activeOrders > 0) {
    throw conflict(
      `No se puede eliminar el producto porque tiene órdenes activas (${activeOrders}). Cancela o completa esas órdenes primero, o desactívalo.`,
    );
  }
  // The product and the movements that take its units out of the ledger (lifecycles.ts), together.
  await writeTransaction(() => productQuery().delete({ where: { id: current.id } }));
}
