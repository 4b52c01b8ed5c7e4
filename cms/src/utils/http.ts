import type { Context } from 'koa';
import { z } from 'zod';
import { firstIssueMessage } from '@shop/shared';

// Zod's own messages (wrong types the shared schemas give no text for) in Spanish too, never English. Passed per
// parse rather than with z.config(): Strapi's bundled zod resets the global locale to English when it loads.
const spanishErrors = z.locales.es().localeError;

/** The Spanish answer while the database cannot be reached (a restart, a failover): try again in a few seconds. */
export const DATABASE_DOWN_MESSAGE = 'La tienda no puede responder en este momento: probá de nuevo en unos segundos';

/** An error with an HTTP status and a Spanish message for the API client. */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The client errors the API answers, each with its Spanish message (and extra fields some answers carry). */
type Extra = Record<string, unknown>;
export const badRequest = (message: string, extra?: Extra) => new ApiError(400, message, extra);
export const unauthorized = (message: string) => new ApiError(401, message);
export const forbidden = (message: string) => new ApiError(403, message);
export const notFound = (message: string, extra?: Extra) => new ApiError(404, message, extra);
export const conflict = (message: string, extra?: Extra) => new ApiError(409, message, extra);
export const payloadTooLarge = (message: string) => new ApiError(413, message);
export const tooManyRequests = (message: string, extra?: Extra) => new ApiError(429, message, extra);

/** Parses a request body (or query) with a shared zod schema; a failure is a 400 with the first Spanish message. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  if (input === undefined || input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw badRequest('El cuerpo de la petición debe ser un objeto JSON');
  }
  const result = schema.safeParse(input, { error: spanishErrors });
  if (!result.success) {
    throw badRequest(firstIssueMessage(result.error), {
      errors: result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    });
  }
  return result.data;
}

export function requestBody(ctx: Context): unknown {
  return (ctx.request as { body?: unknown }).body;
}

/**
 * An unsubscribe link's input: the shop's page sends `{token}` as JSON; a mail client's one-click unsubscribe
 * (RFC 8058) POSTs the form `List-Unsubscribe=One-Click` to the List-Unsubscribe address, whose query carries the token.
 */
export function unsubscribeBody(ctx: Context): unknown {
  const body = requestBody(ctx);
  const token = queryString(ctx.query.token);
  const oneClick = typeof body === 'object' && body !== null && (body as Record<string, unknown>)['List-Unsubscribe'] === 'One-Click';
  return token && oneClick ? { token } : body;
}

/** A positive integer from a query value, or the fallback. */
export function queryInt(value: unknown, fallback: number, { min = 1, max = Number.MAX_SAFE_INTEGER } = {}): number {
  const raw = Array.isArray(value) ? value[0] : value;
  const n = typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number.parseInt(raw, 10) : NaN;
  if (!Number.isFinite(n)) return fallback;
  return Math.min(max, Math.max(min, n));
}

export function queryString(value: unknown): string | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  return typeof raw === 'string' && raw.trim() !== '' ? raw.trim() : undefined;
}

/**
 * Sets the answer of an endpoint, typed by its answer schema from the shared contract (`@shop/shared`, the schemas the
 * apps parse with). The check is the compiler's; `tests/api/contract.test.ts` parses the real answers with the same schemas.
 */
export function reply<S extends z.ZodType>(ctx: Context, _schema: S, body: z.input<S>): void {
  ctx.body = body;
}

/** Answers a PDF to download (`filename`), never kept by a shared cache. */
export function sendPdfDownload(ctx: Context, { pdf, filename }: { pdf: Buffer; filename: string }): void {
  ctx.set('Content-Type', 'application/pdf');
  ctx.set('Content-Disposition', `attachment; filename="${filename}"`);
  ctx.set('Cache-Control', 'private, no-store');
  ctx.body = pdf;
}
