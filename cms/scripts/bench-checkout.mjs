// `npm run bench:checkout`: how fast the shop takes orders, on SQLite and on PostgreSQL, each on a throwaway
// database holding the demo catalogue the shop seeds at its first start (as `npm start` does).
//
//   node cms/scripts/bench-checkout.mjs [seconds per run] [orders in the memory run]
//   BENCH_ONLY=sqlite|postgres   one database only
//   BENCH_PROFILE=folder         the shop runs with --cpu-prof; its profile is written there when it stops
//   BENCH_AGAINST=<commit>       side by side: that commit's shop (built once in a worktree, .tmp/bench-against/)
//                                and the working tree's, alternated A B B A on each database, each run on a fresh
//                                database; orders at 10 and 50 clients and the quote, then the ratio per pair
//
// For each database: POST /api/orders (cash, pickup, one or two lines of sizes in stock, a fresh Idempotency-Key
// each) with 10 and with 50 concurrent clients; orders/s, p50/p95/p99 and every answer that was not a 201. Then the
// quote (POST /api/checkout/quote) beside /api/health and /_health with 10 clients. Then 10,000 orders in a row with
// the server's resident memory (RSS, read from /proc) before and after. After each run the books are checked: every
// 201 is one order, the stock went down by exactly the units ordered, order numbers are consecutive with no repeat.
// The per-client rate limits are raised for the run (one client address places every order). Asserts nothing: it
// exits non-zero only when the books do not add up or the shop fails to start.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  benchOnThrowawayPostgres,
  benchOnThrowawaySqlite,
  autocannonRun,
  BENCH_ADMIN,
  json,
  percentile,
  rssMb,
  startBenchStrapi,
} from './lib/bench.mjs';
import { orderBodies, orderCount, runOrders, stockUp, unitsLeft } from './lib/checkout-orders.mjs';
import { compareTable, prepareAgainst } from './lib/checkout-against.mjs';

const require = createRequire(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'package.json'));
const autocannon = require('autocannon');

const SECONDS = Number.parseInt(process.argv[2] ?? '15', 10);
const MEMORY_ORDERS = Number.parseInt(process.argv[3] ?? '10000', 10);
const ONLY = process.env.BENCH_ONLY;
const LIMITS = {
  RATE_LIMIT_ORDERS_MAX: '100000000',
  RATE_LIMIT_QUOTE_MAX: '100000000',
  RATE_LIMIT_LOGIN_MAX: '1000',
};

/**
 * One autocannon run over `bodies` (round robin, fresh Idempotency-Key each). `duration` in seconds or `amount`
 * requests. Latencies are collected per answer, so p95 is exact.
 */
