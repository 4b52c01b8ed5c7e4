import { errors } from '@strapi/utils';
import {
  finalPrice,
  productSearchText,
  firstIssueMessage,
  nextStock,
  normalizeSizes,
  resolveStockBySize,
  stockBySizeSchema,
  storedStockOf,
  STOCK_MSG,
  MAX_PARCEL_SIDE,
  MAX_PARCEL_WEIGHT,
  SHIPPING_MSG,
  unknownStockSizes,
  type VariantInput,
} from '@shop/shared';
import type { StockBySize } from '@shop/shared';
import { catalogueChanged } from '../../../../domains/catalogue/catalogue-version';
import { colorList, sizeIndexOf, PRODUCT_UID } from '../../../../domains/catalogue/product-row';
import { skuIndexOf, withUniqueCodes } from '../../../../domains/catalogue/product-variants';
import { isRecord, jsonColumn } from '../../../../utils/db-write';
import { emit } from '../../../../utils/events';
import { colorNamesOf } from '../../../../domains/catalogue/product-search';
import { ledgerOfCreate, ledgerOfDelete, ledgerOfUpdate } from '../../../../domains/catalogue/stock-model-writes';

interface ProductEvent {
  params: { data?: Record<string, unknown>; where?: Record<string, unknown> };
  result?: unknown;
}

interface StoredProduct {
  id?: unknown;
  variants?: unknown;
  title?: unknown;
  description?: unknown;
  category?: unknown;
  colors?: unknown;
  price?: unknown;
  discount?: unknown;
  size?: unknown;
  stock?: unknown;
  stockBySize?: unknown;
}

const STOCK_FIELDS = ['size', 'stock', 'stockBySize', 'variants', 'colors'];
const DERIVED_FROM = ['price', 'discount', 'size', 'finalPrice', 'sizeIndex'];
const SEARCHED = ['title', 'description', 'category', 'colors', 'searchText', 'searchTitle'];
const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
const has = (data: Record<string, unknown>, key: string) => Object.prototype.hasOwnProperty.call(data, key) && data[key] !== undefined;

/** A refusal Strapi answers as 400 on every path (its panel shows the message next to the save button). */
function refuse(field: string, message: string): never {
  throw new errors.ValidationError(`${field}: ${message}`);
}

/** `stockBySize` as written (an object, or the JSON text SQLite stores and scripts may send); null clears it. */
function parseStockBySize(value: unknown): StockBySize | null {
  if (value === null) return null;
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      refuse('stockBySize', STOCK_MSG.notObject);
    }
  }
  const result = stockBySizeSchema.safeParse(parsed);
  if (!result.success) refuse('stockBySize', firstIssueMessage(result.error));
  return result.data ?? null;
}

function sameFigures(a: StockBySize, b: StockBySize): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => (a[k] ?? 0) === (b[k] ?? 0));
}

/** Whether a grid sent back says what is stored (Strapi's panel sends every field back on save). */
function sameGrid(
  grid: readonly VariantInput[],
  stored: readonly { color: string | null; size: string | null; stock: number; sku: string; barcode: string | null; active: boolean }[],
): boolean {
  const key = (v: {
    color?: string | null;
    size?: string | null;
    stock?: number;
    sku?: string | null;
    barcode?: string | null;
    active?: boolean;
  }) =>
    JSON.stringify([
      v.color ?? null,
      (v.size ?? null)?.toUpperCase() ?? null,
      v.stock,
      v.sku || null,
      v.barcode || null,
      v.active !== false,
    ]);
  const storedKeys = new Set(stored.map(key));
  return grid.length === stored.length && grid.every((cell) => storedKeys.has(key(cell)));
}

/** The grid as written: a list (or the JSON text SQLite stores and scripts may send); anything else is refused. */
function parseVariants(value: unknown): VariantInput[] {
  const list = typeof value === 'string' ? jsonColumn(value) : value;
  if (!Array.isArray(list)) refuse('variants', 'Las variantes deben ser una lista de {color, size, stock, sku, barcode, active}');
  return list as VariantInput[];
}

