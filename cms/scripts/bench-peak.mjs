// `npm run bench:peak`: a Hot Sale morning in miniature. Two app processes on one throwaway PostgreSQL database,
// sharing Redis (rate limits, cache invalidation), take a mixed load for 5 minutes: 80 % browsing (catalogue pages,
// a category, a search, a product), 15 % quotes (POST /api/checkout/quote) and 5 % orders (POST /api/orders, a
// fresh Idempotency-Key each), spread over both processes. Prints throughput, p50/p99 per kind and every answer that
// was not the expected one; then checks the books (every 201 is one order, stock went down by the units ordered).
//
//   node cms/scripts/bench-peak.mjs [seconds] [clients]      defaults: 300 s, 20 clients
//   REDIS_URL (default redis://127.0.0.1:6379), BENCH_PG_ADMIN_URL as the other benchmarks.
// The per-client rate limits are raised for the run: every request comes from this one address.
import { randomUUID } from 'node:crypto';
import { benchOnThrowawayPostgres, BENCH_ADMIN, json, percentile, startBenchStrapi } from './lib/bench.mjs';

const SECONDS = Number.parseInt(process.argv[2] ?? '300', 10);
const CLIENTS = Number.parseInt(process.argv[3] ?? '20', 10);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const ENV = {
  REDIS_URL,
  RATE_LIMIT_PREFIX: `bench-peak-${Date.now()}`,
  RATE_LIMIT_ORDERS_MAX: '100000000',
  RATE_LIMIT_QUOTE_MAX: '100000000',
  RATE_LIMIT_INTERACTIONS_MAX: '100000000',
  RATE_LIMIT_LOGIN_MAX: '1000',
};
const MIX = [
  ['browse', 0.8],
  ['quote', 0.15],
  ['order', 0.05],
];

async function totalStock(base, token, ids) {
  let total = 0;
  for (const id of ids) total += (await json(base, `/api/products/${id}`, { headers: { authorization: `Bearer ${token}` } })).product.stock;
  return total;
}

async function orderCount(base, token) {
  return (await json(base, '/api/orders?limit=1', { headers: { authorization: `Bearer ${token}` } })).totalOrders;
}

/** Units held by the newest `count` orders. */
async function unitsOf(base, token, count) {
  let units = 0;
  let seen = 0;
  for (let page = 1; seen < count; page++) {
    const { orders } = await json(base, `/api/orders?limit=100&page=${page}`, { headers: { authorization: `Bearer ${token}` } });
    if (orders.length === 0) break;
    for (const order of orders.slice(0, count - seen)) units += order.items.reduce((n, i) => n + i.quantity, 0);
    seen += Math.min(orders.length, count - seen);
  }
  return units;
}

let failed = false;

