// Throughput of the public checkout quote beside the catalogue reads it should keep up with, in one run, on a shop
// that is already running. Usage: node cms/scripts/bench-quote.mjs [url] [seconds per URL] [connections]
//   e.g. RATE_LIMIT_QUOTE_MAX=100000000 npm start   (the quote is rate limited per client: raise it for the run)
//        node cms/scripts/bench-quote.mjs http://127.0.0.1:1337 10 50
// Measures /_health (the floor), the first catalogue page and /api/content (served from the answer cache), and
// POST /api/checkout/quote for a pickup and for a home delivery found by barrio (the storefront asks on every cart
// change). Prints requests per second, p99 and each one's ratio to /_health and to the catalogue page. Asserts nothing.
import { autocannonRun } from './lib/bench.mjs';

const base = (process.argv[2] ?? 'http://127.0.0.1:1337').replace(/\/+$/, '');
const seconds = Number.parseInt(process.argv[3] ?? '10', 10);
const connections = Number.parseInt(process.argv[4] ?? '50', 10);

async function json(pathname, init) {
  const res = await fetch(`${base}${pathname}`, init);
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${pathname} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/** Two products with a size in stock, and a barrio of the first enabled zone (the shop's own content). */
async function cart() {
  const products = (await json('/api/products?limit=12')).payload;
  const lines = products
    // A variant (colour × size) with units: quote lines name both.
    .map((p) => {
      const variant = (p.variants ?? []).find((v) => v.active && v.stock > 2);
      return { productId: p._id, size: variant?.size, color: variant?.color ?? undefined };
    })
    .filter((line) => line.size)
    .slice(0, 2)
    .map((line) => ({ ...line, quantity: 1 }));
  if (lines.length === 0) throw new Error('No product with stock to quote');
  const { content } = await json('/api/content');
  const zone = content.checkout.shipping.homeDelivery.zones.find((z) => z.enabled && z.barrios.length > 0);
  return { lines, barrio: zone?.barrios[0] ?? null };
}

const { lines, barrio } = await cart();
const pickup = { items: lines, paymentMethod: 'transfer', deliveryType: 'pickup' };
const delivery = { items: lines, paymentMethod: 'cash', deliveryType: 'delivery', ...(barrio ? { barrio } : {}) };
for (const body of [pickup, delivery])
  await json('/api/checkout/quote', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

const targets = [
  { name: '/_health', path: '/_health' },
  { name: 'catalogue', path: '/api/products?page=1&limit=12' },
  { name: 'content', path: '/api/content' },
  { name: 'quote pickup', path: '/api/checkout/quote', body: pickup },
  { name: 'quote delivery', path: '/api/checkout/quote', body: delivery },
];

const rows = [];
for (const target of targets) {
  const result = await autocannonRun(base, target, { connections, duration: seconds });
  const errors = result.errors + result.timeouts + result.non2xx;
  rows.push({ ...target, rps: result.requests.average, p99: result.latency.p99, errors, limited: result['4xx'] ?? 0 });
  console.error(`measured ${target.name}: ${Math.round(result.requests.average)} req/s`);
}

const health = rows[0].rps;
const catalogue = rows[1].rps;
const pad = (s, n) => String(s).padEnd(n);
console.log(`\n${connections} connections, ${seconds} s per URL, ${base}${barrio ? ` (delivery to ${barrio})` : ''}\n`);
console.log(
  `| ${pad('request', 14)} | ${pad('req/s', 8)} | ${pad('p99 ms', 7)} | ${pad('× /_health', 10)} | ${pad('× catalogue', 11)} | errors |`,
);
console.log(`| ${'-'.repeat(14)} | ${'-'.repeat(8)} | ${'-'.repeat(7)} | ${'-'.repeat(10)} | ${'-'.repeat(11)} | ------ |`);
for (const row of rows) {
  console.log(
    `| ${pad(row.name, 14)} | ${pad(Math.round(row.rps), 8)} | ${pad(row.p99, 7)} | ${pad((row.rps / health).toFixed(2), 10)} | ${pad((row.rps / catalogue).toFixed(2), 11)} | ${row.errors} |`,
  );
}
if (rows.some((r) => r.limited > 0)) console.log('\nSome answers were 4xx: start the shop with RATE_LIMIT_QUOTE_MAX raised for the run.');
