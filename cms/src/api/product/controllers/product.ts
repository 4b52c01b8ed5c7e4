import type { Context } from 'koa';
import { factories } from '@strapi/strapi';
import {
  STOCK_SHEET_MSG,
  stockSheetAnswerSchema,
  bestSellersAnswerSchema,
  normalizeSizes,
  productAnswerSchema,
  productCountAnswerSchema,
  productCreateSchema,
  productDeletedAnswerSchema,
  productInputSchema,
  productListAnswerSchema,
  PRODUCT_EXPORT_HEADER,
  type Product,
  type ProductUpdate,
  productUpdateSchema,
} from '@shop/shared';
import { isAdminRequest, requireStaff } from '../../../domains/staff';
import { noteActivity } from '../../../domains/staff';
import { badRequest, parseWith, queryInt, queryString, reply, requestBody } from '../../../utils/http';
import { routeParam } from '../../../utils/route-param';
import type { ProductListQuery } from '../../../domains/catalogue/product-list';
import { withNetPrices } from '../../../domains/catalogue';
import { productExportBatches } from '../../../domains/catalogue/product-export';
import { applyStockSheet, planStockSheet, STOCK_SHEET_HEADER, stockSheetBatches } from '../../../domains/catalogue/stock-sheet';
import { exportBatchSize, sendCsv } from '../../../utils/csv-stream';
import { withStockSource, type StockStaff } from '../../../domains/catalogue/stock-ledger';

/** The staff member behind a product write (the route's policy already checked her permission). */
async function staffOf(ctx: Context): Promise<StockStaff> {
  const user = await requireStaff(ctx, 'products.manage');
  return { id: user.id, email: user.email };
}

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
    // Folded (case, accents) by the search itself (services/product-search.ts).
    searchTerm: queryString(query.searchTerm)?.slice(0, 200),
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

const productKeys = [...Object.keys(productInputSchema.shape), 'expectedStockBySize', 'expectedVariants'].filter(
  (k): k is keyof ProductUpdate => k in productInputSchema.shape || k === 'expectedStockBySize' || k === 'expectedVariants',
);

const products = () => strapi.service('api::product.product');
/**
 * Product answers carry each price without national taxes too (domains/catalogue/net-prices.ts), at the rates of the
 * cached content (a change counts at once in this process, within a second in another): not a read and a check of
 * the whole content on every product request.
 */
const netPricesOf = async () => {
  const content = await strapi.service('api::site-content.site-content').cachedContent();
  return (product: Product) => withNetPrices(product, content);
};

export default factories.createCoreController('api::product.product', () => ({
  async find(ctx: Context) {
    const query: Record<string, unknown> = ctx.query;
    const answer = await products().list(listQuery(query, await isAdminRequest(ctx)));
    const net = await netPricesOf();
    reply(ctx, productListAnswerSchema, { ...answer, payload: answer.payload.map(net) });
  },

  /** GET /products/export.csv (admin): every product, one row per size with its stock, streamed as CSV. */
  async exportCsv(ctx: Context) {
    sendCsv(ctx, 'productos', PRODUCT_EXPORT_HEADER, productExportBatches(exportBatchSize()));
  },

  /** GET /products/stock.csv (products.export): every variant, sku;barcode;producto;color;talle;stock. */
  async stockSheet(ctx: Context) {
    sendCsv(ctx, 'stock', STOCK_SHEET_HEADER, stockSheetBatches(exportBatchSize()));
  },

  /**
   * POST /products/stock.csv (products.manage): the same columns back as the raw body (read by the stock-sheet-body
   * middleware). Without `?apply=1`: what would change and every refused row; with it: all or nothing.
   */
  async importStockSheet(ctx: Context) {
    const bytes: unknown = ctx.state.stockSheet;
    if (!Buffer.isBuffer(bytes) || bytes.length === 0) throw badRequest(STOCK_SHEET_MSG.empty);
    if (ctx.query.apply !== '1') {
      // A preview changes nothing: no activity entry.
      ctx.state.activitySkip = true;
      reply(ctx, stockSheetAnswerSchema, { applied: false, ...(await planStockSheet(bytes)) });
      return;
    }
    const answer = await applyStockSheet(bytes, await staffOf(ctx));
    noteActivity(ctx, {
      target: `${answer.changes.length} variantes`,
      summary:
        answer.changes
          .map((c) => `${c.product} ${[c.color, c.size].filter(Boolean).join(' ')}: ${c.from} → ${c.to}`)
          .join('; ')
          .slice(0, 900) || 'Sin cambios',
    });
    reply(ctx, stockSheetAnswerSchema, answer);
  },

  /** GET /products/best-sellers (public, cached with the catalogue): active products sold most in 90 days, then newest. */
  async bestSellers(ctx: Context) {
    const payload = await products().bestSellers(queryInt(ctx.query.limit, 4, { max: 12 }));
    const net = await netPricesOf();
    reply(ctx, bestSellersAnswerSchema, { payload: payload.map(net) });
  },

  async count(ctx: Context) {
    reply(ctx, productCountAnswerSchema, { count: await products().countVisible(await isAdminRequest(ctx)) });
  },

  async findOne(ctx: Context) {
    const product = await products().getVisible(routeParam(ctx, 'id'), await isAdminRequest(ctx));
    reply(ctx, productAnswerSchema, { product: (await netPricesOf())(product) });
  },

  async create(ctx: Context) {
    const input = parseWith(productCreateSchema, requestBody(ctx));
    const source = { reason: 'grid' as const, staff: await staffOf(ctx) };
    const product = await withStockSource(source, () => products().createProduct(input));
    noteActivity(ctx, { target: product._id, summary: product.title });
    ctx.status = 201;
    reply(ctx, productAnswerSchema, { product: (await netPricesOf())(product) });
  },

  async update(ctx: Context) {
    const body = requestBody(ctx);
    const patch = onlySentFields(parseWith(productUpdateSchema, body), body);
    const source = { reason: 'grid' as const, staff: await staffOf(ctx) };
    const product = await withStockSource(source, () => products().updateProduct(routeParam(ctx, 'id'), patch));
    noteActivity(ctx, { target: product._id, summary: `${product.title} (${Object.keys(patch).join(', ')})` });
    reply(ctx, productAnswerSchema, { product: (await netPricesOf())(product) });
  },

  async delete(ctx: Context) {
    const source = { reason: 'grid' as const, staff: await staffOf(ctx) };
    await withStockSource(source, () => products().remove(routeParam(ctx, 'id')));
    reply(ctx, productDeletedAnswerSchema, { message: 'Producto eliminado exitosamente' });
  },
}));
