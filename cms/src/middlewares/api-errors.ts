import type { Context, Next } from 'koa';
import type { Core } from '@strapi/strapi';
import { ApiError, DATABASE_DOWN_MESSAGE } from '../utils/http';
import { recordServerError, type ErrorOrigin } from '../domains/platform/server-errors';

type HttpishError = Error & { status?: number; statusCode?: number; type?: string; expose?: boolean; code?: string; httpCode?: number };

/**
 * A value the database itself refused: PostgreSQL's class 22 "data exception" (text too long, NUL, invalid JSON
 * text, number out of range...) or SQLite's too big / type mismatch. A last resort behind the real validation
 * (the input guard and the shared schemas), which is why it is logged when it happens.
 */
export function isDataException(err: unknown): boolean {
  const code: unknown = typeof err === 'object' && err !== null && 'code' in err ? err.code : '';
  if (typeof code !== 'string') return false;
  return /^22[0-9A-Z]{3}$/.test(code) || code === 'SQLITE_TOOBIG' || code === 'SQLITE_MISMATCH';
}

/** Seconds a client is told to wait (Retry-After) when the database is unreachable. */
export const DATABASE_DOWN_RETRY_SECONDS = 5;

// PostgreSQL's "connection exception" (08…) and "operator intervention" (57P01-03: shutting down, starting up)
// classes, the socket errors of a server that went away, node-postgres's own errors for a client whose connection
// ended (a query on it: "Client was closed and is not queryable"), knex's refusal of the next query of a transaction
// whose connection was cut under it ("Transaction query already complete": the transaction was rolled back, nothing
// kept), and SQLite's "busy" after its busy timeout.
const UNAVAILABLE_CODES = /^(08[0-9A-Z]{3}|57P0[1-3]|ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|SQLITE_BUSY)$/;
const UNAVAILABLE_TEXT =
  /timeout acquiring a connection|connection terminated|terminating connection|the database system is (starting up|shutting down|in recovery mode)|connection (is )?closed|client was closed and is not queryable|client has encountered a connection error|transaction query already complete|database is locked/i;

/** The Spanish answer when the server's disk is full (an upload cannot be kept): nothing was stored, try later. */
export const DISK_FULL_MESSAGE = 'No pudimos guardar el archivo porque el servidor no tiene espacio: probá de nuevo en unos minutos';

/** Whether a failure is a full disk or an exhausted quota (answered 503 with Retry-After). */
export function isDiskFull(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const code: unknown = 'code' in err ? err.code : '';
  if (code === 'ENOSPC' || code === 'EDQUOT') return true;
  const message: unknown = 'message' in err ? err.message : '';
  return typeof message === 'string' && /ENOSPC|EDQUOT|no space left on device/i.test(message);
}

/** Whether a failure means the database could not be reached (answered 503 with Retry-After, never a 500). */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const code: unknown = 'code' in err ? err.code : '';
  if (typeof code === 'string' && UNAVAILABLE_CODES.test(code)) return true;
  const message: unknown = 'message' in err ? err.message : '';
  return typeof message === 'string' && UNAVAILABLE_TEXT.test(message);
}

function describe(err: HttpishError): { status: number; message: string; extra?: Record<string, unknown> } {
  if (err instanceof ApiError) return { status: err.status, message: err.message, extra: err.extra };
  if (isDatabaseUnavailable(err)) return { status: 503, message: DATABASE_DOWN_MESSAGE };
  if (isDiskFull(err)) return { status: 503, message: DISK_FULL_MESSAGE };
  if (isDataException(err)) return { status: 400, message: 'Los datos enviados no son válidos' };
  const status = err.status ?? err.statusCode ?? err.httpCode ?? 500;
  const text = `${err.message ?? ''} ${err.type ?? ''} ${err.code ?? ''}`.toLowerCase();
  if (status === 413 || text.includes('too large') || text.includes('maxfilesize') || text.includes('1009')) {
    return { status: 413, message: 'La petición es demasiado grande' };
  }
  // co-body marks JSON.parse failures (SyntaxError) with status 400.
  const parseFailure = err.name === 'SyntaxError' && (status === 400 || status === 500);
  if (parseFailure || err.type === 'entity.parse.failed' || text.includes('invalid json') || text.includes('unexpected token')) {
    return { status: 400, message: 'El cuerpo de la petición no es un JSON válido' };
  }
  if (status === 401) return { status, message: 'No autorizado: inicia sesión para continuar' };
  if (status === 403) return { status, message: 'No tienes permisos para realizar esta acción' };
  if (status === 404) return { status, message: 'Recurso no encontrado' };
  if (status === 415) return { status, message: 'Tipo de contenido no soportado' };
  if (status >= 400 && status < 500) return { status, message: 'Petición inválida' };
  return { status: 500, message: 'Error interno del servidor' };
}

function hasMessage(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string';
}

/** Where a failure happened, for the owner's checklist (the route's pattern, not the concrete path). */
function originOf(ctx: Context): ErrorOrigin {
  const route: { path?: unknown } | undefined = ctx.state?.route;
  return { method: ctx.method, routePath: typeof route?.path === 'string' ? route.path : null, requestPath: ctx.path.slice(4) };
}

/**
 * Every failure under /api answers {message} in Spanish; unexpected ones are logged, never leaked. Every 5xx answer
 * is also recorded as the last server error (the owner's go-live checklist, src/domains/platform/server-errors.ts).
 */
export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) =>
  async (ctx: Context, next: Next) => {
    if (!ctx.path.startsWith('/api/')) return next();
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        ctx.status = 404;
        ctx.body = { message: 'Recurso no encontrado' };
      } else if (ctx.status === 405) {
        ctx.body = { message: 'Método no permitido para esta ruta' };
      } else if (ctx.status >= 400 && !hasMessage(ctx.body)) {
        // Answers Strapi sets without throwing (e.g. ctx.payloadTooLarge('FileTooBig')) carry its English
        // {data, error} shape: give them the same Spanish {message} as everything else.
        const status = ctx.status;
        const { message } = describe(Object.assign(new Error(''), { status }));
        ctx.status = status;
        ctx.body = { message };
      }
      if (ctx.status >= 500) {
        const body: unknown = ctx.body;
        const text = hasMessage(body) ? String((body as { message: unknown }).message) : 'Error interno del servidor';
        recordServerError(originOf(ctx), ctx.status, text);
      }
    } catch (caught) {
      const err = caught instanceof Error ? (caught as HttpishError) : new Error(String(caught));
      const { status, message, extra } = describe(err);
      if (status >= 500) {
        strapi.log.error(`[api] ${ctx.method} ${ctx.path}: ${err.stack ?? err.message}`);
        // Our own errors carry a Spanish message meant for people; anything else is named by its kind and text.
        const text = err instanceof ApiError ? err.message : `${err.name || 'Error'}: ${err.message}`;
        recordServerError(originOf(ctx), status, text);
      } else if (isDataException(err))
        strapi.log.warn(`[api] ${ctx.method} ${ctx.path}: the database refused data that validation let through: ${err.message}`);
      if (status === 503 && !ctx.response.get('Retry-After')) ctx.set('Retry-After', String(DATABASE_DOWN_RETRY_SECONDS));
      ctx.status = status;
      ctx.body = { message, ...extra };
    }
  };