function placeOrders(base, bodies, { connections, duration, amount }) {
  let next = 0;
  const latencies = [];
  const statuses = new Map();
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${base}/api/orders`,
        connections,
        pipelining: 1,
        ...(amount ? { amount } : { duration }),
        requests: [
          {
            method: 'POST',
            setupRequest(req) {
              req.headers = { ...req.headers, 'content-type': 'application/json', 'idempotency-key': randomUUID() };
              req.body = bodies[next++ % bodies.length];
              return req;
            },
          },
        ],
      },
      (err, result) => {
        if (err) return reject(err);
        latencies.sort((a, b) => a - b);
        resolve({
          ok: statuses.get(201) ?? 0,
          failed: [...statuses.entries()].filter(([s]) => s !== 201),
          errors: result.errors + result.timeouts,
          perSecond: (statuses.get(201) ?? 0) / (result.duration || 1),
          p50: Math.round(percentile(latencies, 50)),
          p95: Math.round(percentile(latencies, 95)),
          p99: Math.round(percentile(latencies, 99)),
        });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
      latencies.push(responseTime);
    });
  });
}

async function rate(base, target, connections, duration) {
  const result = await autocannonRun(base, target, { connections, duration });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

const results = [];
let booksWrong = false;

/** `side`: which shop (comparison mode): its label, the starter and its environment; none: the working tree's. */
async function bench(kind, env, side = null) {
  const profile = process.env.BENCH_PROFILE;
  const shop = await startBenchStrapi(
    { ...env, ...LIMITS, ...(side?.env ?? {}) },
    {
      nodeArgs: profile
        ? [
            '--cpu-prof',
            `--cpu-prof-dir=${path.resolve(profile)}`,
            `--cpu-prof-name=${kind}-${side?.label ?? 'main'}-${Date.now()}.cpuprofile`,
          ]
        : [],
      script: side?.script,
    },
  );
  try {
    const { token } = await json(shop.url, '/api/auth/login', { body: BENCH_ADMIN });
    const products = await stockUp(shop.url, token);
    const bodies = orderBodies(products);
    const startUnits = await unitsLeft(shop.url, token, products);
    const startOrders = await orderCount(shop.url, token);
    // Warm-up: every path compiled and every cache filled once.
    let placed = (await placeOrders(shop.url, bodies, { connections: 2, amount: 200 })).ok;
    // A timed run stops with up to one request per client in flight: the shop may still make those orders.
    let inFlight = 0;
    const row = { kind, side: side?.label ?? 'working tree' };
    for (const connections of [10, 50]) {
      const run = await placeOrders(shop.url, bodies, { connections, duration: SECONDS });
      placed += run.ok;
      // …and one that timed out on the client may still have been placed by the shop.
      inFlight += connections + run.errors;
      row[connections] = run;
      console.error(
        `${kind}, ${connections} clients: ${run.perSecond.toFixed(1)} orders/s, p50 ${run.p50} ms, p95 ${run.p95} ms, p99 ${run.p99} ms, not 201: ${JSON.stringify(run.failed)}, errors ${run.errors}`,
      );
    }
    // The quote beside the health endpoints, 10 clients each.
    const { payload } = await json(shop.url, '/api/products?limit=4');
    const quoteBody = {
      items: [{ productId: payload[0]._id, size: payload[0].size[0], quantity: 1, color: payload[0].colors[0]?.name }],
      paymentMethod: 'transfer',
      deliveryType: 'pickup',
    };
    row.rates = {};
    for (const target of [
      { name: '/_health', path: '/_health' },
      { name: '/api/health', path: '/api/health' },
      { name: 'quote', path: '/api/checkout/quote', body: quoteBody },
    ]) {
      row.rates[target.name] = await rate(shop.url, target, 10, Math.min(SECONDS, 10));
      console.error(`${kind}, ${target.name}: ${Math.round(row.rates[target.name].rps)} req/s`);
    }
    // Memory over many orders in a row (not in the comparison mode).
    if (!side) {
      await new Promise((r) => setTimeout(r, 2000));
      const before = rssMb(shop.pid);
      const started = Date.now();
      const long = await placeOrders(shop.url, bodies, { connections: 10, amount: MEMORY_ORDERS });
      placed += long.ok;
      inFlight += long.errors;
      await new Promise((r) => setTimeout(r, 2000));
      const after = rssMb(shop.pid);
      row.memory = { before, after, orders: long.ok, seconds: (Date.now() - started) / 1000, failed: long.failed, errors: long.errors };
      console.error(`${kind}, ${long.ok} orders in a row: RSS ${before.toFixed(0)} MB → ${after.toFixed(0)} MB`);
    }
    // The books.
    const left = await unitsLeft(shop.url, token, products);
    const made = (await orderCount(shop.url, token)) - startOrders;
    const orders = await runOrders(shop.url, token, made);
    row.books = {
      answered201: placed,
      ordersMade: made,
      unitsOrdered: orders.units,
      stockTaken: startUnits - left,
      repeated: orders.repeated,
      gaps: orders.gaps,
    };
    // Every 201 is an order; the only orders without one are those in flight when a timed run stopped or timed out.
    const ok = made >= placed && made - placed <= inFlight && startUnits - left === orders.units && orders.repeated === 0 && !orders.gaps;
    if (!ok) booksWrong = true;
    console.error(`${kind}, books: ${JSON.stringify(row.books)} → ${ok ? 'exact' : 'WRONG'}`);
    results.push(row);
  } finally {
    await shop.stop();
  }
}

if (process.env.BENCH_AGAINST) {
  const against = prepareAgainst(process.env.BENCH_AGAINST);
  const A = {
    label: against.sha,
    script: fileURLToPath(new URL('./lib/serve-app.mjs', import.meta.url)),
    env: { SHOP_APP_DIR: against.appDir },
  };
  const B = { label: 'working tree' };
  for (const kind of ['sqlite', 'postgres']) {
    if (ONLY && ONLY !== kind) continue;
    for (const side of [A, B, B, A]) {
      if (kind === 'sqlite') await benchOnThrowawaySqlite(async (k, env) => bench(k, env, side));
      else await benchOnThrowawayPostgres(async (k, env) => bench(k, env, side), 'SELECT 1');
    }
  }
  console.log(compareTable(results, against.sha, SECONDS));
  if (booksWrong) {
    console.error('\nThe books do not add up (see above)');
    process.exitCode = 1;
  }
  process.exit();
}

if (ONLY !== 'postgres') await benchOnThrowawaySqlite(async (kind, env) => bench(kind, env));
if (ONLY !== 'sqlite') await benchOnThrowawayPostgres(async (kind, env) => bench(kind, env), 'SELECT 1');

const pad = (s, n) => String(s).padEnd(n);
console.log(`\nOrders (POST /api/orders, ${SECONDS} s per run; cash, pickup, one or two lines; fresh Idempotency-Key each)\n`);
console.log(`| ${pad('database', 10)} | clients | orders/s | p50 ms | p95 ms | p99 ms | not 201 | errors |`);
console.log(`| ${'-'.repeat(10)} | ------- | -------- | ------ | ------ | ------ | ------- | ------ |`);
for (const row of results)
  for (const c of [10, 50]) {
    const r = row[c];
    const refused = r.failed.reduce((n, [, count]) => n + count, 0);
    console.log(
      `| ${pad(row.kind, 10)} | ${pad(c, 7)} | ${pad(r.perSecond.toFixed(1), 8)} | ${pad(r.p50, 6)} | ${pad(r.p95, 6)} | ${pad(r.p99, 6)} | ${pad(refused, 7)} | ${pad(r.errors, 6)} |`,
    );
  }
console.log(`\nQuote beside the health endpoints (10 clients, req/s)\n`);
console.log(`| ${pad('database', 10)} | /_health | /api/health | quote | quote ÷ /api/health | quote ÷ /_health |`);
console.log(`| ${'-'.repeat(10)} | -------- | ----------- | ----- | ------------------- | ---------------- |`);
for (const row of results) {
  const r = row.rates;
  console.log(
    `| ${pad(row.kind, 10)} | ${pad(Math.round(r['/_health'].rps), 8)} | ${pad(Math.round(r['/api/health'].rps), 11)} | ${pad(Math.round(r.quote.rps), 5)} | ${pad((r.quote.rps / r['/api/health'].rps).toFixed(2), 19)} | ${pad((r.quote.rps / r['/_health'].rps).toFixed(2), 16)} |`,
  );
}
console.log(`\nMemory (server RSS) over orders in a row, 10 clients\n`);
console.log(`| ${pad('database', 10)} | orders | seconds | RSS before MB | RSS after MB | growth MB | not 201 |`);
console.log(`| ${'-'.repeat(10)} | ------ | ------- | ------------- | ------------ | --------- | ------- |`);
for (const row of results) {
  const m = row.memory;
  console.log(
    `| ${pad(row.kind, 10)} | ${pad(m.orders, 6)} | ${pad(m.seconds.toFixed(0), 7)} | ${pad(m.before.toFixed(0), 13)} | ${pad(m.after.toFixed(0), 12)} | ${pad((m.after - m.before).toFixed(0), 9)} | ${pad(
      m.failed.reduce((n, [, c]) => n + c, 0),
      7,
    )} |`,
  );
}
console.log(`\nBooks: ${results.map((r) => `${r.kind} ${JSON.stringify(r.books)}`).join('; ')}`);
if (booksWrong) {
  console.error('\nThe books do not add up (see above)');
  process.exitCode = 1;
}
