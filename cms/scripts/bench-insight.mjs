// Benchmark of the dashboard's insight endpoints and the orders export with 1,000,000 interactions and 100,000 orders.
// Usage: node cms/scripts/bench-insight.mjs [interactions] [orders]   (compile first: npx tsc -p cms/tsconfig.json)
// Runs on a throwaway SQLite database, then on a throwaway PostgreSQL database if one is reachable
// (BENCH_PG_ADMIN_URL, default postgres://postgres@127.0.0.1:5432/postgres; BENCH_SKIP_SQLITE=1 / BENCH_SKIP_PG=1
// skip one). Prints a table of timings and the Strapi process's memory during the export; asserts nothing.
import {
  benchOnThrowawayPostgres,
  benchOnThrowawaySqlite,
  agoSql,
  benchStaffToken,
  jsonSql,
  pickSql as pick,
  seriesSql as series,
  startLoadedStrapi,
  timeExport,
  timeStaffGet,
} from './lib/bench.mjs';

const INTERACTIONS = Number.parseInt(process.argv[2] ?? '1000000', 10);
const ORDERS = Number.parseInt(process.argv[3] ?? '100000', 10);
const PRODUCTS = 200;
const CATEGORIES = ['conjuntos', 'corpinos', 'bombachas', 'bombis', 'bodys', 'pijamas'];
const STATUSES = [
  'pending_manual',
  'pending_transfer_proof',
  'pending_transfer_confirmation',
  'paid',
  'paid',
  'paid',
  'cancelled',
  'confirmado',
];
const RUNS = 5;

// Each INSERT ... SELECT runs over a generated series: the database makes the rows itself.
function insertSql(kind) {
  const now = kind === 'postgres' ? 'now()' : "(strftime('%s','now') * 1000)";
  const big = kind === 'postgres' ? 'n::bigint' : 'n';
  const product = `((${big} * 7919) % ((n % ${PRODUCTS}) + 1))`;
  // Products prod-0 … prod-199: sizes S/M/L, a few running low on one size or in all.
  const products = `INSERT INTO products (document_id, title, description, price, discount, category, stock, size, stock_by_size, size_index, final_price, is_active, thumbnails, colors, created_at, updated_at, published_at)
    SELECT 'prod-' || (n - 1), 'Producto ' || (n - 1), 'Banco de pruebas', 10000 + n * 10, 0, ${pick(kind, CATEGORIES, `n % ${CATEGORIES.length}`)},
      (n % 7) + 20 + (n % 5) + 10, '["S","M","L"]',
      ${jsonSql(kind, `'{"S":' || (n % 7) || ',"M":20,"L":' || ((n % 5) + 10) || '}'`)}, ',S,M,L,', 10000 + n * 10, ${kind === 'postgres' ? 'true' : '1'}, '[]', '[]', ${now}, ${now}, ${now}
    ${series(kind, PRODUCTS)}`;
  // 80 % product views over 200 products (skewed), 10 % category views, 10 % other events; dates over 30 days.
  const interactions = `INSERT INTO interactions (document_id, type, product_id, product_title, product_category, data, created_at, updated_at, published_at)
    SELECT 'bench' || n,
      CASE WHEN n % 10 < 8 THEN 'product_view' WHEN n % 10 = 8 THEN 'category_view' ELSE 'add_to_cart' END,
      CASE WHEN n % 10 = 8 THEN NULL ELSE 'prod-' || ${product} END,
      CASE WHEN n % 10 = 8 THEN NULL ELSE 'Producto ' || ${product} END,
      ${pick(kind, CATEGORIES, `${product} % ${CATEGORIES.length}`)},
      '{}', ${agoSql(kind, 'n % 43200')}, ${now}, ${now}
    ${series(kind, INTERACTIONS)}`;
  // Orders over the last 200 days (so 90 days hold ~45 %), a spread of statuses; paid ones paid an hour later.
  const minutes = `(n * 2.88)`;
  const status = pick(kind, STATUSES, `n % ${STATUSES.length}`);
  const orders = `INSERT INTO orders (document_id, order_number, payment_method, delivery_type, order_status, subtotal, shipping_cost, cash_fee, total, paid_at, stock_returned, created_at, updated_at, published_at)
    SELECT 'order' || n, 'BN-' || n, CASE WHEN n % 3 = 0 THEN 'cash' ELSE 'transfer' END, 'pickup', ${status},
      10000 + (n % 50) * 500, 0, 0, 10000 + (n % 50) * 500,
      CASE WHEN ${status} = 'paid' THEN ${agoSql(kind, `${minutes} - 60`)} ELSE NULL END, ${kind === 'postgres' ? 'false' : '0'},
      ${agoSql(kind, minutes)}, ${now}, ${now}
    ${series(kind, ORDERS)}`;
  return [products, interactions, orders];
}

async function bench(kind, env, run) {
  console.log(`\n== ${kind}: ${INTERACTIONS.toLocaleString('en')} interactions, ${ORDERS.toLocaleString('en')} orders ==`);
  const strapi = await startLoadedStrapi(env, insertSql(kind), run);
  try {
    const token = await benchStaffToken(strapi.url);
    const rows = [];
    for (const p of ['/orders/summary', '/insight/low-stock', '/insight/daily-sales?days=30', '/insight/daily-sales?days=90']) {
      const r = await timeStaffGet(strapi.url, token, p, RUNS);
      rows.push({ endpoint: `GET ${p}`, 'median ms': Math.round(r.median), 'min ms': Math.round(r.min), note: '' });
      if (p === '/insight/low-stock') rows[rows.length - 1].note = `${r.body.products.length} low of the top 50`;
      if (p.includes('days=90')) rows[rows.length - 1].note = `${r.body.totalOrders} orders, $${r.body.totalRevenue}`;
    }
    // The full export also reports its size and the server's memory while it streams.
    const exports = [
      ['/orders/export.csv', 'GET /orders/export.csv (all)', true],
      ['/orders/export.csv?status=paid&from=2000-01-01', 'GET /orders/export.csv?status=paid', false],
      ['/products/export.csv', 'GET /products/export.csv', false],
    ];
    for (const [pathname, endpoint, withMemory] of exports) {
      const r = await timeExport(strapi, token, pathname);
      rows.push({
        endpoint,
        'median ms': Math.round(r.total),
        'min ms': Math.round(r.firstByte),
        note: withMemory
          ? `${r.rows} rows, ${(r.bytes / 1048576).toFixed(1)} MB; first byte ${Math.round(r.firstByte)} ms; server RSS ${r.before.toFixed(0)} -> peak ${r.peak.toFixed(0)} MB`
          : `${r.rows} rows`,
      });
    }
    console.table(rows);
    console.log('(exports: "median ms" is the whole download, "min ms" the first byte; one run each)');
  } finally {
    await strapi.stop();
  }
}

if (!process.env.BENCH_SKIP_SQLITE) await benchOnThrowawaySqlite(bench, 'ANALYZE');

// PostgreSQL, if reachable (short-lived admin connections: other tools on this server may end idle ones)
if (!process.env.BENCH_SKIP_PG) await benchOnThrowawayPostgres(bench, 'VACUUM ANALYZE');
