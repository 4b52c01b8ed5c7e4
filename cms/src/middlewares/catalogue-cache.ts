import type { Context, Next } from 'koa';
import { cachedAnswer, sendCached } from '../utils/answer-cache';
import { currentGeneration, ensureFreshCatalogue } from '../domains/catalogue/catalogue-version';
import { AnswerCache } from '../domains/catalogue';

/**
 * The public catalogue reads (`GET /api/products` with any filters, `/api/products/count`, `/api/products/:id`,
 * `/api/content`) answered from memory: the first request of a kind runs the controller, its answer is kept
 * serialised and compressed with a strong ETag, and the next ones get those bytes (or a 304 when they already
 * hold them). `Cache-Control: no-cache` makes browsers ask again every time. Requests with a token (staff, who also
 * see inactive products) always go to the controller. The cache empties on every catalogue write (catalogue-version.ts).
 */

const CACHEABLE = /^\/api\/(?:products(?:\/[^/]+)?|content)$/;
const MAX_ENTRIES = 500;
const MAX_QUERY_LENGTH = 1000;
const JSON_TYPE = 'application/json; charset=utf-8';

const cache = new AnswerCache(MAX_ENTRIES);

/** The path and its query parameters in a fixed order: `?b=1&a=2` and `?a=2&b=1` are one answer. */
export function cacheKey(path: string, querystring: string): string {
  const params = [...new URLSearchParams(querystring)].sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  return params.length === 0 ? path : `${path}?${new URLSearchParams(params).toString()}`;
}

function isPlainAnswer(body: unknown): boolean {
  return typeof body === 'object' && body !== null && !Buffer.isBuffer(body) && typeof (body as { pipe?: unknown }).pipe !== 'function';
}

export default () => async (ctx: Context, next: Next) => {
  if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || !CACHEABLE.test(ctx.path)) return next();
  if (ctx.get('authorization') || ctx.querystring.length > MAX_QUERY_LENGTH) return next();

  const check = ensureFreshCatalogue();
  if (check) await check;
  const key = cacheKey(ctx.path, ctx.querystring);
  const hit = cache.get(key);
  if (hit) return sendCached(ctx, hit);

  const generation = currentGeneration();
  // The answer is compressed once below, not by strapi::compression on every request.
  (ctx as Context & { compress?: boolean }).compress = false;
  await next();
  if (ctx.status !== 200 || !isPlainAnswer(ctx.body)) return;
  const answer = cachedAnswer(200, JSON_TYPE, JSON.stringify(ctx.body));
  cache.set(key, answer, generation);
  sendCached(ctx, answer);
};
