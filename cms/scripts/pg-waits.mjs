// Where PostgreSQL's sessions wait while something else (a bench, a test) runs: samples `pg_stat_activity` every
// `interval` ms for `seconds` s and prints, for the client sessions that were not idle, how often each was waiting
// on what (a lock, the client, I/O, or running), then the statements the lock waiters were blocked in and the last
// statement of the sessions idle in a transaction (holding their locks while they wait for their client). Issue 64's
// diagnosis: the checkout's product-row lock holders were "idle in transaction" between statements, waiting for the
// shop's busy event loop, and every other checkout waited on their locks.
//
//   node cms/scripts/pg-waits.mjs [seconds=10] [interval ms=50]     (beside e.g. BENCH_ONLY=postgres bench:checkout)
//   BENCH_PG_ADMIN_URL   where to read from (default postgres://postgres@127.0.0.1:5432/postgres)
//
// Asserts nothing; a sample is a snapshot, so the counts are proportions of time, not numbers of statements.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'package.json'));
const pg = require('pg');

const SECONDS = Number.parseInt(process.argv[2] ?? '10', 10);
const INTERVAL_MS = Number.parseInt(process.argv[3] ?? '50', 10);
const client = new pg.Client({ connectionString: process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' });

const SAMPLE = `SELECT coalesce(wait_event_type, 'running') AS kind, coalesce(wait_event, '-') AS event, state,
  left(regexp_replace(query, '\\s+', ' ', 'g'), 100) AS query
  FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND backend_type = 'client backend' AND state <> 'idle'`;

/** Counts of each key, most frequent first, as table rows. */
function tally(rows, keyOf, limit) {
  const counts = new Map();
  for (const row of rows) counts.set(keyOf(row), (counts.get(keyOf(row)) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, limit);
}

await client.connect();
const seen = [];
let samples = 0;
const until = Date.now() + SECONDS * 1000;
while (Date.now() < until) {
  const { rows } = await client.query(SAMPLE);
  seen.push(...rows);
  samples += 1;
  await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS));
}
await client.end();

console.log(`${samples} samples over ${SECONDS} s, ${seen.length} busy session snapshots\n`);
console.log('| waiting on | state | snapshots |\n| --- | --- | --- |');
for (const [key, n] of tally(seen, (r) => `${r.kind}: ${r.event} | ${r.state}`, 12)) console.log(`| ${key} | ${n} |`);
const sections = [
  ['Lock waiters, in', (r) => r.kind === 'Lock'],
  ['Idle in a transaction, after', (r) => r.state === 'idle in transaction'],
];
for (const [title, wanted] of sections) {
  console.log(`\n${title}:`);
  for (const [query, n] of tally(seen.filter(wanted), (r) => r.query, 8)) console.log(`  ${String(n).padStart(6)}  ${query}`);
}
