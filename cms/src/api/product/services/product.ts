import { factories } from '@strapi/strapi';
import {
  ACTIVE_ORDER_STATUSES,
  DEFAULT_COLORS,
  MSG,
  normalizeSizes,
  resolveStockBySize,
  STOCK_MSG,
  STOCK_RETURNING_STATUSES,
  sumStock,
  unknownStockSizes,
  type Product,
  type StockBySize,
  type ProductInput,
  type ProductUpdate,
} from '@shop/shared';
import { writeTransaction } from '../../../utils/db-write';
import { ApiError, badRequest, conflict, notFound } from '../../../utils/http';
import { lockProductStock, migrateStockBySize, PRODUCTS_TABLE, writeProductStock, type LockedStock } from '../../../domains/catalogue/product-stock';
import { backfillSearchText, ensureSearchIndexes, relevanceSql, searchWords, whereMatches, type SearchWord } from '../../../domains/catalogue/product-search';

export const PRODUCT_UID = 'api::product.product';

/** A product row as the database returns it (private columns included). */
export interface ProductRow {
  id: number;
  documentId: string;
  title: string;
  description: string | null;
  price: number;
  discount: number | null;
  category: string;
  thumbnails: unknown;
  stock: number | null;
  size: unknown;
  stockBySize?: unknown;
  sizeIndex?: string | null;
  finalPrice?: number | null;
  /** The API's `status` (renamed in the model: Strapi 5 reserves `status` for draft & publish). */
  isActive: boolean | null;
  colors: unknown;
  createdAt: string | Date | null;
  updatedAt: string | Date | null;
}

export interface ProductListQuery {
  /** Only active products when false (public callers), whatever else the query says. */
  isAdmin: boolean;
  /** Admin-only filter on the active flag. */
  status?: boolean;
  category?: string;
  sizes: string[];
  searchTerm?: string;
  sortBy?: 'price' | 'title';
  sortOrder: 'asc' | 'desc';
  page: number;
  /** null = every matching product (limit=all). */
  limit: number | null;
}

export interface ProductPage {
  status: 'success';
  payload: Product[];
  totalPages: number;
  totalDocs: number;
  totalProducts: number;
  page: number;
  limit: number | null;
}

const iso = (v: string | Date | null): string | undefined => (v === null ? undefined : new Date(v).toISOString());

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function colorList(value: unknown): Product['colors'] {
  if (!Array.isArray(value)) return DEFAULT_COLORS;
  const colors = value.flatMap((c: unknown) => {
    if (c && typeof c === 'object' && 'name' in c && typeof c.name === 'string') {
      const v = 'value' in c && typeof c.value === 'string' ? c.value : '';
      return [{ name: c.name, value: v }];
    }
    return [];
  });
  return colors.length > 0 ? colors : DEFAULT_COLORS;
}

