// `npm run bench:admin`: the back office and the storefront on a shop after a few seasons (`npm run seed:scale`'s
// data: 5,000 products with 40,000 variants, 100,000 orders, 30,000 customers), on SQLite and on PostgreSQL.
//
//   node cms/scripts/bench-admin.mjs [seconds per call] [orders]
//   BENCH_ONLY=sqlite|postgres   one database only
//   BENCH_CALLS=hoja,retiros     only the back-office calls whose name contains one of these (a before/after of a few)
//   BENCH_SCALE_SQLITE=file      on a copy of a SQLite file `seed:scale` already filled (a before/after of a few calls
//                                without minutes of seeding): no demo baseline, storefront reads or exports
//   BENCH_SCALE_POSTGRES=db      the same on a copy of a PostgreSQL database `seed:scale` filled (CREATE DATABASE … TEMPLATE)
//
// For each database, on a throwaway one: the storefront's reads on the demo catalogue first (the baseline), then the
// scale data is written, the shop restarted, and every back-office call measured with 5 staff clients (p50/p95/p99,
// answers per second, any answer that was not 2xx), the storefront's reads again, and the exports of stock and of
// a year of orders downloaded whole while the server's memory is sampled. Goals (issue 40): back-office p95 ≤ 150 ms,
// storefront reads within 10 % of the demo figures, a year of orders exported in ≤ 10 s with < 100 MB of growth.
// Asserts nothing: it prints what it measured.
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  benchOnThrowawayPostgres,
  benchOnThrowawaySqlite,
  benchStaffToken,
  json,
  latencyRun,
  startBenchStrapi,
  timeExport,
} from './lib/bench.mjs';
import { coldReports, isoDay } from './lib/bench-cold-reports.mjs';
import { SCALE_DEFAULTS } from './lib/scale-data.mjs';
import { seedScale } from './seed-scale.mjs';

const SECONDS = Number.parseInt(process.argv[2] ?? '5', 10);
const ORDERS = Number.parseInt(process.argv[3] ?? String(SCALE_DEFAULTS.orders), 10);
const CLIENTS = 5;
const ONLY = process.env.BENCH_ONLY;
const CALLS = (process.env.BENCH_CALLS ?? '')
  .split(',')
  .map((part) => part.trim())
  .filter(Boolean);
const SCALE_FILE = process.env.BENCH_SCALE_SQLITE;
const SCALE_POSTGRES = process.env.BENCH_SCALE_POSTGRES;
const LIMITS = { RATE_LIMIT_QUOTE_MAX: '100000000', RATE_LIMIT_LOGIN_MAX: '1000', RATE_LIMIT_ORDERS_MAX: '100000' };

/** The storefront's reads: the catalogue's first page and a category, a product, a search, best sellers, a quote. */
async function storefrontTargets(url) {
  const list = await json(url, '/api/products?limit=1&category=conjuntos');
  const product = list.payload[0] ?? (await json(url, '/api/products?limit=1')).payload[0];
  const variant = (product.variants ?? []).find((v) => v.available !== false && v.stock > 0) ?? product.variants?.[0];
  const line = {
    productId: product.documentId ?? product._id,
    quantity: 1,
    size: variant?.size ?? undefined,
    color: variant?.color ?? undefined,
  };
  return [
    { name: 'catálogo (12 por página)', path: '/api/products?limit=12' },
    { name: 'categoría conjuntos', path: '/api/products?limit=12&category=conjuntos' },
    { name: 'producto', path: `/api/products/${line.productId}` },
    { name: 'búsqueda "conjunto negro"', path: '/api/products?limit=12&searchTerm=conjunto%20negro' },
    { name: 'más vendidos', path: '/api/products/best-sellers' },
    {
      name: 'cotización',
      path: '/api/checkout/quote',
      body: { items: [line], paymentMethod: 'transfer', deliveryType: 'pickup', meetingPointId: 'centro' },
    },
  ];
}

