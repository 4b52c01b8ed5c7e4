// Runs a benchmark on a throwaway PostgreSQL database: created, handed to `bench`, dropped afterwards.
// BENCH_PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres) is where databases are created.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const cmsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const pg = createRequire(path.join(cmsDir, 'package.json'))('pg');
const PG_ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function adminQuery(sql) {
  const c = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
  c.on('error', () => undefined);
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end().catch(() => undefined);
  }
}

/**
 * `bench(kind, env, fill)` as both scripts define it: `fill(sql)` loads the data, then `analyze` runs
 * (e.g. 'VACUUM ANALYZE'). Prints a line and returns when PostgreSQL cannot be reached.
 */
export async function benchOnThrowawayPostgres(bench, analyze) {
  const name = `shop_bench_${Date.now()}`;
  try {
    await adminQuery(`CREATE DATABASE ${name}`);
  } catch {
    console.log('\nPostgreSQL not reachable: skipped');
    return;
  }
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  try {
    await bench('postgres', { DATABASE_URL: url.toString() }, async (sql) => {
      const c = new pg.Client({ connectionString: url.toString() });
      c.on('error', () => undefined);
      await c.connect();
      await c.query(sql);
      await c.query(analyze);
      await c.end();
    });
  } catch (err) {
    console.error(`PostgreSQL benchmark failed: ${err.stack ?? err}`);
    process.exitCode = 1;
  } finally {
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}
