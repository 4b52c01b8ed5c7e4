import type { Context } from 'koa';
import { MSG, normalizeSizes, productCreateSchema, productInputSchema, productUpdateSchema, type ProductUpdate } from '@shop/shared';
import { isAdminRequest } from '../../../utils/auth';
import { badRequest, parseWith, queryInt, queryString, requestBody } from '../../../utils/http';
import productService, { type ProductListQuery } from '../services/product';
import { getContent } from '../../site-content/services/site-content';

const service = () => productService({ strapi });

const DEFAULT_LIMIT = 12;
const MAX_LIMIT = 100;

function sizesFrom(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return normalizeSizes(list.flatMap((v) => (typeof v === 'string' ? v.split(',') : [])));
}

function listQuery(query: Record<string, unknown>, isAdmin: boolean): ProductListQuery {
  const limitText = queryString(query.limit);
  const status = queryString(query.status);
  const sortBy = queryString(query.sortBy);
  return {
    isAdmin,
    status: status === 'true' ? true : status === 'false' ? false : undefined,
    category: queryString(query.category),
    sizes: sizesFrom(query.sizes ?? query['sizes[]']),
    // Lower-cased here too: SQLite's LOWER() only folds ASCII, so 'SATÉN' must arrive as 'satén'.
    searchTerm: queryString(query.searchTerm)?.toLowerCase().slice(0, 200),
    sortBy: sortBy === 'price' || sortBy === 'title' ? sortBy : undefined,
    sortOrder: queryString(query.sortOrder)?.toLowerCase() === 'desc' ? 'desc' : 'asc',
    page: queryInt(query.page, 1, { max: 100_000 }),
    limit: limitText?.toLowerCase() === 'all' ? null : queryInt(query.limit, DEFAULT_LIMIT, { max: MAX_LIMIT }),
  };
}

/**
 * The partial schema still fills defaults (stock 0, discount 0, status true) for absent keys;
 * an update must only touch what the client sent (e.g. `{status:false}` keeps stock and discount).
 */
function onlySentFields(parsed: ProductUpdate, body: unknown): ProductUpdate {
  const sent = body && typeof body === 'object' ? Object.keys(body) : [];
  const result: ProductUpdate = {};
  for (const key of productKeys) {
    if (sent.includes(key) && parsed[key] !== undefined) Object.assign(result, { [key]: parsed[key] });
  }
  if (Object.keys(result).length === 0) throw badRequest('No hay datos para actualizar');
  return result;
}

const productKeys = [...Object.keys(productInputSchema.shape), 'expectedStockBySize'].filter(
  (k): k is keyof ProductUpdate => k in productInputSchema.shape || k === 'expectedStockBySize',
);

/** A product's category must be one of the store's categories (when the store has configured any). */
async function assertKnownCategory(category: string | undefined): Promise<void> {
  if (category === undefined) return;
  const categories = (await getContent(strapi)).productCatalog.categories.map((c) => c.name).filter((n) => n !== '');
  if (categories.length > 0 && !categories.includes(category)) throw badRequest(MSG.productForm.categoryInvalid);
}

const idParam = (ctx: Context): string => String((ctx.params as { id?: unknown }).id ?? '');

export default {
  async find(ctx: Context) {
    const query: Record<string, unknown> = ctx.query;
    ctx.body = await service().list(listQuery(query, await isAdminRequest(ctx)));
  },

  async count(ctx: Context) {
    ctx.body = { count: await service().count(await isAdminRequest(ctx)) };
  },

  async findOne(ctx: Context) {
    ctx.body = { product: await service().findOne(idParam(ctx), await isAdminRequest(ctx)) };
  },

  async create(ctx: Context) {
    const input = parseWith(productCreateSchema, requestBody(ctx));
    await assertKnownCategory(input.category);
    ctx.status = 201;
    ctx.body = { product: await service().create(input) };
  },

  async update(ctx: Context) {
    const body = requestBody(ctx);
    const patch = onlySentFields(parseWith(productUpdateSchema, body), body);
    await assertKnownCategory(patch.category);
    ctx.body = { product: await service().update(idParam(ctx), patch) };
  },

  async delete(ctx: Context) {
    await service().remove(idParam(ctx));
    ctx.body = { message: 'Producto eliminado exitosamente' };
  },
};
