import { performance } from 'node:perf_hooks';
import type { ContentProblem } from '@shop/shared';
import { redis } from '../../../domains/platform/rate-limit';

/** How long one check may take before its part is reported down (the whole answer stays well under 5 s). */
export const CHECK_TIMEOUT_MS = 2_000;

export interface PartHealth {
  status: 'up' | 'down';
  /** Time the check took (or waited, up to CHECK_TIMEOUT_MS, when it failed), in milliseconds. */
  latencyMs: number;
}

export interface HealthReport {
  /** `error` when the database is down (HTTP 503); `degraded` when only Redis is down; `ok` otherwise. */
  status: 'ok' | 'degraded' | 'error';
  /** Kept for older clients: `ok` or `error`, the same as checks.database. */
  database: 'ok' | 'error';
  checks: { database: PartHealth; redis?: PartHealth };
  /** Stored site-content values the shop could not read (their defaults are shown meanwhile). */
  contentProblems?: ContentProblem[];
  /** What is failing, in Spanish (only when something is). */
  message?: string;
  uptime: number;
  timestamp: string;
}

const startedAt = Date.now();

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}

/** Runs one check with a time bound; a failure is logged (the public answer carries no error detail). */
async function timed(part: string, check: () => Promise<unknown>): Promise<PartHealth> {
  const start = performance.now();
  const latency = () => Math.round((performance.now() - start) * 10) / 10;
  try {
    await withTimeout(check(), CHECK_TIMEOUT_MS);
    return { status: 'up', latencyMs: latency() };
  } catch (err) {
    strapi.log.warn(`[health] ${part} is down: ${err instanceof Error ? err.message : String(err)}`);
    return { status: 'down', latencyMs: latency() };
  }
}

/** Site-content values stored in a form the shop cannot read (from the cached read: no extra query per check). */
async function unreadableContent(): Promise<ContentProblem[]> {
  try {
    return (await withTimeout(strapi.service('api::site-content.site-content').cachedRead(), CHECK_TIMEOUT_MS)).problems;
  } catch {
    return [];
  }
}

/** Checks the database (a real round trip) and, when REDIS_URL is set, Redis (PING), at the same time. */
async function checkHealth(): Promise<HealthReport> {
  const client = redis();
  const [database, redisHealth] = await Promise.all([
    timed('database', () => strapi.db.connection.raw('select 1')),
    client ? timed('redis', () => client.ping()) : Promise.resolve(undefined),
  ]);
  const contentProblems = database.status === 'up' ? await unreadableContent() : [];
  const degraded = redisHealth?.status === 'down' || contentProblems.length > 0;
  const status = database.status === 'down' ? 'error' : degraded ? 'degraded' : 'ok';
  const down = [database.status === 'down' ? 'la base de datos' : null, redisHealth?.status === 'down' ? 'Redis' : null].filter(Boolean);
  const messages = [
    down.length > 0 ? `No responde: ${down.join(' y ')}` : null,
    contentProblems.length > 0
      ? `El contenido del sitio tiene valores que la tienda no puede leer (muestra sus valores por defecto): ${contentProblems.map((p) => p.path || 'todo el contenido').join(', ')}`
      : null,
  ].filter((m): m is string => m !== null);
  return {
    status,
    database: database.status === 'up' ? 'ok' : 'error',
    checks: redisHealth ? { database, redis: redisHealth } : { database },
    ...(contentProblems.length > 0 ? { contentProblems } : {}),
    ...(messages.length > 0 ? { message: messages.join('. ') } : {}),
    uptime: Math.round((Date.now() - startedAt) / 1000),
    timestamp: new Date().toISOString(),
  };
}

export default { check: checkHealth };
