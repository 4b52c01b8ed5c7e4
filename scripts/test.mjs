#!/usr/bin/env node
// `npm test`: every check of the repository, the README's one command. The stages and what runs at the same time:
//
//   preflight                      programs and services present (seconds)
//   cms-build, then api            the CMS compiled and Strapi's panel built (once for every later stage), then the
//                                  API suite on SQLite and PostgreSQL (cms/tests/run-api-tests.mjs), bound by its
//                                  chains of shop starts and waits; beside that lane, one after another: the unit
//   ‖ unit, apps-build, static,    tests (one Vitest run of the five suites), the storefront and back office the
//     production                   browser tests serve, ESLint, the type check, Prettier, and the production, image
//                                  and backup-compose checks (on the cores the API tests leave idle)
//   resilience                     the heavy process tests (crashes, outages, backups, several processes)
//   e2e                            the browser tests against two shops of their own, a Playwright worker each
//   peak-faults                    the one resilience file whose answers must come within 10 s
//
// Each step's output is prefixed with its name when it runs beside another. At the end one table gives each stage's
// time, its files and tests (per database for the API), and the ten slowest files; the reports are kept in
// .tmp/test-report/. A failing step fails `npm test` (after the steps already running have finished); no step is
// optional and none is retried. TEST_STAGES=unit,api runs only those stages (the others are listed as not run).
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { addCounts, readApiReports, readCheckTotals, readPlaywrightReport, readShopStarts, readVitestReport } from './lib/test-report.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reportDir = path.join(root, '.tmp', 'test-report');
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });
const report = (name) => path.join(reportDir, name);
const vitestJson = (name) => ['--reporter=default', '--reporter=json', `--outputFile.json=${report(name)}`];

/**
 * A step: a command, and how its counts are read afterwards. `stage` groups steps in the closing table.
 * @typedef {{ name: string, stage: string, command: string, args: string[], cwd?: string, env?: Record<string,string>,
 *   counts?: (output: string) => (import('./lib/test-report.mjs').Counts | undefined | Record<string, any>) }} Step
 */

/** @type {Step} */
const preflight = { name: 'preflight', stage: 'preflight', command: 'node', args: ['scripts/preflight.mjs'] };
/** ESLint, the type check (one workspace at a time) and Prettier, one after another beside the API tests: one core. @type {Step[]} */
const staticSteps = [
  { name: 'lint', stage: 'static', command: 'npx', args: ['eslint', '.'] },
  { name: 'types', stage: 'static', command: 'node', args: ['scripts/typecheck-all.mjs'], env: { TYPECHECK_JOBS: '1' } },
  { name: 'format', stage: 'static', command: 'npx', args: ['prettier', '--check', '.'] },
];
/** @type {Step} */
const unit = {
  name: 'unit',
  stage: 'unit',
  command: 'npx',
  args: ['vitest', 'run', ...vitestJson('unit.json')],
  counts: () => readVitestReport(report('unit.json'), root),
};
/** @type {Step} */
const api = {
  name: 'api',
  stage: 'api',
  command: 'node',
  args: ['tests/run-api-tests.mjs'],
  cwd: path.join(root, 'cms'),
  env: { TEST_REPORT_DIR: reportDir, SKIP_CMS_COMPILE: '1' },
  counts: () => readApiReports(reportDir, root),
};
/**
 * The CMS compiled once for every stage that starts it (its server code and Strapi's own panel, which `strapi build`
 * compiles again): the API and resilience runs then skip their own compile (SKIP_CMS_COMPILE), and nothing rewrites
 * cms/dist while their shops start.
 * @type {Step}
 */
const cmsBuild = { name: 'cms-build', stage: 'build', command: 'node', args: ['scripts/start.mjs'], env: { SHOP_BUILD_ONLY: 'cms' } };
/** The storefront and the back office the browser tests and production checks serve, built beside the API tests. */
const appsBuild = { name: 'apps-build', stage: 'build', command: 'node', args: ['scripts/start.mjs'], env: { SHOP_BUILD_ONLY: 'apps' } };
/**
 * The resilience files in three steps of one stage. Two mostly wait (an ARCA lease run
 * out, a Mercado Libre outage): they run beside the files that keep the processors busy (orders under load, backups,
 * crashes, the proxy, two processes, a drain), two lanes of files one after another. The peak-faults file times every
 * answer (10 s at most) while Redis, PostgreSQL and Mercado Pago fail, so it runs with the machine to itself.
 */