/** The back office's calls on the scale data (an order's detail and history read by the document id found). */
async function staffTargets(url, token) {
  const auth = { authorization: `Bearer ${token}` };
  const sample = (await json(url, '/api/orders?limit=1&status=paid', { headers: auth })).orders[0];
  const day = isoDay(30);
  const targets = [
    ['órdenes (primera página)', '/api/orders?limit=20'],
    ['órdenes pagadas', '/api/orders?limit=20&status=paid'],
    ['órdenes de un día', `/api/orders?limit=20&date=${day}`],
    ['órdenes por entregar (packed)', '/api/orders?limit=20&fulfillment=packed'],
    ['órdenes de una zona', '/api/orders?limit=20&zone=neuquen-centro'],
    ['órdenes de un punto', '/api/orders?limit=20&meetingPoint=centro'],
    ['órdenes más antiguas primero', '/api/orders?limit=20&sort=createdAt:asc'],
    ['órdenes de un canal (whatsapp)', '/api/orders?limit=20&channel=whatsapp'],
    ['búsqueda por número', `/api/orders?limit=20&search=${encodeURIComponent(sample.orderNumber)}`],
    ['búsqueda por e-mail', `/api/orders?limit=20&search=${encodeURIComponent(sample.shippingInfo?.email ?? 'cliente1@correo.com.ar')}`],
    ['búsqueda por nombre', `/api/orders?limit=20&search=${encodeURIComponent('Lucía Fernández')}`],
    // A surname alone: a thirtieth of all orders (about 3,300), the broadest search staff would type.
    ['búsqueda por apellido', `/api/orders?limit=20&search=${encodeURIComponent('Fernández')}`],
    ['detalle de una orden', `/api/orders/${sample._id ?? sample.documentId}`],
    ['historial de una orden', `/api/orders/${sample._id ?? sample.documentId}/history`],
    ['resumen del panel', '/api/orders/summary'],
    ['ventas 30 días', '/api/insight/daily-sales?days=30'],
    ['ventas 90 días', '/api/insight/daily-sales?days=90'],
    ['descuentos 90 días', '/api/insight/discounts?days=90'],
    ['poco stock', '/api/insight/low-stock'],
    // A sixth of the catalogue (about 830 products) over a year of orders: the owner's size curve (issue 50 §3).
    ['curva de talles (corpiños, un año)', '/api/reports/size-curve?category=corpinos&units=10'],
    // Every variant (40,000) against 30 days of sales: what to reorder, and the days of stock of every variant.
    ['stock: para reponer', '/api/reports/stock?view=reorder'],
    ['stock: días de stock', '/api/reports/stock?view=days'],
    ['stock: valor al costo', '/api/reports/stock?view=valuation'],
    ['ventas: 30 días por producto', '/api/reports/sales?groupBy=product'],
    ['talles esperados', '/api/insight/waited-sizes'],
    ['búsquedas sin resultado', '/api/insight/search-misses'],
    ['interacciones', '/api/interactions/summary'],
    ['productos (panel, 20)', '/api/products?limit=20&status=true'],
    // The fifth wave at scale (issue 60 §4): a million stock movements, 5,000 exchange requests.
    ['libro de stock (primera página)', '/api/stock-movements'],
    ['libro de stock: un producto', '/api/stock-movements?productId=scalep42'],
    ['libro de stock: un SKU', `/api/stock-movements?sku=${encodeURIComponent('SC40-NEG-85B')}`],
    ['libro de stock: ventas web', '/api/stock-movements?reason=web_order'],
    ['libro de stock: un mes', `/api/stock-movements?from=${isoDay(60)}&to=${isoDay(30)}`],
    ['libro de stock: control', '/api/stock-check'],
    // One product in five has exchanges: product 8 has about eight (and the product page reads the same figure).
    ['informe de calce (un producto)', '/api/reports/fit?productId=scalep8'],
    ['ficha con calce (tienda)', '/api/products/scalep8'],
    ['hoja de reparto', '/api/orders/dispatch?type=delivery'],
    ['lista de retiros', '/api/orders/dispatch?type=pickup'],
    ['clientes', '/api/customers?pageSize=20'],
    ['clientes: búsqueda', '/api/customers?pageSize=20&search=perez'],
    // Every Gmail customer (one in ten, 3,000): the broadest customers search.
    ['clientes: búsqueda amplia', '/api/customers?pageSize=20&search=gmail'],
    ['clientes: más compras', '/api/customers?pageSize=20&sort=totalSpent&direction=desc'],
    // The outbox (two messages per order): its first page, and the messages still waiting to go out.
    ['correos (primera página)', '/api/emails?page=1&limit=20'],
    ['correos pendientes', '/api/emails?page=1&limit=20&status=pending'],
  ];
  return targets
    .filter(([name]) => CALLS.length === 0 || CALLS.some((part) => name.includes(part)))
    .map(([name, path]) => ({ name, path, headers: auth }));
}

async function measure(url, targets) {
  const rows = [];
  for (const target of targets) {
    await latencyRun(url, target, { connections: 1, duration: 1 }); // warm-up: caches and query plans
    const r = await latencyRun(url, target, { connections: CLIENTS, duration: SECONDS });
    // The requests still in flight when the run stopped are still being served: one more call, answered after
    // them, keeps a slow call's backlog out of the next call's figures.
    await fetch(`${url}${target.path}`, {
      method: target.body ? 'POST' : 'GET',
      headers: { 'content-type': 'application/json', ...target.headers },
      body: target.body ? JSON.stringify(target.body) : undefined,
    }).then((res) => res.arrayBuffer());
    const failed = r.failed.map(([s, n]) => `${n}×${s}`).join(' ');
    rows.push({
      llamada: target.name,
      'p50 ms': Math.round(r.p50),
      'p95 ms': Math.round(r.p95),
      'p99 ms': Math.round(r.p99),
      'por s': Math.round(r.perSecond),
      respuestas: r.answers,
      'no 2xx': failed + (r.unanswered ? ` ${r.unanswered} sin respuesta` : ''),
    });
  }
  return rows;
}