async function peak(kind, env) {
  const first = await startBenchStrapi({ ...env, ...ENV });
  // The second process starts on the database the first one prepared.
  const second = await startBenchStrapi({ ...env, ...ENV });
  const shops = [first.url, second.url];
  try {
    const { token } = await json(first.url, '/api/auth/login', { body: BENCH_ADMIN });
    const auth = { authorization: `Bearer ${token}` };
    const catalogue = (await json(first.url, '/api/products?limit=50')).payload;
    // The ordered products get plenty of every size; browsing and quotes see the whole demo catalogue.
    const ordered = [];
    for (const p of catalogue.slice(0, 4)) {
      // Every variant (colour × size): orders name a colour and a size.
      const colors = p.colors.map((c) => c.name);
      const variants = (colors.length > 0 ? colors : [null]).flatMap((color) => p.size.map((size) => ({ color, size, stock: 100_000 })));
      await json(first.url, `/api/products/${p._id}`, { method: 'PUT', headers: auth, body: { variants, status: true } });
      ordered.push({ id: p._id, sizes: p.size, colors });
    }
    const categories = [...new Set(catalogue.map((p) => p.category).filter(Boolean))];
    // What a shopper can put in the cart: a size with stock of any product on the first pages.
    const quotable = catalogue.flatMap((p) =>
      (p.variants ?? [])
        .filter((v) => v.active && v.stock > 0)
        .map((v) => ({ productId: p._id, size: v.size, ...(v.color ? { color: v.color } : {}) })),
    );
    const startStock = await totalStock(
      first.url,
      token,
      ordered.map((p) => p.id),
    );
    const startOrders = await orderCount(first.url, token);
    const shopper = { fullName: 'Lucía Fernández', email: 'lucia@example.com', phone: '+54 299 555-0142' };
    let n = 0;
    const requests = {
      browse: () => {
        const r = n % 4;
        if (r === 0) return { path: `/api/products?page=${1 + (n % 3)}&limit=12` };
        if (r === 1) return { path: `/api/products?category=${encodeURIComponent(categories[n % categories.length] ?? '')}&limit=12` };
        if (r === 2) return { path: `/api/products?searchTerm=${['encaje', 'negro', 'body', 'conjunto'][n % 4]}&limit=12` };
        return { path: `/api/products/${catalogue[n % catalogue.length]._id}` };
      },
      quote: () => {
        const line = quotable[n % quotable.length];
        return {
          path: '/api/checkout/quote',
          body: { items: [{ ...line, quantity: 1 }], paymentMethod: 'transfer', deliveryType: 'pickup' },
        };
      },
      order: () => {
        const p = ordered[n % ordered.length];
        return {
          path: '/api/orders',
          headers: { 'idempotency-key': randomUUID() },
          body: {
            items: [
              {
                productId: p.id,
                size: p.sizes[n % p.sizes.length],
                ...(p.colors?.length ? { color: p.colors[n % p.colors.length] } : {}),
                quantity: 1 + (n % 2),
              },
            ],
            shippingInfo: shopper,
            paymentMethod: 'cash',
            deliveryType: 'pickup',
          },
          expect: 201,
        };
      },
    };
    const stats = Object.fromEntries(MIX.map(([k]) => [k, { latencies: [], wrong: new Map(), units: 0 }]));
    const until = Date.now() + SECONDS * 1000;
    const started = Date.now();
    async function client(index) {
      for (let i = 0; Date.now() < until; i++) {
        n += 1;
        const roll = Math.random();
        let acc = 0;
        const kindName = MIX.find(([, w]) => (acc += w) >= roll)?.[0] ?? 'browse';
        const req = requests[kindName]();
        const base = shops[(index + i) % shops.length];
        const t0 = performance.now();
        let status = 0;
        try {
          const res = await fetch(`${base}${req.path}`, {
            method: req.body ? 'POST' : 'GET',
            headers: req.body ? { 'content-type': 'application/json', ...req.headers } : {},
            body: req.body ? JSON.stringify(req.body) : undefined,
          });
          await res.arrayBuffer();
          status = res.status;
        } catch {
          status = -1;
        }
        const s = stats[kindName];
        s.latencies.push(performance.now() - t0);
        if (status !== (req.expect ?? 200)) s.wrong.set(status, (s.wrong.get(status) ?? 0) + 1);
        else if (kindName === 'order') s.units += req.body.items[0].quantity;
      }
    }
    const progress = setInterval(() => {
      const done = Object.values(stats).reduce((a, s) => a + s.latencies.length, 0);
      console.error(`${Math.round((Date.now() - started) / 1000)} s: ${done} requests`);
    }, 30_000);
    await Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(i)));
    clearInterval(progress);
    const elapsed = (Date.now() - started) / 1000;
    const pad = (s, w) => String(s).padEnd(w);
    let total = 0;
    console.log(`\n${kind}: two app processes, Redis, ${CLIENTS} clients, ${elapsed.toFixed(0)} s\n`);
    console.log(`| kind   | requests | req/s  | p50 ms | p99 ms | unexpected answers |`);
    console.log(`| ------ | -------- | ------ | ------ | ------ | ------------------ |`);
    for (const [name] of MIX) {
      const s = stats[name];
      const sorted = [...s.latencies].sort((a, b) => a - b);
      total += sorted.length;
      const wrong = [...s.wrong.entries()].map(([st, c]) => `${c} × ${st}`).join(', ') || '0';
      if (s.wrong.size > 0) failed = true;
      console.log(
        `| ${pad(name, 6)} | ${pad(sorted.length, 8)} | ${pad((sorted.length / elapsed).toFixed(1), 6)} | ${pad(Math.round(percentile(sorted, 50)), 6)} | ${pad(Math.round(percentile(sorted, 99)), 6)} | ${pad(wrong, 18)} |`,
      );
    }
    console.log(`| all    | ${pad(total, 8)} | ${pad((total / elapsed).toFixed(1), 6)} |        |        |                    |`);
    // The books: every 201 an order, stock down by exactly the units those orders hold.
    const made = (await orderCount(first.url, token)) - startOrders;
    const units = await unitsOf(first.url, token, made);
    const taken =
      startStock -
      (await totalStock(
        second.url,
        token,
        ordered.map((p) => p.id),
      ));
    const answered = stats.order.latencies.length - [...stats.order.wrong.values()].reduce((a, b) => a + b, 0);
    const exact = made === answered && units === stats.order.units && taken === units;
    if (!exact) failed = true;
    console.log(
      `\nBooks: ${answered} orders answered 201, ${made} made, ${units} units ordered, ${taken} taken from stock → ${exact ? 'exact' : 'WRONG'}`,
    );
  } finally {
    await Promise.all([first.stop(), second.stop()]);
  }
}

await benchOnThrowawayPostgres(async (kind, env) => peak(kind, env), 'SELECT 1');
if (failed) process.exitCode = 1;
