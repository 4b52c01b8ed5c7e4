import { errors } from '@strapi/utils';
import {
  finalPrice,
  productSearchText,
  firstIssueMessage,
  normalizeSizes,
  resolveStockBySize,
  stockBySizeSchema,
  STOCK_MSG,
  sumStock,
  unknownStockSizes,
} from '@shop/shared';
import type { StockBySize } from '@shop/shared';
import { catalogueChanged } from '../../../../domains/catalogue/catalogue-version';
import { sizeIndexOf, PRODUCT_UID } from '../../../../domains/catalogue/product-row';
import { colorNamesOf } from '../../../../domains/catalogue/product-search';

interface ProductEvent {
  params: { data?: Record<string, unknown>; where?: Record<string, unknown> };
}

interface StoredProduct {
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

const STOCK_FIELDS = ['size', 'stock', 'stockBySize'];
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

/**
 * The stock rules of the model, whatever writes the product (the shop's API, Strapi's panel at /cms, a script):
 * `stockBySize` holds whole numbers ≥ 0 for sizes the product offers (any encoding: object or JSON text), and a
 * product with sizes has `stock` equal to their sum. A panel edit of `stock` alone on a product with sizes is refused
 * (which size would the units belong to?) instead of being silently replaced by the sum.
 */
async function syncStock(data: Record<string, unknown>, stored: () => Promise<StoredProduct>): Promise<void> {
  if (!STOCK_FIELDS.some((k) => has(data, k))) return;
  // The stored row is read only when the write leaves something to it (the shop's own saves send sizes and figures).
  const sizes = [...new Set(normalizeSizes(has(data, 'size') ? data.size : (await stored()).size))];
  if (has(data, 'stock') && !(Number.isInteger(data.stock) && Number(data.stock) >= 0)) refuse('stock', STOCK_MSG.notWhole);
  if (sizes.length === 0) {
    if (has(data, 'stockBySize')) data.stockBySize = {};
    return;
  }
  const before = async () => {
    const current = await stored();
    return resolveStockBySize(sizes, current.stockBySize ?? null, current.stock);
  };
  const sent = has(data, 'stockBySize') ? parseStockBySize(data.stockBySize) : null;
  if (sent) {
    const [unknown] = unknownStockSizes(sent, sizes);
    if (unknown !== undefined) refuse('stockBySize', STOCK_MSG.unknownSize(unknown));
  }
  const figures = sent ? resolveStockBySize(sizes, sent, 0) : await before();
  const total = sumStock(figures);
  // `stock` changed by hand while the per-size figures were left as they were.
  if (has(data, 'stock') && data.stock !== total) {
    const unchanged = !sent || sameFigures(figures, await before());
    if (unchanged && data.stock !== num((await stored()).stock, -1)) refuse('stock', STOCK_MSG.ambiguousStock);
  }
  data.stockBySize = figures;
  data.stock = total;
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
        select: ['price', 'discount', 'size', 'stock', 'stockBySize', 'title', 'description', 'category', 'colors'],
      })
      .then((found: StoredProduct | null) => found ?? {});
    return row;
  };
  await syncStock(data, stored);
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
  beforeUpdate: (event: ProductEvent) => beforeWrite(event, false),
  // Any product written (the shop's API, Strapi's panel, the seed) makes the cached catalogue answers stale.
  afterCreate: () => catalogueChanged(),
  afterUpdate: () => catalogueChanged(),
  afterUpdateMany: () => catalogueChanged(),
  afterDelete: () => catalogueChanged(),
  afterDeleteMany: () => catalogueChanged(),
};
