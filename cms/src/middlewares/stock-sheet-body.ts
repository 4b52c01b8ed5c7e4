import type { Context, Next } from 'koa';
import { STOCK_SHEET_MAX_BYTES, STOCK_SHEET_MSG } from '@shop/shared';

// The stock sheet's import, and a purchase's lines read from a sheet of the same format.
const ROUTE = /^\/api\/(?:products\/stock\.csv|purchases\/sheet)\/?$/;

/**
 * Runs before strapi::body. POST /api/products/stock.csv (and POST /api/purchases/sheet) takes the spreadsheet as the raw body (text/csv or any
 * type, up to 5 MB; the body parser's text limit is 256 KB): it is read here, as bytes (the controller tells UTF-8
 * from Latin-1), into ctx.state.stockSheet. Only requests that carry a bearer token are read; the route's own
 * checks (token, permission) then run as for any staff route. Over 5 MB: a Spanish 413 without reading the rest.
 */
export default () => async (ctx: Context, next: Next) => {
  if (ctx.method !== 'POST' || !ROUTE.test(ctx.path) || !/^Bearer\s+\S/i.test(ctx.get('authorization'))) return next();
  // JSON and form bodies are the body parser's (its limits and answers); a spreadsheet is sent as itself.
  if (ctx.is('json', 'urlencoded', 'multipart')) return next();
  const declared = Number(ctx.get('content-length'));
  const tooBig = () => {
    ctx.status = 413;
    ctx.body = { message: STOCK_SHEET_MSG.tooBig };
  };
  if (Number.isFinite(declared) && declared > STOCK_SHEET_MAX_BYTES) return tooBig();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += bytes.length;
    if (size > STOCK_SHEET_MAX_BYTES) {
      ctx.req.destroy();
      return tooBig();
    }
    chunks.push(bytes);
  }
  ctx.state.stockSheet = Buffer.concat(chunks);
  // The body is read: the parser must not wait for it (it only reads the types it parses).
  ctx.request.headers['content-type'] = 'application/octet-stream';
  return next();
};
