// The catalogue's product listing: filters, paging, sorting and the relevance-ordered search.
import { normalizeSizes, type Product } from '@shop/shared';
import { PRODUCTS_TABLE } from './product-stock';
import { relevanceSql, searchWords, whereMatches, type SearchWord } from './product-search';
import { productQuery, toProduct, type ProductRow } from './product-row';

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

type Where = Record<string, unknown>;

/**
 * The back office's and the catalogue's default order (newest first) read from an index, active products or all:
 * the page is the first rows of the index and the count an index-only scan, instead of sorting every product row
 * (with its variants and search text) for each page (docs/performance.md, "At scale").
 */
export const PRODUCT_LIST_INDEXES = [
  { name: 'idx_shop_products_active_created', table: PRODUCTS_TABLE, columns: ['is_active', 'created_at', 'id'] },
  { name: 'idx_shop_products_created', table: PRODUCTS_TABLE, columns: ['created_at', 'id'] },
] as const;

/** The page asked for, the size of a page (null: every product) and how many pages `totalDocs` makes. */
function paging(q: ProductListQuery, totalDocs: number): { limit: number | null; page: number; totalPages: number } {
  const limit = q.limit;
  const totalPages = limit === null ? (totalDocs > 0 ? 1 : 0) : Math.ceil(totalDocs / limit);
  return { limit, page: limit === null ? 1 : q.page, totalPages };
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
  const rows: ProductRow[] = await productQuery().findMany({ where: { id: { $in: ids } } });
  const byId = new Map(rows.map((row) => [row.id, row]));
  const payload = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toProduct(row)] : [];
  });
  return { status: 'success', payload, totalPages, totalDocs, totalProducts: totalDocs, page, limit };
}

/**
 * Staff typing (or scanning) an exact SKU or barcode find its product first: one indexed LIKE on the private
 * `skuIndex` column ("|s:SKU|b:CODE|"). Null when the term is not one, so the text search runs.
 */
async function codeMatch(q: ProductListQuery): Promise<ProductPage | null> {
  const term = q.searchTerm?.trim().toUpperCase() ?? '';
  if (!q.isAdmin || !/^[A-Z0-9-]{3,40}$/.test(term)) return null;
  const rows: ProductRow[] = await productQuery().findMany({
    where: { $or: [{ skuIndex: { $contains: `|s:${term}|` } }, { skuIndex: { $contains: `|b:${term}|` } }] },
    limit: 5,
  });
  if (rows.length === 0) return null;
  return {
    status: 'success',
    payload: rows.map(toProduct),
    totalPages: 1,
    totalDocs: rows.length,
    totalProducts: rows.length,
    page: 1,
    limit: q.limit ?? null,
  };
}

/** A page of products: the search's when the query has a search term, the catalogue's order otherwise. */
export async function listProducts(q: ProductListQuery): Promise<ProductPage> {
  if (q.searchTerm !== undefined) return (await codeMatch(q)) ?? searchList(q, await searchWords(q.searchTerm));
  const conditions = filterConditions(q);
  const where: Where = conditions.length > 0 ? { $and: conditions } : {};
  const direction = q.sortOrder;
  const orderBy =
    q.sortBy === 'price'
      ? [{ finalPrice: direction }, { id: direction }]
      : q.sortBy === 'title'
        ? [{ title: direction }, { id: direction }]
        : [{ createdAt: 'desc' }, { id: 'desc' }];
  const totalDocs = await productQuery().count({ where });
  const { limit, page, totalPages } = paging(q, totalDocs);
  const rows: ProductRow[] = await productQuery().findMany({
    where,
    orderBy,
    ...(limit === null ? {} : { limit, offset: (page - 1) * limit }),
  });
  return { status: 'success', payload: rows.map(toProduct), totalPages, totalDocs, totalProducts: totalDocs, page, limit };
}

/** How many visible products a query finds (the search-miss count uses it). */
export async function countSearchMatches(searchTerm: string, isAdmin: boolean): Promise<number> {
  const page = await searchList({ isAdmin, sizes: [], searchTerm, sortOrder: 'asc', page: 1, limit: 1 }, await searchWords(searchTerm));
  return page.totalDocs;
}
