// Runs the API suite on SQLite and on PostgreSQL (required in CI; skipped with a notice locally if unreachable).
//
// The two runs share nothing but the compiled CMS: each has its own Strapi on a free port, its own throwaway
// database and its own fakes, and within a run the files still go one after another (tests/vitest.config.mts).
// So they run at the same time, which takes the API stage from the sum of the two to about the longer one on a
// 2-core machine (a run waits on its Strapi and its database much of the time). Each line of output is prefixed
// with its database. TEST_API_SERIAL=1 runs them one after another instead, with vitest's own output.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { compileCms, postgresAnswers } from './helpers/strapi-start.mjs';

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
const serial = process.env.TEST_API_SERIAL === '1' || kinds.length < 2;

/** One vitest run of the API suite on `kind`; resolves with its exit code. */
function run(kind) {
  const child = spawn('npx', ['vitest', 'run', '--config', 'tests/vitest.config.mts', ...process.argv.slice(2)], {
    stdio: serial ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, TEST_DB: kind, SKIP_CMS_COMPILE: '1' },
  });
  if (!serial) {
    const label = `[${kind}]`.padEnd(11);
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
const codes = [];
if (serial) {
  for (const kind of kinds) {
    console.log(`\n=== API tests on ${kind} ===`);
    codes.push(await run(kind));
  }
} else {
  console.log(`\n=== API tests on ${kinds.join(' and ')}, at the same time ===`);
  codes.push(...(await Promise.all(kinds.map(run))));
}
kinds.forEach((kind, i) => console.log(`API tests on ${kind}: ${codes[i] === 0 ? 'passed' : `FAILED (exit ${codes[i]})`}`));
console.log(`API tests took ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(codes.every((code) => code === 0) ? 0 : 1);
