// Benchmark of the customers list (GET /customers, /customers/{id}, /customers/export.csv) with 100,000 orders of
// 30,000 customers. Usage: node cms/scripts/bench-customers.mjs [orders] [customers]   (compile first)
// Runs on a throwaway SQLite database, then on a throwaway PostgreSQL database if one is reachable
// (BENCH_SKIP_SQLITE=1 / BENCH_SKIP_PG=1 skip one). Prints a table of timings; asserts nothing.
import {
  benchOnThrowawayPostgres,
  benchOnThrowawaySqlite,
  benchStaffToken,
  seriesSql as series,
  startLoadedStrapi,
  timeStaffGet,
} from './lib/bench.mjs';

const ORDERS = Number.parseInt(process.argv[2] ?? '100000', 10);
const CUSTOMERS = Number.parseInt(process.argv[3] ?? '30000', 10);
const RUNS = 5;

// The orders, their shipping details and Strapi's links between them; every order already has its customer key
// (customer n % CUSTOMERS: a third by phone only), so the start-up back-fill has nothing to do.
function insertSql(kind) {
  const now = kind === 'postgres' ? 'now()' : "(strftime('%s','now') * 1000)";
  const ago = kind === 'postgres' ? `(now() - (n * interval '3 minutes'))` : `((strftime('%s','now') - n * 180) * 1000)`;
  const c = `(n % ${CUSTOMERS})`;
  const key = `CASE WHEN ${c} % 3 = 0 THEN 'p:54929950' || ${c} ELSE 'e:cliente' || ${c} || '@example.com' END`;
  return [
    `INSERT INTO orders (id, document_id, order_number, payment_method, delivery_type, order_status, subtotal, shipping_cost, cash_fee, total, stock_returned, fulfillment, channel, customer_key, customer_phone, created_at, updated_at, published_at)
      SELECT n, 'order' || n, 'BN-' || n, 'cash', 'pickup', CASE WHEN n % 9 = 0 THEN 'cancelled' ELSE 'paid' END,
        10000 + (n % 50) * 500, 0, 0, 10000 + (n % 50) * 500, ${kind === 'postgres' ? 'false' : '0'}, 'delivered',
        CASE WHEN n % 4 = 0 THEN 'whatsapp' ELSE 'web' END, ${key}, '54929950' || ${c}, ${ago}, ${now}, ${now}
      ${series(kind, ORDERS)}`,
    `INSERT INTO components_order_shipping_infos (id, full_name, email, phone)
      SELECT n, 'Clienta ' || ${c}, CASE WHEN ${c} % 3 = 0 THEN '' ELSE 'cliente' || ${c} || '@example.com' END, '299 50' || ${c}
      ${series(kind, ORDERS)}`,
    `INSERT INTO orders_cmps (entity_id, cmp_id, component_type, field)
      SELECT n, n, 'order.shipping-info', 'shippingInfo' ${series(kind, ORDERS)}`,
  ];
}

async function bench(kind, env, run) {
  console.log(`\n== ${kind}: ${ORDERS.toLocaleString('en')} orders, ${CUSTOMERS.toLocaleString('en')} customers ==`);
  const strapi = await startLoadedStrapi(env, insertSql(kind), run);
  try {
    const token = await benchStaffToken(strapi.url);
    const rows = [];
    const paths = [
      '/customers',
      '/customers?sort=totalSpent&direction=desc',
      '/customers?sort=name&direction=asc&page=500',
      '/customers?search=cliente123',
      '/customers?search=2995012',
    ];
    for (const p of paths) {
      const r = await timeStaffGet(strapi.url, token, p, RUNS);
      rows.push({ endpoint: `GET ${p}`, 'median ms': Math.round(r.median), 'min ms': Math.round(r.min), total: r.body.total });
      if (p === '/customers') {
        const one = await timeStaffGet(strapi.url, token, `/customers/${r.body.customers[0].id}`, RUNS);
        rows.push({
          endpoint: 'GET /customers/{id}',
          'median ms': Math.round(one.median),
          'min ms': Math.round(one.min),
          total: one.body.orders.length,
        });
      }
    }
    const t1 = performance.now();
    const res = await fetch(`${strapi.url}/api/customers/export.csv`, { headers: { authorization: `Bearer ${token}` } });
    const text = await res.text();
    rows.push({
      endpoint: 'GET /customers/export.csv',
      'median ms': Math.round(performance.now() - t1),
      'min ms': 0,
      total: text.split('\r\n').length - 2,
    });
    console.table(rows);
  } finally {
    await strapi.stop();
  }
}

if (!process.env.BENCH_SKIP_SQLITE) await benchOnThrowawaySqlite(bench, 'ANALYZE');
if (!process.env.BENCH_SKIP_PG) await benchOnThrowawayPostgres(bench, 'VACUUM ANALYZE');
