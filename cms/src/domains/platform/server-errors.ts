import { redactErrorText, type LastServerError } from '@shop/shared';
import { redis } from './rate-limit';

/**
 * The last server error (a 5xx answer of the API) for the owner's go-live checklist: when, which route (its pattern,
 * e.g. `/api/orders/:id`, never the concrete path), the status and a short message with personal data and secrets
 * removed. Kept in this process's memory and, when REDIS_URL is set, in one Redis key every app process writes and
 * reads, so that whichever process answers the checklist shows the newest error of all of them.
 */

const REDIS_READ_TIMEOUT_MS = 1_000;
/** The Redis copy is forgotten after this long (the checklist only turns red for the last 24 h). */
const REDIS_TTL_SECONDS = 30 * 24 * 60 * 60;

const key = () => `${process.env.RATE_LIMIT_PREFIX ?? 'shop-rl'}:last-server-error`;

let last: LastServerError | null = null;

/** When this process started (the memory-only record covers errors since then). */
export const PROCESS_STARTED_AT = Date.now();

export interface ErrorOrigin {
  method: string;
  /** The matched route's path (`ctx.state.route.path`), or the request path when no route matched. */
  routePath: string | null;
  requestPath: string;
}

function routeOf(origin: ErrorOrigin): string {
  if (origin.routePath) return `/api${origin.routePath}`.slice(0, 120);
  // No route matched: the path itself, with anything that looks like an id, number or e-mail taken out.
  return redactErrorText(origin.requestPath.split('?')[0] ?? '')
    .replace(/\/[^/]*\d[^/]*/g, '/…')
    .slice(0, 120);
}

/** Records one 5xx answer (never throws, never waits for Redis). */
export function recordServerError(origin: ErrorOrigin, status: number, message: string): void {
  try {
    const entry: LastServerError = {
      at: new Date().toISOString(),
      method: origin.method.toUpperCase().slice(0, 10),
      route: routeOf(origin),
      status,
      message: redactErrorText(message) || 'Error interno del servidor',
    };
    last = entry;
    const client = redis();
    if (client) {
      client.set(key(), JSON.stringify(entry), 'EX', REDIS_TTL_SECONDS).catch((err: unknown) => {
        strapi.log.warn(
          `[errors] could not share the last server error through Redis: ${err instanceof Error ? err.message : String(err)}`,
        );
      });
    }
  } catch {
    // Recording must never turn an answer into another failure.
  }
}

function parseEntry(text: string | null): LastServerError | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const entry = value as Record<string, unknown>;
    const { at, method, route, status, message } = entry;
    if (typeof at !== 'string' || Number.isNaN(Date.parse(at))) return null;
    if (typeof method !== 'string' || typeof route !== 'string' || typeof status !== 'number' || typeof message !== 'string') return null;
    return { at, method, route, status, message: redactErrorText(message) };
  } catch {
    return null;
  }
}

const newer = (a: LastServerError | null, b: LastServerError | null) => (!a ? b : !b ? a : Date.parse(a.at) >= Date.parse(b.at) ? a : b);

/**
 * The newest server error known here: this process's and, with Redis, every process's (the newer of the two, so an
 * error recorded while Redis was unreachable still shows). `shared` says whether Redis answered.
 */
export async function lastServerError(): Promise<{ error: LastServerError | null; shared: boolean }> {
  const client = redis();
  if (!client) return { error: last, shared: false };
  try {
    const stored = await Promise.race([
      client.get(key()),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('Redis did not answer')), REDIS_READ_TIMEOUT_MS).unref()),
    ]);
    return { error: newer(parseEntry(stored), last), shared: true };
  } catch {
    return { error: last, shared: false };
  }
}
