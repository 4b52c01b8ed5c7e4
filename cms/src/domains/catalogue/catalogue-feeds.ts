import type { Context } from 'koa';
import {
  FEED_PATHS,
  GOOGLE_XML_TAIL,
  PREVIEW_PICTURE_WIDTH,
  SHOP_BRAND,
  feedItemsOf,
  googleXmlHead,
  googleXmlItem,
  metaCsvHeader,
  metaCsvRow,
  pictureVariantUrl,
  type FeedItem,
  type FeedShop,
} from '@shop/shared';
import { cachedAnswer, sendCached, type CachedAnswer } from '../../utils/answer-cache';
import { ensureFreshCatalogue } from './catalogue-version';
import { PRODUCT_UID, toProduct, type ProductRow } from './product-row';
import { publicBaseUrl } from '../../utils/public-url';
import { AnswerCache } from './answer-cache';

/**
 * The catalogue feeds (`/feeds/meta.csv`, `/feeds/google.xml`; docs/api.md "Catalogue feeds"): built by reading the
 * active products in batches and writing each batch's items as they come, then kept (compressed once, with a strong
 * ETag and the build time as Last-Modified) until the catalogue changes: every product save, stock move or content
 * save empties the cache (catalogue-version.ts), on every process within a second.
 */

const BATCH = 500;
const feeds = new AnswerCache(8);
const builtAt = new Map<string, Date>();

const KINDS = {
  [FEED_PATHS.meta]: { type: 'text/csv; charset=utf-8', head: () => metaCsvHeader(), item: metaCsvRow, tail: '' },
  [FEED_PATHS.google]: {
    type: 'application/xml; charset=utf-8',
    head: (shop: FeedShop) => googleXmlHead(shop),
    item: googleXmlItem,
    tail: GOOGLE_XML_TAIL,
  },
} as const satisfies Record<string, { type: string; head: (shop: FeedShop) => string; item: (i: FeedItem) => string; tail: string }>;

type FeedPath = keyof typeof KINDS;

export function isFeedPath(path: string): path is FeedPath {
  return Object.prototype.hasOwnProperty.call(KINDS, path);
}

async function feedShop(base: string): Promise<FeedShop> {
  const content = await strapi.service('api::site-content.site-content').getContent();
  const categories = new Map(content.productCatalog.categories.map((c) => [c.name, c.google_product_category]));
  return {
    base,
    brand: SHOP_BRAND,
    googleCategoryOf: (category) => categories.get(category),
    pictureUrl: (src) => {
      const picture = pictureVariantUrl(src, PREVIEW_PICTURE_WIDTH, 'jpg') ?? src;
      if (/^https?:\/\//i.test(picture)) return picture;
      return picture.startsWith('/') ? `${base}${picture}` : `${base}/${picture}`;
    },
  };
}

/** The feed's text, one batch of products after another (memory holds one batch of rows and the text so far). */
async function* feedChunks(path: FeedPath, shop: FeedShop): AsyncGenerator<string> {
  const kind = KINDS[path];
  yield kind.head(shop);
  for (let lastId = 0; ; ) {
    const rows: ProductRow[] = await strapi.db.query(PRODUCT_UID).findMany({
      where: { isActive: true, id: { $gt: lastId } },
      orderBy: { id: 'asc' },
      limit: BATCH,
    });
    if (rows.length === 0) break;
    lastId = rows[rows.length - 1]?.id ?? lastId;
    yield rows.flatMap((row) => feedItemsOf(toProduct(row), shop).map(kind.item)).join('');
    if (rows.length < BATCH) break;
  }
  yield kind.tail;
}

async function buildFeed(path: FeedPath, base: string): Promise<CachedAnswer> {
  const started = new Date();
  const parts: string[] = [];
  for await (const chunk of feedChunks(path, await feedShop(base))) parts.push(chunk);
  builtAt.set(`${base} ${path}`, new Date(Math.floor(started.getTime() / 1000) * 1000));
  return cachedAnswer(200, KINDS[path].type, parts.join(''));
}

/** True when If-Modified-Since (ignored when If-None-Match is sent) is not older than the feed's build. */
function notModifiedSince(ctx: Context, modified: Date): boolean {
  if (ctx.get('if-none-match')) return false;
  const since = Date.parse(ctx.get('if-modified-since'));
  return Number.isFinite(since) && modified.getTime() <= since;
}

/** Answers GET/HEAD of a feed path. */
export async function sendFeed(ctx: Context, path: FeedPath): Promise<void> {
  const check = ensureFreshCatalogue();
  if (check) await check;
  const base = publicBaseUrl(ctx);
  const key = `${base} ${path}`;
  const answer = await feeds.getOrBuild(key, () => buildFeed(path, base));
  const modified = builtAt.get(key) ?? new Date();
  ctx.set('Last-Modified', modified.toUTCString());
  if (notModifiedSince(ctx, modified)) {
    ctx.set('ETag', answer.etag);
    ctx.set('Cache-Control', 'no-cache');
    ctx.status = 304;
    return;
  }
  sendCached(ctx, answer);
}
