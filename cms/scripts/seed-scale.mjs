// `npm run seed:scale`: fills a shop's database with what it holds after a few seasons: 5,000 products with 40,000
// variants (two colours × four sizes), 100,000 orders over three years (statuses, channels, zones and meeting points,
// a coupon on one in ten) from 30,000 customers (Gmail and phone numbers written in several ways).
//
//   node cms/scripts/seed-scale.mjs [--products 5000] [--orders 100000] [--customers 30000]
//   DATABASE_URL=postgres://…   PostgreSQL (else the SQLite file DATABASE_FILENAME, default .tmp/data.db as `npm start`)
//
// The shop is started once first (on a free port) so that its tables and demo content exist, then the rows are
// written by the database itself in a few statements. The rows are added after those already there.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BENCH_ADMIN, startBenchStrapi } from './lib/bench.mjs';
import { BASE_IDS_SQL, SCALE_DEFAULTS, scaleStatements } from './lib/scale-data.mjs';

const cmsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const requireCms = createRequire(path.join(cmsDir, 'package.json'));

/** Runs the statements on the database `env` names; answers the seconds taken. */
export async function seedScale(env, sizes = SCALE_DEFAULTS, log = console.log) {
  const kind = env.DATABASE_URL ? 'postgres' : 'sqlite';
  const t0 = performance.now();
  if (kind === 'postgres') {
    const pg = requireCms('pg');
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      const base = (await client.query(BASE_IDS_SQL)).rows[0];
      for (const sql of scaleStatements(kind, sizes, mapBase(base))) await client.query(sql);
      // A bulk load leaves the planner's statistics of empty tables until autovacuum comes by: a search then read
      // every posting list and join in the worst order (docs/performance.md, "Statistics after the load").
      await client.query('VACUUM ANALYZE');
    } finally {
      await client.end();
    }
  } else {
    const Database = requireCms('better-sqlite3');
    const db = new Database(env.DATABASE_FILENAME);
    try {
      db.pragma('journal_mode = WAL');
      const base = db.prepare(BASE_IDS_SQL).get();
      db.transaction(() => {
        for (const sql of scaleStatements(kind, sizes, mapBase(base))) db.exec(sql);
      })();
      db.exec('ANALYZE');
    } finally {
      db.close();
    }
  }
  const seconds = (performance.now() - t0) / 1000;
  log(
    `${kind}: ${sizes.products.toLocaleString('es-AR')} productos, ${sizes.orders.toLocaleString('es-AR')} órdenes en ${seconds.toFixed(1)} s`,
  );
  return seconds;
}

const mapBase = (row) => ({ orders: Number(row.orders), items: Number(row.items), shipping: Number(row.shipping) });

function argValue(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number.parseInt(process.argv[i + 1], 10) : fallback;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const sizes = {
    ...SCALE_DEFAULTS,
    products: argValue('products', SCALE_DEFAULTS.products),
    orders: argValue('orders', SCALE_DEFAULTS.orders),
    customers: argValue('customers', SCALE_DEFAULTS.customers),
  };
  const env = process.env.DATABASE_URL
    ? { DATABASE_URL: process.env.DATABASE_URL }
    : { DATABASE_FILENAME: path.resolve(process.env.DATABASE_FILENAME ?? path.join(cmsDir, '..', '.tmp', 'data.db')) };
  console.log(`Base: ${env.DATABASE_URL ? 'PostgreSQL' : env.DATABASE_FILENAME}`);
  // Tables, indexes and demo content first (a shop that already ran keeps its staff; a new one gets the bench account).
  const shop = await startBenchStrapi({ ...env, ADMIN_EMAIL: process.env.ADMIN_EMAIL ?? BENCH_ADMIN.email });
  await shop.stop();
  await seedScale(env, sizes);
  // A second start runs the start-up work on the new rows (search columns, migrations) once, before anyone waits.
  const again = await startBenchStrapi(env);
  await again.stop();
  console.log('Listo: `npm start` abre la tienda con estos datos.');
}
