import type { Context, Next } from 'koa';
import checkout from '../api/checkout/controllers/checkout';
import { badRequest } from '../utils/http';
import { holdsInvalidCharacter, INVALID_CHARACTERS_MESSAGE } from './input-guard';

/**
 * `POST /api/checkout/quote` answered here, ahead of Strapi's body parser, session and router: the storefront asks
 * for a quote on every cart change, and those layers cost more than the pricing itself (a CPU profile of the route
 * showed the controller at 6% of the time). The same controller runs (rate limit, validation, pricing, answer), with
 * the input guard's check of the body; only the layers it does not need are skipped. Requests this path does not
 * take as they are (not JSON, no or a large Content-Length) go the normal way through the router, which answers
 * them exactly as before.
 */

const QUOTE_PATH = '/api/checkout/quote';
/** Far above any cart (50 lines); larger bodies go the normal way (and its 256 KB limit). */
const MAX_FAST_BODY = 64 * 1024;

function readBody(ctx: Context, length: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    ctx.req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received <= length) chunks.push(chunk);
    });
    ctx.req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    ctx.req.on('error', reject);
  });
}

export default () => async (ctx: Context, next: Next) => {
  if (ctx.method !== 'POST' || ctx.path !== QUOTE_PATH) return next();
  const length = Number(ctx.get('content-length'));
  if (ctx.is('application/json') !== 'application/json' || !Number.isInteger(length) || length <= 0 || length > MAX_FAST_BODY)
    return next();
  const text = await readBody(ctx, length);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw badRequest('El cuerpo de la petición no es un JSON válido');
  }
  if (holdsInvalidCharacter(body) || holdsInvalidCharacter(ctx.query)) throw badRequest(INVALID_CHARACTERS_MESSAGE);
  (ctx.request as { body?: unknown }).body = body;
  await checkout.quote(ctx);
};
