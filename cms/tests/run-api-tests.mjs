// Runs the API suite on SQLite and on PostgreSQL (required in CI; skipped with a notice locally if unreachable).
//
// Each database's run is one vitest run with its own Strapi on a free port, its own throwaway database (and the
// seeded template its files' own shops start from) and its own fakes; within a run the files go one after another
// (tests/vitest.config.mts), so a file never shares its shop with a file running at the same time. The two runs go
// at the same time. On a 2-core machine the stage is CPU-bound (starting shops is about half of it: 3–6 s of CPU
// each), so more runs would not end sooner and would stretch every start; on a larger machine TEST_API_SHARDS=n
// splits each database's files into n runs, dealt by their last known time (tests/api-durations.json, longest first
// onto the least loaded shard; a file not listed counts as a minute), so that the shards end together, and
// TEST_API_SHARDS_SQLITE or TEST_API_SHARDS_POSTGRES sets it for one database. Measured on a 2-core machine
// (2026-11-29): two runs 788 s, PostgreSQL in two shards beside SQLite 751 s (load average up to 5), both databases in
// two shards 841 s; `npm test` keeps one run per database. Each line of output is prefixed with its database (and
// shard). TEST_API_SERIAL=1 runs the databases one after another, with vitest's own output. TEST_REPORT_DIR set: each
// run writes vitest's JSON report there (api-<database>-<shard>.json), read by scripts/test.mjs for its closing table.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { compileCms, postgresAnswers } from './helpers/strapi-start.mjs';

const testsDir = path.dirname(fileURLToPath(import.meta.url));
const adminUrl = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const only = process.env.TEST_DB;
const kinds = [];
for (const kind of only ? [only] : ['sqlite', 'postgres']) {
  if (kind === 'postgres' && !(await postgresAnswers(adminUrl))) {
    if (process.env.CI) {
      console.error('PostgreSQL is required in CI but is not reachable');
      process.exit(1);
    }
    console.warn('PostgreSQL not reachable: skipping the PostgreSQL run of the API tests');
    continue;
  }
  kinds.push(kind);
}

if (process.env.SKIP_CMS_COMPILE !== '1') compileCms();
const serial = process.env.TEST_API_SERIAL === '1';
const args = process.argv.slice(2);
// Arguments (a file filter, -t …) narrow the run: then one shard per database, as before.
/** How many runs a database's files are dealt to: TEST_API_SHARDS_<DATABASE> (e.g. TEST_API_SHARDS_POSTGRES=2), else TEST_API_SHARDS. */
const shardsOf = (kind) =>
  serial || args.length > 0
    ? 1
    : Math.max(1, Number(process.env[`TEST_API_SHARDS_${kind.toUpperCase()}`] ?? process.env.TEST_API_SHARDS ?? 1));

/** The suite's files, dealt to `count` shards by their known times (longest first, each to the least loaded shard). */
export function planShards(count) {
  const files = readdirSync(path.join(testsDir, 'api'))
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => `api/${f}`)
    .sort();
  const durationsFile = path.join(testsDir, 'api-durations.json');
  const known = existsSync(durationsFile) ? JSON.parse(readFileSync(durationsFile, 'utf8')).seconds : {};
  const cost = (file) => known[file] ?? 60;
  const shards = Array.from({ length: count }, () => ({ files: [], seconds: 0 }));
  for (const file of [...files].sort((a, b) => cost(b) - cost(a) || a.localeCompare(b))) {
    const target = shards.reduce((least, shard) => (shard.seconds < least.seconds ? shard : least));
    target.files.push(file);
    target.seconds += cost(file);
  }
  return shards.filter((s) => s.files.length > 0);
}

/** One vitest run of `files` (all when empty) on `kind`; resolves with its exit code. */
function run(kind, shard, files, quiet) {
  const report = process.env.TEST_REPORT_DIR
    ? ['--reporter=default', '--reporter=json', `--outputFile.json=${path.join(process.env.TEST_REPORT_DIR, `api-${kind}-${shard}.json`)}`]
    : [];
  const child = spawn('npx', ['vitest', 'run', '--config', 'tests/vitest.config.mts', ...report, ...args, ...files], {
    cwd: path.join(testsDir, '..'),
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, TEST_DB: kind, SKIP_CMS_COMPILE: '1', TEST_API_SHARD: String(shard) },
  });
  if (quiet) {
    const label = `[${kind}${shardsOf(kind) > 1 ? ` ${shard}` : ''}]`.padEnd(13);
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => console.log(`${label}${line}`));
    }
  }
  return new Promise((resolve) => {
    child.on('error', () => resolve(1));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

const started = Date.now();
const outcomes = [];
if (serial) {
  for (const kind of kinds) {
    console.log(`\n=== API tests on ${kind} ===`);
    outcomes.push({ name: kind, code: await run(kind, 1, [], false) });
  }
} else {
  const runs = kinds.flatMap((kind) => {
    const shards = planShards(shardsOf(kind));
    if (shards.length > 1)
      shards.forEach((s, i) => console.log(`${kind} shard ${i + 1}: ${s.files.length} files, about ${Math.round(s.seconds)} s alone`));
    return shards.map((shard, i) => ({ kind, shard: i + 1, files: shards.length > 1 ? shard.files : [] }));
  });
  console.log(`\n=== API tests on ${kinds.join(' and ')}, ${runs.length} runs at the same time ===`);
  const codes = await Promise.all(runs.map((r) => run(r.kind, r.shard, r.files, runs.length > 1)));
  runs.forEach((r, i) => outcomes.push({ name: shardsOf(r.kind) > 1 ? `${r.kind} shard ${r.shard}` : r.kind, code: codes[i] }));
}
for (const { name, code } of outcomes) console.log(`API tests on ${name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`}`);
console.log(`API tests took ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(outcomes.every(({ code }) => code === 0) ? 0 : 1);