/** Photo URL → colour name: an object of texts, at most 12 entries. */
function checkPhotoColors(data: Record<string, unknown>): void {
  if (!has(data, 'photoColors') || data.photoColors === null) return;
  const map = typeof data.photoColors === 'string' ? jsonColumn(data.photoColors) : data.photoColors;
  const valid =
    typeof map === 'object' &&
    map !== null &&
    !Array.isArray(map) &&
    Object.entries(map).length <= 12 &&
    Object.entries(map).every(([url, color]) => url.length <= 2000 && typeof color === 'string' && color.length <= 40);
  if (!valid) refuse('photoColors', 'Los colores de las fotos deben ser un objeto foto → nombre del color (máximo 12)');
  data.photoColors = map;
}

/**
 * The stock rules of the model, whatever writes the product (the shop's API, Strapi's panel at /cms, a script): the
 * variants (colour × size) hold the units; `stockBySize` and `stock` are always their sums. A writer may send the
 * grid (`variants`), per-size figures (spread over the colours, see applySizeTotals) or, for a product with one
 * size, a single stock; a panel edit of `stock` alone on a product with several sizes is refused (which size would
 * the units belong to?). SKUs and barcodes are unique across the shop.
 */
async function syncStock(data: Record<string, unknown>, stored: () => Promise<StoredProduct>): Promise<void> {
  if (!STOCK_FIELDS.some((k) => has(data, k))) return;
  const current = await stored();
  const storedSizes = [...new Set(normalizeSizes(current.size))];
  const sizes = has(data, 'size') ? [...new Set(normalizeSizes(data.size))] : storedSizes;
  const title =
    typeof (has(data, 'title') ? data.title : current.title) === 'string' ? String(has(data, 'title') ? data.title : current.title) : 'P';
  const colors = colorList(jsonColumn(has(data, 'colors') ? data.colors : (current.colors ?? null)));
  if (has(data, 'stock') && !(Number.isInteger(data.stock) && Number(data.stock) >= 0)) refuse('stock', STOCK_MSG.notWhole);
  const sent = has(data, 'stockBySize') && sizes.length > 0 ? parseStockBySize(data.stockBySize) : null;
  if (sent) {
    const [unknown] = unknownStockSizes(sent, sizes);
    if (unknown !== undefined) refuse('stockBySize', STOCK_MSG.unknownSize(unknown));
  }
  const sentGrid = has(data, 'variants') && data.variants !== null ? parseVariants(data.variants) : undefined;
  const before = storedStockOf({
    title,
    colors: colorList(jsonColumn(current.colors ?? null)),
    sizes: storedSizes,
    variants: current.variants ?? null,
    stockBySize: resolveStockBySize(storedSizes, current.stockBySize ?? null, current.stock),
    stock: num(current.stock, 0),
  });
  // What the writer sent back unchanged changes nothing (Strapi's panel sends every field back on save): a changed
  // grid wins, then changed per-size figures, then a changed single stock.
  const grid = sentGrid && !(before.variants && sameGrid(sentGrid, before.variants)) ? sentGrid : undefined;
  const figures = sent && !(sentGrid && sameFigures(sent, before.stockBySize)) ? sent : null;
  const unchangedStock = has(data, 'stock') && (grid !== undefined || figures !== null || data.stock === num(current.stock, -1));
  let next;
  try {
    next = nextStock(
      before,
      { title, colors, sizes },
      {
        variants: grid,
        stockBySize: grid ? undefined : (figures ?? undefined),
        stock: has(data, 'stock') && !unchangedStock ? Number(data.stock) : undefined,
      },
    );
    next.variants = await withUniqueCodes(next.variants, next.typedSkus, typeof current.id === 'number' ? current.id : null);
  } catch (err) {
    if (err instanceof errors.ValidationError) throw err;
    refuse(grid ? 'variants' : 'stock', err instanceof Error ? err.message : String(err));
  }
  data.variants = next.variants;
  data.skuIndex = skuIndexOf(next.variants);
  data.stockBySize = sizes.length > 0 ? next.stockBySize : {};
  data.stock = next.stock;
  if (next.gridSaved) data.colorReview = false;
}

