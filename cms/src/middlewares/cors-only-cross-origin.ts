import type { Context, Next } from 'koa';

/**
 * strapi::cors answers a request that carries no Origin header (a same-origin GET, a server, curl) with
 * `Access-Control-Allow-Origin: *`. Browsers always send Origin on cross-origin requests, so that wildcard grants
 * nothing today, but it reads as "open to every site" and would become one if a cache ignored Vary: Origin.
 * Listed right after strapi::cors: CORS headers stay only on answers to a request that named its origin.
 */
export default () => async (ctx: Context, next: Next) => {
  if (!ctx.get('Origin')) {
    ctx.remove('Access-Control-Allow-Origin');
    ctx.remove('Access-Control-Allow-Credentials');
  }
  await next();
};
