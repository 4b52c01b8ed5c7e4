// The shop's own CPU per order, side by side with another commit (issue 64): where bench:checkout's orders per second
// depend on everything else the machine does, the processor time the shop process spends on an order (user + system,
// read from /proc/<pid>/stat before and after) does much less, so a change on the hot path shows even on a busy machine.
// On SQLite one process writes at a time, so the shop's CPU per order is its ceiling: 1000 ÷ ms per order.
//
//   BENCH_AGAINST=<commit> node cms/scripts/order-cpu.mjs [orders] [pairs]
//   BENCH_ONLY=sqlite|postgres   one database only
//   BENCH_PROFILE=folder         each shop runs with --cpu-prof (profile-summary.mjs reads it)
//
// For each database and pair: A (the commit, built once in .tmp/bench-against/) and B (the working tree), A B B A,
// each on a fresh database: 200 orders to warm up, then `orders` orders at 10 clients (cash, pickup, one or two lines,
// a fresh Idempotency-Key each, as bench:checkout), the shop's CPU milliseconds per order, and the books (every 201 an
// order, the stock down by the units). Asserts nothing; exits non-zero when the books do not add up.
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BENCH_ADMIN, benchOnThrowawayPostgres, benchOnThrowawaySqlite, json, startBenchStrapi } from './lib/bench.mjs';
import { orderBodies, orderCount, stockUp, unitsLeft } from './lib/checkout-orders.mjs';
import { prepareAgainst } from './lib/checkout-against.mjs';

const require = createRequire(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'package.json'));
const autocannon = require('autocannon');
const ORDERS = Number.parseInt(process.argv[2] ?? '2000', 10);
const PAIRS = Number.parseInt(process.argv[3] ?? '1', 10);
const LIMITS = { RATE_LIMIT_ORDERS_MAX: '100000000', RATE_LIMIT_QUOTE_MAX: '100000000', RATE_LIMIT_LOGIN_MAX: '1000' };
const TICK_MS = 1000 / 100; // USER_HZ

/** The process's user + system CPU so far, in milliseconds. */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

function place(base, bodies, amount) {
  let next = 0;
  let ok = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${base}/api/orders`,
        connections: 10,
        amount,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        setupClient: (client) =>
          client.setRequests([
            {
              method: 'POST',
              setupRequest: (req) => ({
                ...req,
                headers: { ...req.headers, 'idempotency-key': randomUUID() },
                body: bodies[next++ % bodies.length],
              }),
              onResponse: (status) => (status === 201 ? (ok += 1) : undefined),
            },
          ]),
      },
      (err) => (err ? reject(err) : resolve(ok)),
    );
  });
}

async function measure(kind, env, side) {
  const profile = process.env.BENCH_PROFILE;
  const shop = await startBenchStrapi(
    { ...env, ...LIMITS, ...(side.env ?? {}) },
    {
      script: side.script,
      nodeArgs: profile
        ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profile)}`, `--cpu-prof-name=${kind}-${side.label}-${Date.now()}.cpuprofile`]
        : [],
    },
  );
  try {
    const { token } = await json(shop.url, '/api/auth/login', { body: BENCH_ADMIN });
    const products = await stockUp(shop.url, token);
    const bodies = orderBodies(products);
    const units0 = await unitsLeft(shop.url, token, products);
    const orders0 = await orderCount(shop.url, token);
    let placed = await place(shop.url, bodies, 200);
    const cpu0 = cpuMs(shop.pid);
    const t0 = performance.now();
    const ok = await place(shop.url, bodies, ORDERS);
    const ms = performance.now() - t0;
    const perOrder = (cpuMs(shop.pid) - cpu0) / ok;
    placed += ok;
    const made = (await orderCount(shop.url, token)) - orders0;
    const taken = units0 - (await unitsLeft(shop.url, token, products));
    const exact = made === placed && taken >= made;
    const row = { kind, side: side.label, perOrder, perSecond: (ok / ms) * 1000, ok, exact };
    console.log(
      `${kind} ${side.label.padEnd(12)} ${perOrder.toFixed(2)} ms CPU per order (${ok} orders, ${row.perSecond.toFixed(0)}/s wall), books ${exact ? 'exact' : 'WRONG'}`,
    );
    return row;
  } finally {
    await shop.stop();
  }
}

const against = prepareAgainst(process.env.BENCH_AGAINST ?? '0cace42');
const A = {
  label: against.sha,
  script: fileURLToPath(new URL('./lib/serve-app.mjs', import.meta.url)),
  env: { SHOP_APP_DIR: against.appDir },
};
const B = { label: 'working tree' };
const rows = [];
for (const kind of ['sqlite', 'postgres']) {
  if (process.env.BENCH_ONLY && process.env.BENCH_ONLY !== kind) continue;
  for (let pair = 0; pair < PAIRS; pair++) {
    for (const side of [A, B, B, A]) {
      const run = (k, env) => measure(k, env, side).then((r) => rows.push(r));
      if (kind === 'sqlite') await benchOnThrowawaySqlite(run);
      else await benchOnThrowawayPostgres(run, 'SELECT 1');
    }
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const kind of ['sqlite', 'postgres']) {
  const a = rows.filter((r) => r.kind === kind && r.side === A.label).map((r) => r.perOrder);
  const b = rows.filter((r) => r.kind === kind && r.side === B.label).map((r) => r.perOrder);
  if (a.length && b.length)
    console.log(
      `${kind}: ${A.label} ${median(a).toFixed(2)} ms, working tree ${median(b).toFixed(2)} ms CPU per order (B ÷ A ${(median(b) / median(a)).toFixed(2)})`,
    );
}
process.exit(rows.every((r) => r.exact) ? 0 : 1);