/** Keeps the private finalPrice/sizeIndex columns right: they are always computed, never taken from the writer. */
function syncDerived(data: Record<string, unknown>, current: StoredProduct): void {
  const price = num(has(data, 'price') ? data.price : current.price, 0);
  const discount = num(has(data, 'discount') ? data.discount : current.discount, 0);
  const size = normalizeSizes(has(data, 'size') ? data.size : current.size);
  data.finalPrice = finalPrice(price, discount);
  data.sizeIndex = sizeIndexOf(size);
}

/** Keeps the private searchText/searchTitle columns (folded, see rules/search.ts) in step with what they are made of. */
function syncSearch(data: Record<string, unknown>, current: StoredProduct): void {
  const pick = (key: keyof StoredProduct) => (has(data, key) ? data[key] : current[key]);
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const search = productSearchText({
    title: text(pick('title')),
    description: text(pick('description')),
    category: text(pick('category')),
    colors: colorNamesOf(pick('colors')),
  });
  data.searchText = search.text;
  data.searchTitle = search.title;
}

const PARCEL_LIMITS = [
  ['packedWeight', MAX_PARCEL_WEIGHT, SHIPPING_MSG.weight],
  ['packedLength', MAX_PARCEL_SIDE, SHIPPING_MSG.side],
  ['packedWidth', MAX_PARCEL_SIDE, SHIPPING_MSG.side],
  ['packedHeight', MAX_PARCEL_SIDE, SHIPPING_MSG.side],
] as const;

/**
 * The packed parcel on every path (the shop's API checks it with its schema; Strapi's panel and scripts write through
 * here too): whole grams and centimetres within a carrier's ordinary parcel, or null (the category's default).
 */
function checkParcel(data: Record<string, unknown>): void {
  for (const [key, max, message] of PARCEL_LIMITS) {
    if (!has(data, key) || data[key] === null) continue;
    const value = data[key];
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > max) refuse(key, message);
  }
}

async function beforeWrite(event: ProductEvent, isCreate: boolean): Promise<void> {
  const data = event.params.data;
  if (!data) return;
  let row: Promise<StoredProduct> | null = null;
  const stored = (): Promise<StoredProduct> => {
    if (isCreate || !event.params.where) return Promise.resolve({});
    row ??= strapi.db
      .query(PRODUCT_UID)
      .findOne({
        where: event.params.where,
        select: ['id', 'price', 'discount', 'size', 'stock', 'stockBySize', 'variants', 'title', 'description', 'category', 'colors'],
      })
      .then((found: StoredProduct | null) => found ?? {});
    return row;
  };
  checkParcel(data);
  await syncStock(data, stored);
  checkPhotoColors(data);
  if (SEARCHED.some((k) => has(data, k))) {
    const complete = ['title', 'description', 'category', 'colors'].every((k) => has(data, k));
    syncSearch(data, complete ? {} : await stored());
  }
  if (!DERIVED_FROM.some((k) => has(data, k))) return;
  const complete = has(data, 'price') && has(data, 'discount') && has(data, 'size');
  syncDerived(data, complete ? {} : await stored());
}

export default {
  beforeCreate: (event: ProductEvent) => beforeWrite(event, true),
  async beforeUpdate(event: ProductEvent) {
    await beforeWrite(event, false);
    // The stock ledger: one movement per variant whose units this write changes, in the writer's transaction.
    if (Array.isArray(event.params.data?.variants)) await ledgerOfUpdate(event.params.where, event.params.data.variants);
  },
  // A deleted product's units leave the shop: their movements bring its variants back to 0 in the ledger.
  beforeDelete: (event: ProductEvent) => ledgerOfDelete(event.params.where),
  beforeDeleteMany: (event: ProductEvent) => ledgerOfDelete(event.params.where),
  // Any product written (the shop's API, Strapi's panel, the seed) makes the cached catalogue answers stale.
  async afterCreate(event: ProductEvent) {
    await ledgerOfCreate(event.result);
    await catalogueChanged();
  },
  async afterUpdate(event: ProductEvent) {
    await catalogueChanged();
    // Sales channels: the listing of this product gets its texts, photos, price and variants (after commit).
    const documentId = isRecord(event.result) ? event.result.documentId : undefined;
    if (typeof documentId === 'string') await emit('product.changed', { documentId });
  },
  afterUpdateMany: () => catalogueChanged(),
  afterDelete: () => catalogueChanged(),
  afterDeleteMany: () => catalogueChanged(),
};
