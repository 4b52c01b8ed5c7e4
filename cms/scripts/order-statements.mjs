// How many SQL statements one checkout order makes (POST /api/orders, cash, pickup, one line then two lines), on
// SQLite and on PostgreSQL, for the working tree and, with BENCH_AGAINST=<commit>, for that commit (built once in a
// worktree as bench:checkout's comparison does). Counts knex's queries (DEBUG=knex:query) between two markers, after
// a warm-up: every statement the shop sends to the database, transactions' BEGIN/COMMIT included.
//
//   node cms/scripts/order-statements.mjs            BENCH_ONLY=sqlite|postgres   BENCH_AGAINST=0cace42
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { BENCH_ADMIN, benchOnThrowawayPostgres, benchOnThrowawaySqlite, json, startBenchStrapi } from './lib/bench.mjs';
import { orderBodies, stockUp } from './lib/checkout-orders.mjs';
import { prepareAgainst } from './lib/checkout-against.mjs';

const ONLY = process.env.BENCH_ONLY;
const sides = [{ label: 'working tree' }];
if (process.env.BENCH_AGAINST) {
  const against = prepareAgainst(process.env.BENCH_AGAINST);
  sides.unshift({
    label: against.sha,
    script: fileURLToPath(new URL('./lib/serve-app.mjs', import.meta.url)),
    env: { SHOP_APP_DIR: against.appDir },
  });
}

const place = (url, body) =>
  fetch(`${url}/api/orders`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() }, body });

/** The knex debug lines of the log since `from`, by kind of statement. */
function statements(log, from) {
  const lines = log
    .slice(from)
    .split('\n')
    .filter((l) => l.includes('knex:query'));
  const kinds = {};
  for (const line of lines) {
    const sql = line.replace(/.*knex:query\s+/, '').trim();
    const word = (/^(\w+)/.exec(sql)?.[1] ?? '?').toLowerCase();
    kinds[word] = (kinds[word] ?? 0) + 1;
  }
  return { total: lines.length, kinds, sql: lines.map((l) => l.replace(/.*knex:query\s+/, '').trim()) };
}

const rows = [];
async function count(kind, env, side) {
  const shop = await startBenchStrapi(
    { ...env, ...(side.env ?? {}), DEBUG: 'knex:query', DEBUG_COLORS: 'false', RATE_LIMIT_ORDERS_MAX: '100000' },
    { script: side.script },
  );
  try {
    const { token } = await json(shop.url, '/api/auth/login', { body: BENCH_ADMIN });
    const bodies = orderBodies(await stockUp(shop.url, token));
    for (let i = 0; i < 20; i++) await place(shop.url, bodies[i % bodies.length]);
    await new Promise((r) => setTimeout(r, 1500)); // background work of the warm-up (events, sync jobs) settles
    for (const [label, body] of [
      ['one line', bodies[0]],
      ['two lines', bodies[1]],
    ]) {
      const from = shop.log().length;
      const res = await place(shop.url, body);
      if (res.status !== 201) throw new Error(`order answered ${res.status}: ${await res.text()}`);
      await new Promise((r) => setTimeout(r, 300));
      const counted = statements(shop.log(), from);
      rows.push({ kind, side: side.label, order: label, ...counted });
      // BENCH_VERBOSE=1: the statements themselves.
      if (process.env.BENCH_VERBOSE) for (const sql of counted.sql) console.error(`    ${sql.slice(0, 220)}`);
      console.error(`${kind} ${side.label} ${label}: ${counted.total} statements ${JSON.stringify(counted.kinds)}`);
    }
  } finally {
    await shop.stop();
  }
}

for (const side of sides) {
  if (ONLY !== 'postgres') await benchOnThrowawaySqlite((kind, env) => count(kind, env, side));
  if (ONLY !== 'sqlite') await benchOnThrowawayPostgres((kind, env) => count(kind, env, side), 'SELECT 1');
}
console.log('\n| database | shop | order | statements | by kind |');
console.log('| --- | --- | --- | --- | --- |');
for (const r of rows)
  console.log(
    `| ${r.kind} | ${r.side} | ${r.order} | ${r.total} | ${Object.entries(r.kinds)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')} |`,
  );