/** The public shape of a product: `_id` is the documentId, private columns never leave the server. */
export function toProduct(row: ProductRow): Product {
  const size = normalizeSizes(row.size);
  // A row not yet migrated answers what the start-up migration will store (see resolveStockBySize).
  const stockBySize = resolveStockBySize(size, row.stockBySize ?? null, row.stock);
  return {
    _id: row.documentId,
    title: row.title,
    description: row.description ?? '',
    price: row.price,
    discount: row.discount ?? 0,
    category: row.category,
    thumbnails: stringList(row.thumbnails),
    stock: size.length > 0 ? sumStock(stockBySize) : Math.max(0, row.stock ?? 0),
    size,
    stockBySize,
    status: row.isActive !== false,
    colors: colorList(row.colors),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/** `,S,M,L,`: lets SQL find products offering a size with LIKE '%,M,%'. */
export function sizeIndexOf(sizes: readonly string[]): string {
  return sizes.length === 0 ? '' : `,${normalizeSizes([...sizes]).join(',')},`;
}

type Where = Record<string, unknown>;

/** The page asked for, the size of a page (null: every product) and how many pages `totalDocs` makes. */
function paging(q: ProductListQuery, totalDocs: number): { limit: number | null; page: number; totalPages: number } {
  const limit = q.limit;
  const totalPages = limit === null ? (totalDocs > 0 ? 1 : 0) : Math.ceil(totalDocs / limit);
  return { limit, page: limit === null ? 1 : q.page, totalPages };
}

/** 409 for an editor's save based on stock figures that orders (or returns) changed meanwhile; carries the fresh product. */
function staleStock(locked: LockedStock): ApiError {
  return conflict(STOCK_MSG.stale, { stale: true, stockBySize: locked.stockBySize, stock: locked.stock });
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

/** Units sold per product (documentId) in orders placed since `since` that were not cancelled or refunded. */
async function unitsSoldSince(since: Date): Promise<Map<string, number>> {
  const meta = strapi.db.metadata.get('api::order.order');
  const join = (
    meta.attributes.items as { joinTable?: { name: string; joinColumn: { name: string }; inverseJoinColumn: { name: string } } }
  ).joinTable;
  if (!join) return new Map();
  const itemsTable = strapi.db.metadata.get('order.item').tableName;
  const knex = strapi.db.connection;
  const schema = strapi.db.getSchemaName();
  const name = (t: string) => (schema ? `${schema}.${t}` : t);
  const rows: { product_id: string | null; sold: unknown }[] = await knex(`${name(itemsTable)} as i`)
    .join(`${name(join.name)} as j`, `j.${join.inverseJoinColumn.name}`, 'i.id')
    .join(`${name(meta.tableName)} as o`, 'o.id', `j.${join.joinColumn.name}`)
    .where('o.created_at', '>=', since)
    .whereNotIn('o.order_status', [...STOCK_RETURNING_STATUSES])
    .groupBy('i.product_id')
    .select('i.product_id')
    .sum({ sold: 'i.quantity' });
  return new Map(rows.flatMap((r) => (r.product_id ? [[r.product_id, Number(r.sold) || 0] as [string, number]] : [])));
}

export default factories.createCoreService(PRODUCT_UID, ({ strapi }) => {
  const products = () => strapi.db.query(PRODUCT_UID);

  async function findRow(documentId: string): Promise<ProductRow | null> {
    if (!documentId || documentId.length > 64) return null;
    const row: ProductRow | null = await products().findOne({ where: { documentId } });
    return row;
  }

  function filterConditions(q: ProductListQuery): Where[] {
    const conditions: Where[] = [];
    if (!q.isAdmin) conditions.push({ isActive: true });
    else if (q.status !== undefined) conditions.push({ isActive: q.status });
    if (q.category) conditions.push({ category: q.category });
    const sizes = normalizeSizes(q.sizes);
    if (sizes.length > 0) conditions.push({ $or: sizes.map((s) => ({ sizeIndex: { $contains: `,${s},` } })) });
    return conditions;
  }

  /** The same filters on the products table for the search's own SQL (relevance ordering). */
  function filteredTable(q: ProductListQuery, words: readonly SearchWord[]) {
    const knex = strapi.db.connection;
    const schema = strapi.db.getSchemaName();
    const query = schema ? knex.withSchema(schema).table(PRODUCTS_TABLE) : knex.table(PRODUCTS_TABLE);
    if (!q.isAdmin) void query.where('is_active', true);
    else if (q.status !== undefined) void query.where('is_active', q.status);
    if (q.category) void query.where('category', q.category);
    const sizes = normalizeSizes(q.sizes);
    if (sizes.length > 0) void query.where((w) => sizes.forEach((size) => void w.orWhere('size_index', 'like', `%,${size},%`)));
    return whereMatches(query, words);
  }

  /** Relevance first (or the sort asked for), every word matching; an empty page for a query without any word. */
  async function searchList(q: ProductListQuery, words: SearchWord[]): Promise<ProductPage> {
    const counted: unknown = words.length === 0 ? { total: 0 } : await filteredTable(q, words).count({ total: '*' }).first();
    const totalDocs = counted && typeof counted === 'object' && 'total' in counted ? Number(counted.total) : 0;
    const { limit, page, totalPages } = paging(q, totalDocs);
    if (totalDocs === 0) return { status: 'success', payload: [], totalPages, totalDocs, totalProducts: 0, page, limit };
    const query = filteredTable(q, words).select('id');
    if (q.sortBy === 'price')
      void query.orderBy([
        { column: 'final_price', order: q.sortOrder },
        { column: 'id', order: q.sortOrder },
      ]);
    else if (q.sortBy === 'title')
      void query.orderBy([
        { column: 'title', order: q.sortOrder },
        { column: 'id', order: q.sortOrder },
      ]);
    else {
      const relevance = relevanceSql(words);
      void query.orderByRaw(`${relevance.sql} DESC, created_at DESC, id DESC`, relevance.bindings);
    }
    if (limit !== null) void query.limit(limit).offset((page - 1) * limit);
    const ids = ((await query) as { id: number }[]).map((r) => Number(r.id));
    const rows: ProductRow[] = await products().findMany({ where: { id: { $in: ids } } });
    const byId = new Map(rows.map((row) => [row.id, row]));
    const payload = ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toProduct(row)] : [];
    });
    return { status: 'success', payload, totalPages, totalDocs, totalProducts: totalDocs, page, limit };
  }

  return {
    async list(q: ProductListQuery): Promise<ProductPage> {
      if (q.searchTerm !== undefined) return searchList(q, await searchWords(q.searchTerm));
      const conditions = filterConditions(q);
      const where: Where = conditions.length > 0 ? { $and: conditions } : {};
      const direction = q.sortOrder;
      const orderBy =
        q.sortBy === 'price'
          ? [{ finalPrice: direction }, { id: direction }]
          : q.sortBy === 'title'
            ? [{ title: direction }, { id: direction }]
            : [{ createdAt: 'desc' }, { id: 'desc' }];
      const totalDocs = await products().count({ where });
      const { limit, page, totalPages } = paging(q, totalDocs);
      const rows: ProductRow[] = await products().findMany({
        where,
        orderBy,
        ...(limit === null ? {} : { limit, offset: (page - 1) * limit }),
      });
      return { status: 'success', payload: rows.map(toProduct), totalPages, totalDocs, totalProducts: totalDocs, page, limit };
    },

    /**
     * Active products with stock, those sold most (units, orders not cancelled or refunded) in the last 90 days first,
     * then the newest: the storefront shows them when a search finds nothing.
     */
    async bestSellers(limit: number): Promise<Product[]> {
      const sold = await unitsSoldSince(new Date(Date.now() - 90 * 86_400_000));
      const ranked = [...sold].sort((a, b) => b[1] - a[1]).map(([documentId]) => documentId);
      const buyable = { isActive: true, stock: { $gt: 0 } };
      // Sold ones first (only those still on sale), then the newest to fill the list.
      const top: ProductRow[] =
        ranked.length === 0 ? [] : await products().findMany({ where: { ...buyable, documentId: { $in: ranked.slice(0, 200) } } });
      top.sort((a, b) => (sold.get(b.documentId) ?? 0) - (sold.get(a.documentId) ?? 0));
      const chosen = top.slice(0, limit);
      const newest: ProductRow[] =
        chosen.length >= limit
          ? []
          : await products().findMany({
              where: { ...buyable, documentId: { $notIn: chosen.map((r) => r.documentId) } },
              orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
              limit: limit - chosen.length,
            });
      return [...chosen, ...newest].map(toProduct);
    },

    async countVisible(isAdmin: boolean): Promise<number> {
      return products().count({ where: isAdmin ? {} : { isActive: true } });
    },

    /** One product; inactive ones only for admins (the public gets the same 404 as for an unknown id). */
    async getVisible(documentId: string, isAdmin: boolean): Promise<Product> {
      const row = await findRow(documentId);
      if (!row || (!isAdmin && row.isActive === false)) throw notFound(MSG.product.notFound);
      return toProduct(row);
    },

    /** `seeding`: the demo seed's categories are trusted (the owner may have renamed the store's since). */
    async createProduct(input: ProductInput, { seeding = false } = {}): Promise<Product> {
      if (!seeding) await assertKnownCategory(input.category);
      const sizes = normalizeSizes(input.size);
      // Without stockBySize, a caller's single stock follows the migration rule (all of it on the first size).
      const stockBySize = input.stockBySize
        ? resolveStockBySize(sizes, input.stockBySize, 0)
        : resolveStockBySize(sizes, null, input.stock);
      const stock = sizes.length > 0 ? sumStock(stockBySize) : input.stock;
      // publishedAt as the Document Service sets it for types without draft & publish (Strapi's panel lists them).
      const { status, ...fields } = input;
      const data = {
        ...fields,
        isActive: status,
        stock,
        stockBySize,
        colors: input.colors ?? DEFAULT_COLORS,
        publishedAt: new Date(),
      };
      const row: ProductRow = await products().create({ data });
      return toProduct(row);
    },

    /**
     * Updates a product in one transaction that locks its row first: the stock figures are computed from the
     * committed ones, so an order taking units meanwhile is never undone (see nextStock).
     */
    async updateProduct(documentId: string, patch: ProductUpdate): Promise<Product> {
      await assertKnownCategory(patch.category);
      if (!documentId || documentId.length > 64) throw notFound(MSG.product.notFound);
      return writeTransaction(async (trx) => {
        const locked = await lockProductStock(trx, documentId);
        const current = locked ? await findRow(documentId) : null;
        if (!locked || !current) throw notFound(MSG.product.notFound);
        const merged = {
          price: patch.price ?? current.price,
          discount: patch.discount ?? current.discount ?? 0,
          size: patch.size ?? normalizeSizes(current.size),
        };
        const { stockBySize: _sent, expectedStockBySize: _expected, stock: _stock, status, ...fields } = patch;
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
        const row: ProductRow = await products().update({ where: { id: current.id }, data });
        return toProduct(row);
      });
    },

    /** Refused (409) while the product appears in an order that is still being processed. */
    async remove(documentId: string): Promise<void> {
      const current = await findRow(documentId);
      if (!current) throw notFound(MSG.product.notFound);
      const activeOrders = await strapi.db.query('api::order.order').count({
        where: { orderStatus: { $in: [...ACTIVE_ORDER_STATUSES] }, items: { productId: documentId } },
      });
      if (activeOrders > 0) {
        throw conflict(
          `No se puede eliminar el producto porque tiene órdenes activas (${activeOrders}). Cancela o completa esas órdenes primero, o desactívalo.`,
        );
      }
      await products().delete({ where: { id: current.id } });
    },

    /** Locks a product row inside the caller's transaction and reads its stock (orders take and return units). */
    lockStock: lockProductStock,
    writeStock: writeProductStock,
    /** Start-up data migration of products from before per-size stock. */
    migrateStockBySize,
    /** Start-up: the search columns of products that lack them, and PostgreSQL's trigram indexes. */
    async prepareSearch(): Promise<void> {
      await backfillSearchText();
      await ensureSearchIndexes();
    },
    /** How many visible products a query finds (the search-miss count uses it). */
    async countMatches(searchTerm: string, isAdmin: boolean): Promise<number> {
      const page = await searchList({ isAdmin, sizes: [], searchTerm, sortOrder: 'asc', page: 1, limit: 1 }, await searchWords(searchTerm));
      return page.totalDocs;
    },
  };
});
