// Throughput of the public catalogue reads beside Strapi's own /_health, on a shop that is already running.
// Usage: node cms/scripts/bench-catalogue.mjs [url] [seconds per URL] [connections]
//   e.g. node cms/scripts/bench-catalogue.mjs http://127.0.0.1:1337 10 50
// Starts nothing itself (start the shop first, ideally a production build: `npm run build`, then
// `NODE_ENV=production ... node scripts/start.mjs`). Prints requests per second, p99 latency and the ratio of each
// URL to /_health, with the targets (list ≥ 0.6× and p99 ≤ 50 ms; product and content ≥ 0.8×). Asserts nothing.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'package.json'));
const autocannon = require('autocannon');

const base = (process.argv[2] ?? 'http://127.0.0.1:1337').replace(/\/+$/, '');
const seconds = Number.parseInt(process.argv[3] ?? '10', 10);
const connections = Number.parseInt(process.argv[4] ?? '50', 10);

async function firstProductId() {
  const res = await fetch(`${base}/api/products?limit=1`);
  if (!res.ok) throw new Error(`GET /api/products answered ${res.status}: is the shop running at ${base}?`);
  const body = await res.json();
  const id = body.payload?.[0]?._id;
  if (!id) throw new Error('The catalogue has no active product to measure');
  return id;
}

function run(url) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds, pipelining: 1 }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

const id = await firstProductId();
const targets = [
  { name: '/_health', path: '/_health' },
  { name: 'list', path: '/api/products?page=1&limit=12', ratio: 0.6, p99Limit: 50 },
  { name: 'product', path: `/api/products/${id}`, ratio: 0.8 },
  { name: 'content', path: '/api/content', ratio: 0.8 },
];

const rows = [];
for (const target of targets) {
  const result = await run(`${base}${target.path}`);
  const errors = result.errors + result.timeouts + result.non2xx;
  rows.push({ ...target, rps: result.requests.average, p99: result.latency.p99, errors });
  console.error(`measured ${target.name}: ${Math.round(result.requests.average)} req/s`);
}

const floor = rows[0].rps;
const pad = (s, n) => String(s).padEnd(n);
console.log(`\n${connections} connections, ${seconds} s per URL, ${base}\n`);
console.log(`| ${pad('URL', 10)} | ${pad('req/s', 8)} | ${pad('p99 ms', 7)} | ${pad('× /_health', 10)} | ${pad('errors', 6)} | target |`);
console.log(`| ${'-'.repeat(10)} | ${'-'.repeat(8)} | ${'-'.repeat(7)} | ${'-'.repeat(10)} | ${'-'.repeat(6)} | ------ |`);
for (const row of rows) {
  const ratio = row.rps / floor;
  const goals = [];
  if (row.ratio) goals.push(`≥${row.ratio}× ${ratio >= row.ratio ? 'ok' : 'MISSED'}`);
  if (row.p99Limit) goals.push(`p99≤${row.p99Limit} ${row.p99 <= row.p99Limit ? 'ok' : 'MISSED'}`);
  console.log(
    `| ${pad(row.name, 10)} | ${pad(Math.round(row.rps), 8)} | ${pad(row.p99, 7)} | ${pad(ratio.toFixed(2), 10)} | ${pad(row.errors, 6)} | ${goals.join(', ') || '-'} |`,
  );
}
