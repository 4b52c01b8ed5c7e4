// Benchmark of the dashboard's interaction aggregates with 1,000,000 rows.
// Usage: node cms/scripts/bench-interactions.mjs [rows]   (compile first: npx tsc -p cms/tsconfig.json)
// Runs on a throwaway SQLite database, then on a throwaway PostgreSQL database if one is reachable
// (BENCH_PG_ADMIN_URL, default postgres://postgres@127.0.0.1:5432/postgres). Prints the timings; asserts nothing.
import {
  benchOnThrowawayPostgres,
  benchOnThrowawaySqlite,
  benchStaffToken,
  pickSql,
  seriesSql,
  startLoadedStrapi,
  timeStaffGet,
} from './lib/bench.mjs';

const ROWS = Number.parseInt(process.argv[2] ?? '1000000', 10);
const PRODUCTS = 200;
const CATEGORIES = ['conjuntos', 'corpinos', 'bombachas', 'bombis', 'bodys', 'pijamas'];
const RUNS = 5;

// One INSERT ... SELECT over a generated series: the database makes the rows itself.
// Spread: 80 % product views over 200 products (skewed), 10 % category views, 10 % other events; dates over 30 days.
function insertSql(kind) {
  const now = kind === 'postgres' ? 'now()' : "(strftime('%s','now') * 1000)";
  const createdAt =
    kind === 'postgres' ? `now() - ((n % 43200) * interval '1 minute')` : `((strftime('%s','now') - (n % 43200) * 60) * 1000)`;
  const product = `((${kind === 'postgres' ? 'n::bigint' : 'n'} * 7919) % ((n % ${PRODUCTS}) + 1))`;
  return `INSERT INTO interactions (document_id, type, product_id, product_title, product_category, data, created_at, updated_at, published_at)
    SELECT 'bench' || n,
      CASE WHEN n % 10 < 8 THEN 'product_view' WHEN n % 10 = 8 THEN 'category_view' ELSE 'add_to_cart' END,
      CASE WHEN n % 10 = 8 THEN NULL ELSE 'prod-' || ${product} END,
      CASE WHEN n % 10 = 8 THEN NULL ELSE 'Producto ' || ${product} END,
      ${pickSql(kind, CATEGORIES, `${product} % ${CATEGORIES.length}`)},
      '{}', ${createdAt}, ${now}, ${now}
    ${seriesSql(kind, ROWS)}`;
}

async function bench(kind, env, insert) {
  console.log(`\n== ${kind}: ${ROWS.toLocaleString('en')} interactions ==`);
  const strapi = await startLoadedStrapi(env, [insertSql(kind)], insert);
  try {
    const token = await benchStaffToken(strapi.url);
    const results = {};
    for (const p of [
      '/interactions/summary',
      '/interactions/most-viewed-products?limit=10',
      '/interactions/most-viewed-categories?limit=5',
    ]) {
      const r = await timeStaffGet(strapi.url, token, p, RUNS);
      results[p] = r;
      console.log(`GET ${p}: median ${r.median.toFixed(0)} ms (min ${r.min.toFixed(0)} ms, ${RUNS} runs)`);
    }
    console.log(`  summary: ${JSON.stringify(results['/interactions/summary'].body.summary)}`);
    console.log(`  top product: ${JSON.stringify(results['/interactions/most-viewed-products?limit=10'].body.products[0])}`);
    const t1 = performance.now();
    for (let i = 0; i < 50; i++) {
      await fetch(`${strapi.url}/api/interactions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'product_view', data: { productId: 'p1', productTitle: 'P', productCategory: 'bodys' } }),
      });
    }
    console.log(`POST /interactions: ${((performance.now() - t1) / 50).toFixed(1)} ms per call (50 sequential)`);
    const t2 = performance.now();
    const reset = await fetch(`${strapi.url}/api/interactions/reset`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    }).then((r) => r.json());
    console.log(`DELETE /interactions/reset: ${(performance.now() - t2).toFixed(0)} ms (deleted ${reset.deleted})`);
  } finally {
    await strapi.stop();
  }
}

if (!process.env.BENCH_SKIP_SQLITE) await benchOnThrowawaySqlite(bench);

// PostgreSQL, if reachable (short-lived admin connections: other tools on this server may end idle ones)
await benchOnThrowawayPostgres(bench, 'VACUUM ANALYZE interactions');