const PEAK_FAULTS = 'peak-faults.test.ts';
// About as long as the other lane's files (2026-11-28: 151 s of files against 152 s).
const WAITING = ['invoicing-crash', 'mercadolibre-outage'].map((f) => `${f}.test.ts`);
/** @type {(name: string, filter: string[]) => Step} */
const resilienceStep = (name, filter) => ({
  name,
  stage: 'resilience',
  command: 'npx',
  args: ['vitest', 'run', '--config', 'tests/resilience/vitest.config.mts', ...filter, ...vitestJson(`${name}.json`)],
  cwd: path.join(root, 'cms'),
  env: { SKIP_CMS_COMPILE: '1', TEST_REPORT_DIR: reportDir },
  counts: () => readVitestReport(report(`${name}.json`), root, { oneAfterAnother: true }),
});
const resilienceBusy = resilienceStep('resilience', [`--exclude=**/${PEAK_FAULTS}`, ...WAITING.map((f) => `--exclude=**/${f}`)]);
const resilienceWaiting = resilienceStep('resilience-waits', WAITING);
const peakFaults = resilienceStep('peak-faults', [PEAK_FAULTS]);
/** @type {Step} */
const e2e = {
  name: 'e2e',
  stage: 'e2e',
  command: 'npx',
  args: ['playwright', 'test'],
  cwd: path.join(root, 'e2e'),
  // Two shops and two Playwright workers (e2e/playwright.config.ts): 4 min 4 s against 5 min 1 s with one (2026-11-30).
  env: { E2E_JSON_REPORT: report('e2e.json'), E2E_SHOPS: process.env.E2E_SHOPS ?? '2' },
  counts: () => readPlaywrightReport(report('e2e.json'), root, path.join(root, 'e2e', 'tests')),
};
/** @type {Step[]} */
const production = [
  { name: 'production', stage: 'production', command: 'node', args: ['scripts/production-check.mjs'], counts: readCheckTotals },
  { name: 'image', stage: 'production', command: 'node', args: ['scripts/image-check.mjs'], counts: readCheckTotals },
  { name: 'backup-compose', stage: 'production', command: 'node', args: ['scripts/backup-compose-check.mjs'], counts: readCheckTotals },
];

/** Steps in one array run at the same time; the arrays run one after another. A nested array is a lane of steps in order. */
// The resilience files and the browser tests one after the other: alone on a quiet 2-core machine they took 6 min 13 s
// and 5 min 12 s, side by side 16 min 56 s (the resilience files' processes start, crash and drain slower under the
// browser's load; 2026-11-27). The resilience files that wait run beside those that work (one lane each: 4 min 42 s
// in one lane, 2026-11-28). The peak-faults file (a 10 s answer limit) has the machine to itself.
const plan = [
  [preflight],
  // Two lanes from the start: the CMS compiled, then the API tests on both databases (bound by their chains of shop
  // starts and waits, which leave part of 2 cores idle); beside them the unit tests, the apps' build, the static
  // checks and the production checks, one after another.
  [
    [cmsBuild, api],
    [unit, appsBuild, ...staticSteps, ...production],
  ],
  [resilienceBusy, resilienceWaiting],
  [e2e],
  [peakFaults],
];

const only = process.env.TEST_STAGES?.split(',').map((s) => s.trim());
const named = (step) => !only || only.includes(step.stage) || only.includes(step.name);
// The builds go with any stage that runs what they build (the API and resilience runs skip their own compile).
const needs = { 'cms-build': ['api', 'resilience', 'e2e', 'production'], 'apps-build': ['e2e', 'production'] };
const wanted = (step) => named(step) || (needs[step.name] ?? []).some((stage) => only.includes(stage));

/** @type {Map<string, { ms: number, code: number, output: string, counts?: any }>} */
const results = new Map();
const started = Date.now();
let failed = false;
const loads = [];
const loadTimer = setInterval(() => loads.push(loadavg()[0]), 15_000);