/** The back-office calls and the reports' first reads on a copy of an already seeded database (BENCH_SCALE_*). */
async function benchSeeded(kind, env) {
  const strapi = await startBenchStrapi({ ...env, ...LIMITS }, { attempts: 2400 });
  try {
    const token = await benchStaffToken(strapi.url);
    console.log(`\n${kind} (a copy of a seeded database): back office, ${CLIENTS} clients, ${SECONDS} s each`);
    console.table(await measure(strapi.url, await staffTargets(strapi.url, token)));
    console.log(`\n${kind}: the owner's reports counted afresh (7 calls after each kind of move, 1 client)`);
    console.table(await coldReports(strapi.url, token, CALLS));
  } finally {
    await strapi.stop();
  }
}

/** BENCH_SCALE_SQLITE: the file (and its WAL) copied to a throwaway folder. */
async function benchSeededCopy(file) {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-bench-'));
  try {
    for (const suffix of ['', '-wal', '-shm'])
      if (existsSync(file + suffix)) copyFileSync(file + suffix, path.join(dir, `data.db${suffix}`));
    await benchSeeded('sqlite', { DATABASE_FILENAME: path.join(dir, 'data.db') });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function bench(kind, env) {
  const shopEnv = { ...env, ...LIMITS };
  console.log(`\n== ${kind}: demo catalogue, then ${ORDERS.toLocaleString('en')} orders ==`);
  let strapi = await startBenchStrapi(shopEnv);
  let before;
  try {
    before = await measure(strapi.url, await storefrontTargets(strapi.url));
  } finally {
    await strapi.stop();
  }
  await seedScale(env, { ...SCALE_DEFAULTS, orders: ORDERS });
  const t0 = performance.now();
  // The first start on the new rows builds the indexes (and the orders' search index) over 100,000 orders: minutes
  // on a loaded machine, so it is given up to 12 minutes.
  strapi = await startBenchStrapi(shopEnv, { attempts: 2400 });
  console.log(`first start on the scale data: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  try {
    const token = await benchStaffToken(strapi.url);
    console.log(`\n${kind}: back office, ${CLIENTS} clients, ${SECONDS} s each`);
    console.table(await measure(strapi.url, await staffTargets(strapi.url, token)));
    console.log(`\n${kind}: the owner's reports counted afresh (7 calls after each kind of move, 1 client)`);
    console.table(await coldReports(strapi.url, token, CALLS));
    const after = await measure(strapi.url, await storefrontTargets(strapi.url));
    console.log(`\n${kind}: storefront, demo catalogue → scale data (p95 ms)`);
    console.table(
      after.map((row, i) => ({
        llamada: row.llamada,
        'demo p95': before[i]?.['p95 ms'],
        'escala p95': row['p95 ms'],
        'demo por s': before[i]?.['por s'],
        'escala por s': row['por s'],
        'no 2xx': row['no 2xx'] || before[i]?.['no 2xx'],
      })),
    );
    const exports = [
      ['stock por variante', '/products/stock.csv'],
      ['productos', '/products/export.csv'],
      ['un año de órdenes', `/orders/export.csv?from=${isoDay(365)}&to=${isoDay(0)}`],
    ];
    const rows = [];
    for (const [name, pathname] of exports) {
      const r = await timeExport(strapi, token, pathname);
      rows.push({
        export: name,
        status: r.status,
        's total': (r.total / 1000).toFixed(1),
        'ms primer byte': Math.round(r.firstByte),
        filas: r.rows,
        MB: (r.bytes / 1048576).toFixed(1),
        'RSS antes → pico MB': `${r.before.toFixed(0)} → ${r.peak.toFixed(0)}`,
      });
    }
    console.log(`\n${kind}: exports`);
    console.table(rows);
  } finally {
    await strapi.stop();
  }
}

if (SCALE_FILE || SCALE_POSTGRES) {
  if (SCALE_FILE) await benchSeededCopy(SCALE_FILE);
  if (SCALE_POSTGRES) await benchOnThrowawayPostgres(benchSeeded, undefined, SCALE_POSTGRES);
} else {
  if (ONLY !== 'postgres') await benchOnThrowawaySqlite(bench);
  if (ONLY !== 'sqlite') await benchOnThrowawayPostgres(bench, 'VACUUM ANALYZE');
}
