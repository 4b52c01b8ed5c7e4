// Benchmark of the forgiving search and the catalogue feeds with 5,000 products (`npm run bench:search`).
// Usage: node cms/scripts/bench-search.mjs [products] [runs per query]   (the cms must be compiled: npm run build -w cms,
// or npx tsc -p cms/tsconfig.json). Runs on a throwaway SQLite database, then on a throwaway PostgreSQL database when
// one is reachable (BENCH_PG_ADMIN_URL; BENCH_SKIP_SQLITE=1 / BENCH_SKIP_PG=1 skip one). The products are inserted
// with SQL and get their search columns from the start-up pass, as an older shop's would. Search is timed with a
// staff token (staff answers are never served from the catalogue's memory cache); each feed is timed uncached (a
// product save empties the cache before every run). Prints tables with the goals; asserts nothing.
import {
  benchOnThrowawayPostgres,
  benchOnThrowawaySqlite,
  benchStaffToken,
  percentile,
  pickSql as pick,
  seriesSql as series,
  startBenchStrapi,
} from './lib/bench.mjs';

const PRODUCTS = Number.parseInt(process.argv[2] ?? '5000', 10);
const RUNS = Number.parseInt(process.argv[3] ?? '30', 10);
const FEED_RUNS = 5;
const KINDS = ['Corpiño', 'Bombacha', 'Conjunto', 'Body', 'Camisón', 'Pijama', 'Top', 'Vedetina', 'Portaligas', 'Bralette'];
const FABRICS = ['encaje', 'satén', 'algodón', 'microfibra', 'tul', 'puntilla', 'modal', 'seda', 'lycra', 'polar'];
const NAMES = ['Aurelia', 'Brisa', 'Lúa', 'Séfora', 'Otoño', 'Ágil', 'Jazmín', 'Luna', 'Flor', 'Nube', 'Alba', 'Coral', 'Malva'];
const COLORS = ['Negro', 'Blanco', 'Rojo', 'Nude', 'Bordó', 'Gris', 'Rosa'];
const CATEGORIES = ['conjuntos', 'corpinos', 'bombachas', 'bodys', 'pijamas'];
const QUERIES = [
  'corpino',
  'corpiño negro encaje',
  'encaje negro corpiño',
  'bonbacha',
  'aurelia saten',
  'pijma polar',
  'luna',
  'microfibra nube rosa',
  'transparensia',
  'camison de seda bordo',
  'zapatilla',
];

function insertSql(kind) {
  const now = kind === 'postgres' ? 'now()' : "(strftime('%s','now') * 1000)";
  const json = (expr) => (kind === 'postgres' ? `(${expr})::jsonb` : expr);
  const color = pick(kind, COLORS, `n % ${COLORS.length}`);
  const fabric = pick(kind, FABRICS, `(n / 3) % ${FABRICS.length}`);
  const title = `${pick(kind, KINDS, `n % ${KINDS.length}`)} || ' ' || ${pick(kind, NAMES, `(n / 7) % ${NAMES.length}`)} || ' de ' || ${fabric} || ' ' || n`;
  return `INSERT INTO products (document_id, title, description, price, discount, category, stock, size, stock_by_size, size_index, final_price, is_active, thumbnails, colors, created_at, updated_at, published_at)
    SELECT 'bench-' || n, ${title},
      'Prenda de ' || ${fabric} || ' con terminaciones delicadas, ideal para el día a día. Color ' || ${color} || '.',
      10000 + n * 10, CASE WHEN n % 4 = 0 THEN 20 ELSE 0 END, ${pick(kind, CATEGORIES, `n % ${CATEGORIES.length}`)},
      (n % 3) + 4, '["85B","90C","95C"]', ${json(`'{"85B":' || (n % 3) || ',"90C":2,"95C":2}'`)}, ',85B,90C,95C,',
      10000 + n * 10, ${kind === 'postgres' ? 'true' : '1'}, '["/images/products/conjunto-1.webp"]',
      ${json(`'[{"name":"' || ${color} || '","value":"#000000"}]'`)}, ${now}, ${now}, ${now}
    ${series(kind, PRODUCTS)}`;
}