/** Runs one step, its output prefixed with its name when `prefix`; resolves with its exit code. */
function runStep(step, prefix) {
  if (!wanted(step)) return Promise.resolve(0);
  const t0 = Date.now();
  let output = '';
  const child = spawn(step.command, step.args, {
    cwd: step.cwd ?? root,
    env: { ...process.env, ...step.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const label = prefix ? `[${step.name}] `.padEnd(14) : '';
  // Every line read before the step is summed up: readline may hand over the last lines after the child's 'close'.
  const drained = [child.stdout, child.stderr].map((stream) => {
    const lines = createInterface({ input: stream });
    lines.on('line', (line) => {
      output += `${line}\n`;
      console.log(`${label}${line}`);
    });
    return new Promise((done) => lines.once('close', done));
  });
  return new Promise((resolve) => {
    child.on('error', (error) => {
      output += String(error);
      resolve(127);
    });
    child.on('close', async (code) => {
      await Promise.all(drained);
      const result = { ms: Date.now() - t0, code: code ?? 1, output };
      try {
        result.counts = step.counts?.(output);
      } catch (error) {
        console.error(`${step.name}: its report could not be read (${error.message})`);
      }
      results.set(step.name, result);
      writeFileSync(report(`${step.name}.log`), output);
      console.log(`${label}── ${step.name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds(result.ms)}`);
      resolve(code ?? 1);
    });
  });
}

const seconds = (ms) =>
  ms >= 60_000 ? `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s` : `${Math.round(ms / 1000)} s`;

const groupTimes = [];
for (const group of plan) {
  if (failed) break;
  const lanes = group.map((entry) => (Array.isArray(entry) ? entry : [entry]));
  const runnable = lanes.filter((lane) => lane.some(wanted));
  if (runnable.length === 0) continue;
  const concurrent = runnable.length > 1;
  const t0 = Date.now();
  const codes = await Promise.all(
    runnable.map(async (lane) => {
      let worst = 0;
      for (const step of lane) {
        const code = await runStep(step, concurrent);
        if (code !== 0) {
          worst = code;
          break;
        }
      }
      return worst;
    }),
  );
  groupTimes.push({
    names: runnable
      .flat()
      .filter(wanted)
      .map((s) => s.name),
    ms: Date.now() - t0,
  });
  if (codes.some((c) => c !== 0)) failed = true;
}
clearInterval(loadTimer);

// ── The closing table ──
const rows = [];
const slowest = [];
const stages = [...new Set(plan.flat(2).map((s) => s.stage))];
for (const stage of stages) {
  const steps = plan.flat(2).filter((s) => s.stage === stage);
  const ran = steps.filter((s) => results.has(s.name));
  if (ran.length === 0) {
    rows.push([stage, 'not run', '', '', '']);
    continue;
  }
  // A stage's time: in each group, the longest lane (a lane's steps one after another add up), summed over the groups.
  const took = (step) => (ran.includes(step) ? results.get(step.name).ms : 0);
  const ms = plan
    .map((group) =>
      Math.max(0, ...group.map((entry) => (Array.isArray(entry) ? entry : [entry]).reduce((sum, step) => sum + took(step), 0))),
    )
    .reduce((a, b) => a + b, 0);
  const ok = ran.every((s) => results.get(s.name).code === 0);
  const countsOf = ran.map((s) => results.get(s.name).counts).filter(Boolean);
  const perDb = countsOf.find((c) => c.sqlite || c.postgres);
  if (perDb) {
    rows.push([stage, seconds(ms), '', '', ok ? 'passed' : 'FAILED']);
    for (const [kind, c] of Object.entries(perDb)) {
      rows.push([
        `  ${kind}`,
        '',
        String(c.files),
        `${c.tests}${c.skipped ? ` (+${c.skipped} skipped)` : ''}`,
        c.failed ? `${c.failed} failed` : '',
      ]);
      slowest.push(...c.fileTimes.map((f) => ({ ...f, stage: `${stage} ${kind}` })));
    }
    continue;
  }
  let total;
  for (const c of countsOf) total = addCounts(total, c);
  const names = steps.length > 1 ? ` (${ran.map((s) => `${s.name} ${seconds(results.get(s.name).ms)}`).join(', ')})` : '';
  rows.push([
    `${stage}${names}`,
    seconds(ms),
    total ? String(total.files) : '',
    total ? `${total.tests}${total.skipped ? ` (+${total.skipped} skipped)` : ''}` : '',
    ok ? 'passed' : 'FAILED',
  ]);
  if (stage === 'production' && countsOf.length) {
    rows[rows.length - 1][3] = countsOf.map((c) => c.tests).join(' + ');
  }
  if (total) slowest.push(...total.fileTimes.map((f) => ({ ...f, stage })));
}
const header = ['stage', 'time', 'files', 'tests', 'result'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
console.log('\n══ npm test ══');
console.log(line(header));
console.log(line(widths.map((w) => '-'.repeat(w))));
for (const r of rows) console.log(line(r));
console.log('\nWhat ran at the same time (wall clock of each group):');
for (const g of groupTimes) console.log(`  ${g.names.join(' ‖ ')}: ${seconds(g.ms)}`);
console.log('\nThe ten slowest files:');
for (const f of slowest.sort((a, b) => b.ms - a.ms).slice(0, 10)) {
  console.log(`  ${seconds(f.ms).padStart(10)}  ${f.stage.padEnd(18)} ${f.file} (${f.tests} tests)`);
}
// Shops the API and resilience tests started (cms/tests/helpers/strapi-process.ts writes each one down).
const starts = readShopStarts(report('strapi-starts.tsv'));
if (starts.length > 0) console.log('\nShops started by the tests (each a `strapi start` until healthy):');
for (const [key, { count, seconds: secs }] of starts)
  console.log(`  ${key.padEnd(20)} ${String(count).padStart(4)} starts, ${Math.round(secs)} s to healthy in all`);
if (loads.length === 0) loads.push(loadavg()[0]);
const avg = loads.reduce((a, b) => a + b, 0) / loads.length;
console.log(
  `\nTotal ${seconds(Date.now() - started)}; load average over the run ${avg.toFixed(1)} (max ${Math.max(0, ...loads).toFixed(1)}) on ${(
    await import('node:os')
  ).availableParallelism()} cores; reports in ${path.relative(root, reportDir)}/`,
);
console.log(failed ? 'npm test FAILED' : 'npm test passed');
process.exit(failed ? 1 : 0);
