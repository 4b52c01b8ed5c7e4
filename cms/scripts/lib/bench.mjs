// What the benchmark scripts share: a Strapi started on a database of their own, and a throwaway PostgreSQL database.
// BENCH_PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres) is where databases are created.
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, spawnStrapiStart } from '../../tests/helpers/strapi-start.mjs';

export { freePort };

const cmsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const requireCms = createRequire(path.join(cmsDir, 'package.json'));
const pg = requireCms('pg');
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
export async function benchOnThrowawayPostgres(bench, analyze, template) {
  const name = `shop_bench_${Date.now()}`;
  try {
    // A template (a database `seed:scale` filled) is copied whole: no minutes of seeding. Its name is the caller's own.
    await adminQuery(`CREATE DATABASE ${name}${template ? ` TEMPLATE "${template.replaceAll('"', '')}"` : ''}`);
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

/** The staff account the benchmarks sign in with. */
export const BENCH_ADMIN = { email: 'bench@test.local', password: 'Bench-Admin-123' };

/**
 * Starts Strapi on a free port with `env` (its database) and waits until it answers; `stop()` ends it. `nodeArgs`
 * go to Node (e.g. --cpu-prof).
 */
export async function startBenchStrapi(env, { attempts = 600, nodeArgs = [], script } = {}) {
  const port = await freePort();
  const child = spawnStrapiStart(port, BENCH_ADMIN, env, nodeArgs, script);
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < attempts; i++) {
    if (child.exitCode !== null) throw new Error(`Strapi exited:\n${log.slice(-3000)}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) {
        return {
          url,
          pid: child.pid,
          log: () => log,
          stop: () => new Promise((r) => (child.exitCode !== null ? r() : (child.once('exit', r), child.kill('SIGTERM')))),
        };
      }
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  child.kill('SIGKILL');
  throw new Error('Strapi did not start');
}

/**
 * `bench(kind, env, fill)` on a throwaway SQLite file (WAL, as the shop runs it): `fill(sql)` runs the statements,
 * then `analyze` when given (e.g. 'ANALYZE'). The file is removed afterwards.
 */
/**
 * A shop loaded with rows written straight into its tables: started once so its bootstrap creates the schema and
 * indexes, stopped, loaded with `sqlList` through `run`, then started again for the measures (the caller stops it).
 */
export async function startLoadedStrapi(env, sqlList, run) {
  const empty = await startBenchStrapi(env);
  await empty.stop(); // schema and indexes created by the bootstrap
  const t0 = performance.now();
  for (const sql of sqlList) await run(sql);
  console.log(`insert: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return startBenchStrapi(env);
}

export async function benchOnThrowawaySqlite(bench, analyze) {
  const Database = requireCms('better-sqlite3');
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-bench-'));
  const file = path.join(dir, 'data.db');
  try {
    await bench('sqlite', { DATABASE_FILENAME: file }, async (sql) => {
      const db = new Database(file);
      db.pragma('journal_mode = WAL');
      db.exec(sql);
      if (analyze) db.exec(analyze);
      db.close();
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A JSON call to a running shop (POST when `init.body` is given); throws with the answer when it is not 2xx. */
export async function json(base, pathname, init = {}) {
  const res = await fetch(`${base}${pathname}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  if (!res.ok)
    throw new Error(
      `${init.method ?? (init.body === undefined ? 'GET' : 'POST')} ${pathname} answered ${res.status}: ${text.slice(0, 300)}`,
    );
  return text ? JSON.parse(text) : null;
}

/** The p-th percentile of sorted numbers (nearest rank); 0 for none. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** One autocannon run against `target` ({path, body?}: POST with a JSON body when given); its raw result. */
export function autocannonRun(base, target, { connections, duration }) {
  const autocannon = requireCms('autocannon');
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${base}${target.path}`,
        method: target.body ? 'POST' : 'GET',
        headers: target.body ? { 'content-type': 'application/json' } : {},
        body: target.body ? JSON.stringify(target.body) : undefined,
        connections,
        duration,
        pipelining: 1,
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

/** `FROM` a generated series of `n` = 1 … `count`, for an INSERT ... SELECT in which the database makes the rows itself. */
export function seriesSql(kind, count) {
  return kind === 'postgres'
    ? `FROM generate_series(1, ${count}) AS s(n)`
    : `FROM (WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < ${count}) SELECT n FROM s) s`;
}

/** A moment `minutesExpr` minutes before now, as each database stores Strapi's datetimes. */
export function agoSql(kind, minutesExpr) {
  return kind === 'postgres'
    ? `(now() - ((${minutesExpr}) * interval '1 minute'))`
    : `CAST((strftime('%s','now') - (${minutesExpr}) * 60) * 1000 AS INTEGER)`;
}

/** A JSON column's value from a text expression (PostgreSQL's jsonb needs the cast). */
export const jsonSql = (kind, expr) => (kind === 'postgres' ? `(${expr})::jsonb` : expr);

/** The `expr`-th (from 0) of `list`'s strings, as an SQL expression of this database. */
export function pickSql(kind, list, expr) {
  const quoted = list.map((c) => c.replace(/'/g, "''"));
  return kind === 'postgres'
    ? `(ARRAY['${quoted.join("','")}'])[(${expr}) + 1]`
    : `json_extract('[${quoted.map((c) => `"${c}"`).join(',')}]', '$[' || (${expr}) || ']')`;
}

/** The bench staff account's token at a running shop (its sign-in answer read as is). */
export async function benchStaffToken(url) {
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  }).then((r) => r.json());
  return login.token;
}

/** `runs` staff GETs of `/api{pathname}` one after another: their median and fastest time (ms) and the last answer. */
export async function timeStaffGet(url, token, pathname, runs) {
  const times = [];
  let body;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const res = await fetch(`${url}/api${pathname}`, { headers: { authorization: `Bearer ${token}` } });
    body = await res.json();
    if (!res.ok) throw new Error(`${pathname}: ${res.status} ${JSON.stringify(body)}`);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], min: times[0], body };
}

/** A process's resident memory (RSS) in MB, read from /proc. */
export function rssMb(pid) {
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);
  return kb / 1024;
}

/** Downloads a whole staff export, sampling the server's memory every 50 ms: time, first byte, size, rows, RSS. */
export async function timeExport(strapi, token, pathname) {
  const before = rssMb(strapi.pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(strapi.pid))), 50);
  const t0 = performance.now();
  const res = await fetch(`${strapi.url}/api${pathname}`, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' } });
  let firstByte = 0;
  let bytes = 0;
  let lines = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!firstByte) firstByte = performance.now() - t0;
    bytes += value.length;
    for (const b of value) if (b === 10) lines++;
  }
  clearInterval(sampler);
  return { status: res.status, total: performance.now() - t0, firstByte, bytes, rows: lines - 1, before, peak };
}

/**
 * `connections` clients calling `target` ({path, body?, headers?}) for `duration` seconds: exact percentiles from
 * every answer's latency, answers per second, and the statuses that were not 2xx.
 */
export function latencyRun(base, target, { connections, duration }) {
  const autocannon = requireCms('autocannon');
  const latencies = [];
  const statuses = new Map();
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${base}${target.path}`,
        method: target.body ? 'POST' : 'GET',
        headers: { ...(target.body ? { 'content-type': 'application/json' } : {}), ...target.headers },
        body: target.body ? JSON.stringify(target.body) : undefined,
        connections,
        duration,
        pipelining: 1,
      },
      (err, result) => {
        if (err) return reject(err);
        latencies.sort((a, b) => a - b);
        resolve({
          answers: latencies.length,
          // Requests that never got an answer (autocannon's 10 s timeout, reset connections); the ones still in
          // flight when the run ends are neither counted here nor in the percentiles.
          unanswered: (result.timeouts ?? 0) + (result.errors ?? 0),
          perSecond: latencies.length / (result.duration || 1),
          p50: percentile(latencies, 50),
          p95: percentile(latencies, 95),
          p99: percentile(latencies, 99),
          failed: [...statuses.entries()].filter(([s]) => s < 200 || s >= 300),
        });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
      latencies.push(responseTime);
    });
  });
}
