// `npm run bench:start`: how long a shop process takes from being spawned to answering its health check, on a
// database that holds a few seasons of data (`seed:scale`: 5,000 products, 100,000 orders) or, with --demo, the demo
// catalogue only. Goal (issue 40 §3): the first 200 of the health check within 10 s of the start.
//
//   node cms/scripts/bench-start.mjs [starts] [--demo] [--orders N] [--products N]
//   BENCH_ONLY=sqlite|postgres   one database only
//
// For each database: a throwaway one, started once (schema, demo content, the bench's staff account), filled by
// seed:scale's statements and started once more (the start-up work on the new rows is done once, as `seed:scale`
// does), then `starts` timed starts of the compiled server (`strapi start`, as `npm start` and the container run
// it; PostgreSQL in production mode, NODE_ENV=production with its secrets). Each start: milliseconds from the spawn
// to the first 200 of `/_health` and of `/api/health` (which reads the database), the process stopped between
// starts. Asserts nothing: it prints the figures (median and worst), and exits non-zero only when a start fails.
import { randomBytes } from 'node:crypto';
import { spawnStrapiStart } from '../tests/helpers/strapi-start.mjs';
import { BENCH_ADMIN, benchOnThrowawayPostgres, benchOnThrowawaySqlite, freePort, startBenchStrapi } from './lib/bench.mjs';
import { SCALE_DEFAULTS } from './lib/scale-data.mjs';
import { seedScale } from './seed-scale.mjs';

const STARTS = Number.parseInt(process.argv.find((a, i) => i >= 2 && /^\d+$/.test(a)) ?? '3', 10);
const DEMO = process.argv.includes('--demo');
const ONLY = process.env.BENCH_ONLY;
function argValue(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number.parseInt(process.argv[i + 1], 10) : fallback;
}
const sizes = {
  ...SCALE_DEFAULTS,
  orders: argValue('orders', SCALE_DEFAULTS.orders),
  products: argValue('products', SCALE_DEFAULTS.products),
};
const GOAL_MS = 10_000;

/** The environment of a production process: every secret given (random), PostgreSQL, its public address. */
function productionEnv() {
  const secret = () => randomBytes(24).toString('base64url');
  return {
    NODE_ENV: 'production',
    APP_KEYS: `${secret()},${secret()}`,
    API_TOKEN_SALT: secret(),
    ADMIN_JWT_SECRET: secret(),
    TRANSFER_TOKEN_SALT: secret(),
    JWT_SECRET: secret(),
    ENCRYPTION_KEY: secret(),
    PUBLIC_URL: 'http://127.0.0.1',
  };
}

/** Milliseconds from now until `url` answers 200 (polled every 20 ms), or null when the process exits first. */
async function firstOk(url, child, started, limitMs = 120_000) {
  while (performance.now() - started < limitMs) {
    if (child.exitCode !== null) return null;
    try {
      const r = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await r.arrayBuffer();
      if (r.ok) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  return null;
}

/** One timed start: spawn → first 200 of /_health and of /api/health; then the process is stopped. */
async function timedStart(env) {
  const port = await freePort();
  const started = performance.now();
  const child = spawnStrapiStart(port, BENCH_ADMIN, { ...env, HOST: '127.0.0.1' });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const base = `http://127.0.0.1:${port}`;
  try {
    const health = await firstOk(`${base}/_health`, child, started);
    const apiHealth = health === null ? null : await firstOk(`${base}/api/health`, child, started);
    if (health === null || apiHealth === null) throw new Error(`the shop did not answer its health check:\n${log.slice(-3000)}`);
    return { health, apiHealth };
  } finally {
    if (child.exitCode === null) await new Promise((r) => (child.once('exit', r), child.kill('SIGTERM')));
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const results = [];

async function bench(kind, env) {
  // Tables, demo content and the staff account, then the seasons of data and the start that works through them once.
  const first = await startBenchStrapi(env);
  await first.stop();
  if (!DEMO) await seedScale(env, sizes, (line) => console.error(line));
  const second = await startBenchStrapi(env);
  await second.stop();
  const runEnv = kind === 'postgres' ? { ...env, ...productionEnv() } : env;
  const starts = [];
  for (let i = 0; i < STARTS; i++) {
    const start = await timedStart(runEnv);
    starts.push(start);
    console.error(`${kind}, start ${i + 1}: /_health ${Math.round(start.health)} ms, /api/health ${Math.round(start.apiHealth)} ms`);
  }
  results.push({ kind, starts });
}

if (ONLY !== 'postgres') await benchOnThrowawaySqlite(async (kind, env) => bench(kind, env));
if (ONLY !== 'sqlite') await benchOnThrowawayPostgres(async (kind, env) => bench(kind, env), 'SELECT 1');

const data = DEMO ? 'demo catalogue' : `${sizes.products.toLocaleString('en')} products, ${sizes.orders.toLocaleString('en')} orders`;
console.log(`\nStart to first health answer (${STARTS} starts each, ${data}; goal ≤ ${GOAL_MS / 1000} s)\n`);
console.log('| database   | mode        | /_health median ms | worst ms | /api/health median ms | worst ms |');
console.log('| ---------- | ----------- | ------------------ | -------- | --------------------- | -------- |');
for (const { kind, starts } of results) {
  const h = starts.map((s) => s.health);
  const a = starts.map((s) => s.apiHealth);
  const mode = kind === 'postgres' ? 'production' : 'npm start';
  console.log(
    `| ${kind.padEnd(10)} | ${mode.padEnd(11)} | ${String(Math.round(median(h))).padEnd(18)} | ${String(Math.round(Math.max(...h))).padEnd(8)} | ${String(Math.round(median(a))).padEnd(21)} | ${String(Math.round(Math.max(...a))).padEnd(8)} |`,
  );
}
