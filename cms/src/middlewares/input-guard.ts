import type { Context, Next } from 'koa';

export const INVALID_CHARACTERS_MESSAGE = 'La petición contiene caracteres no válidos';

/**
 * NUL, which PostgreSQL refuses in any text, and a lone UTF-16 surrogate (half of an emoji), which PostgreSQL
 * refuses in jsonb and which sends bcryptjs (password checks) into an endless loop that kills the process.
 * With the `u` flag a correctly paired surrogate is one code point and does not match.
 */
const LONE_SURROGATE = /\p{Cs}/u;
const invalid = (text: string): boolean => text.includes('\u0000') || LONE_SURROGATE.test(text);

/** True when a string, or any key or string anywhere inside an object or array, holds an invalid character. */
export function holdsInvalidCharacter(value: unknown): boolean {
  // Iterative walk: a 256 KB body can nest 100,000 levels deep, too deep for recursion.
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current === 'string') {
      if (invalid(current)) return true;
    } else if (Array.isArray(current)) {
      for (const item of current) pending.push(item);
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, item] of Object.entries(current)) {
        if (invalid(key)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/** The decoded path, or null when its percent-encoding is malformed (e.g. %E0%A4%A, %ff, an encoded surrogate). */
function decodedPath(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

/**
 * Refuses, before any route runs, a request whose path, query or body holds a NUL or a lone surrogate, or whose
 * path is not valid percent-encoded UTF-8: a Spanish 400 instead of a database error (500) or a crashed process.
 * Runs on every request (not only /api): Strapi's own panel login checks passwords with bcryptjs too.
 */
export default () => async (ctx: Context, next: Next) => {
  const path = decodedPath(ctx.path);
  const body: unknown = (ctx.request as { body?: unknown }).body;
  if (path === null || holdsInvalidCharacter(path) || holdsInvalidCharacter(ctx.query) || holdsInvalidCharacter(body)) {
    ctx.status = 400;
    ctx.body = { message: INVALID_CHARACTERS_MESSAGE };
    return;
  }
  await next();
};
