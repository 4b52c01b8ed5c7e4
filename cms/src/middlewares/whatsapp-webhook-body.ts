import type { Context, Next } from 'koa';

const ROUTE = /^\/api\/whatsapp\/webhook\/?$/;
/** Meta's notifications are small (a few KB): the body parser's JSON limit (256 KB) holds any of them. */
const MAX_BYTES = 256 * 1024;

/**
 * Runs before strapi::body. POST /api/whatsapp/webhook is checked against its X-Hub-Signature-256, an HMAC of the
 * exact bytes Meta sent: they are read here, as they came, into ctx.state.whatsappBody (the JSON is parsed only once
 * the signature holds). Over 256 KB: 413 without reading the rest.
 */
export default () => async (ctx: Context, next: Next) => {
  if (ctx.method !== 'POST' || !ROUTE.test(ctx.path)) return next();
  const declared = Number(ctx.get('content-length'));
  const tooBig = () => {
    ctx.status = 413;
    ctx.body = { message: 'La notificación es demasiado grande' };
  };
  if (Number.isFinite(declared) && declared > MAX_BYTES) return tooBig();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += bytes.length;
    if (size > MAX_BYTES) {
      ctx.req.destroy();
      return tooBig();
    }
    chunks.push(bytes);
  }
  ctx.state.whatsappBody = Buffer.concat(chunks);
  // The body is read: the parser must not wait for it (it only reads the types it parses).
  ctx.request.headers['content-type'] = 'application/octet-stream';
  return next();
};
