import type { Context, Next } from 'koa';

/** The route Strapi's panel offers to create its first super-admin, with no credentials at all. */
const REGISTER_ADMIN = '/admin/register-admin';

/** The path as Strapi's router would match it: decoded, case-insensitive, without repeated or trailing slashes. */
export function routedPath(rawPath: string): string {
  let decoded = rawPath;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    // malformed escapes: match on the raw path
  }
  return decoded
    .toLowerCase()
    .replace(/\/{2,}/g, '/')
    .replace(/\/+$/, '');
}

/**
 * The panel's super-admin is created at the first start from the environment (bootstrap/foundation.ts), so the
 * anonymous registration route is never needed: it is closed for good, whether the panel is served or not.
 */
export default () => async (ctx: Context, next: Next) => {
  if (routedPath(ctx.path) === REGISTER_ADMIN) {
    ctx.status = 403;
    ctx.body = { data: null, error: { status: 403, name: 'ForbiddenError', message: 'El registro de administradores está deshabilitado' } };
    return;
  }
  await next();
};
