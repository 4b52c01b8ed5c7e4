import type { Context, Next } from 'koa';
import { rm } from 'node:fs/promises';

export const MULTIPART_REFUSED = 'Esta ruta no acepta archivos: envía los datos como JSON';

/**
 * The only routes that take multipart bodies: the shop's uploads, and those of Strapi's upload plugin (its panel's
 * media library and replace, the content API) and of the panel's logos. Strapi routes are matched with an
 * optional trailing slash.
 */
const MULTIPART_ROUTES: readonly { method: string; path: RegExp }[] = [
  { method: 'POST', path: /^\/api\/upload\/proof\/?$/ },
  { method: 'POST', path: /^\/api\/upload\/?$/ },
  { method: 'POST', path: /^\/upload\/?$/ },
  { method: 'POST', path: /^\/upload\/files\/[^/]+\/replace\/?$/ },
  { method: 'POST', path: /^\/admin\/project-settings\/?$/ },
];

function tempPaths(files: unknown): string[] {
  if (typeof files !== 'object' || files === null) return [];
  return Object.values(files)
    .flatMap((value: unknown) => (Array.isArray(value) ? value : [value]))
    .map((file: unknown) => (typeof file === 'object' && file !== null && 'filepath' in file ? file.filepath : undefined))
    .filter((p): p is string => typeof p === 'string');
}

/**
 * Runs before strapi::body. A multipart request to any other route is answered 415 before its body is read, so
 * the body parser never writes its files to the temp folder (Node discards the rest of the body as it arrives).
 * On the upload routes, every temp file of the request is removed once it is answered, whatever the outcome.
 */
export default () => async (ctx: Context, next: Next) => {
  if (!ctx.is('multipart')) return next();
  if (!MULTIPART_ROUTES.some((route) => route.method === ctx.method && route.path.test(ctx.path))) {
    ctx.status = 415;
    ctx.body = { message: MULTIPART_REFUSED };
    return;
  }
  try {
    await next();
  } finally {
    const paths = tempPaths(Reflect.get(ctx.request, 'files'));
    await Promise.all(paths.map((p) => rm(p, { force: true }).catch(() => undefined)));
  }
};