const ms = (v) => Math.round(v * 10) / 10;

async function timeSearch(url, token, query) {
  const times = [];
  let found = 0;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const res = await fetch(`${url}/api/products?searchTerm=${encodeURIComponent(query)}&limit=12`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = await res.json();
    times.push(performance.now() - t0);
    if (!res.ok) throw new Error(`${query}: ${res.status} ${JSON.stringify(body)}`);
    found = body.totalDocs;
  }
  return { times, found };
}

async function timeFeed(url, token, feed, productId) {
  const times = [];
  let bytes = 0;
  for (let i = 0; i < FEED_RUNS; i++) {
    // A save empties the feeds' cache: every run builds the feed again.
    const saved = await fetch(`${url}/api/products/${productId}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ discount: i % 2 === 0 ? 10 : 0 }),
    });
    if (!saved.ok) throw new Error(`save: ${saved.status}`);
    await new Promise((r) => setTimeout(r, 150));
    const t0 = performance.now();
    const res = await fetch(`${url}${feed}`, { headers: { 'accept-encoding': 'gzip' } });
    const body = Buffer.from(await res.arrayBuffer());
    times.push(performance.now() - t0);
    if (!res.ok) throw new Error(`${feed}: ${res.status}`);
    bytes = body.length;
  }
  const cached0 = performance.now();
  await (await fetch(`${url}${feed}`, { headers: { 'accept-encoding': 'gzip' } })).arrayBuffer();
  return { times: times.sort((a, b) => a - b), bytes, cached: performance.now() - cached0 };
}

async function bench(kind, env, run) {
  console.log(`\n== ${kind}: ${PRODUCTS.toLocaleString('en')} products × 3 sizes ==`);
  let strapi = await startBenchStrapi(env);
  await strapi.stop(); // schema and indexes created by the bootstrap
  await run(insertSql(kind));
  const t0 = performance.now();
  strapi = await startBenchStrapi(env);
  console.log(`start with the search columns computed for ${PRODUCTS} products: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  try {
    const token = await benchStaffToken(strapi.url);
    const rows = [];
    const all = [];
    for (const query of QUERIES) {
      const { times, found } = await timeSearch(strapi.url, token, query);
      all.push(...times);
      const sorted = [...times].sort((a, b) => a - b);
      rows.push({ query, found, 'p50 ms': ms(percentile(sorted, 50)), 'p95 ms': ms(percentile(sorted, 95)), 'max ms': ms(sorted.at(-1)) });
    }
    all.sort((a, b) => a - b);
    rows.push({
      query: `ALL (${all.length} requests)`,
      found: '',
      'p50 ms': ms(percentile(all, 50)),
      'p95 ms': ms(percentile(all, 95)),
      'max ms': ms(all.at(-1)),
    });
    console.table(rows);
    console.log(`search goal: p95 under 50 ms → ${percentile(all, 95) < 50 ? 'met' : 'NOT met'}`);

    const feeds = [];
    for (const feed of ['/feeds/meta.csv', '/feeds/google.xml']) {
      const r = await timeFeed(strapi.url, token, feed, 'bench-1');
      feeds.push({
        feed,
        'uncached median ms': Math.round(percentile(r.times, 50)),
        'uncached max ms': Math.round(r.times.at(-1)),
        'cached ms': ms(r.cached),
        'bytes (decoded)': r.bytes,
      });
    }
    console.table(feeds);
    console.log(`feed goal: under 2 s uncached → ${feeds.every((f) => f['uncached max ms'] < 2000) ? 'met' : 'NOT met'}`);
  } finally {
    await strapi.stop();
  }
}

if (!process.env.BENCH_SKIP_SQLITE) await benchOnThrowawaySqlite(bench, 'ANALYZE');

if (!process.env.BENCH_SKIP_PG) await benchOnThrowawayPostgres(bench, 'VACUUM ANALYZE');
