import type { Core } from '@strapi/strapi';

/**
 * SQLite keeps no planner statistics until ANALYZE runs: a shop that grew to 100,000 orders on the embedded database
 * planned its searches as for an empty one (docs/performance.md, "Statistics after the load"). As SQLite advises for
 * long-lived connections, `PRAGMA optimize=0x10002` at start (every table whose statistics are missing or stale) and
 * `PRAGMA optimize` every few hours, each bounded by `analysis_limit` (rows sampled per index), so it takes
 * milliseconds. PostgreSQL keeps its own statistics (autovacuum).
 */

const SAMPLED_ROWS = 1000;
const EVERY_MS = 3 * 3600_000;
let timer: NodeJS.Timeout | null = null;

const isSqlite = (strapi: Core.Strapi) => !/^(pg|postgres)/.test(String(strapi.db.connection.client.config.client));

async function optimize(strapi: Core.Strapi, flags: string): Promise<void> {
  try {
    await strapi.db.connection.raw(`PRAGMA analysis_limit = ${SAMPLED_ROWS}`);
    await strapi.db.connection.raw(`PRAGMA optimize${flags}`);
  } catch (err) {
    strapi.log.warn(`[db] PRAGMA optimize failed: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** At start (awaited) and then every few hours in the background; a no-op on PostgreSQL. */
export async function keepSqliteStatistics(strapi: Core.Strapi): Promise<void> {
  if (!isSqlite(strapi)) return;
  await optimize(strapi, ' = 0x10002');
  timer = setInterval(() => void optimize(strapi, ''), EVERY_MS);
  timer.unref();
}

export function stopSqliteStatistics(): void {
  if (timer) clearInterval(timer);
  timer = null;
}
