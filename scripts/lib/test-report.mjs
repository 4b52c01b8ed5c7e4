// Reads the machine-readable reports the test stages write (Vitest's and Playwright's JSON, the production checks'
// closing lines) into one shape: per stage its files, tests and failures, per file its time. scripts/test.mjs prints
// them as the table that ends `npm test`.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** @typedef {{ file: string, ms: number, tests: number, failed: number }} FileTime */
/** @typedef {{ files: number, tests: number, failed: number, skipped: number, fileTimes: FileTime[] }} Counts */

const empty = () => ({ files: 0, tests: 0, failed: 0, skipped: 0, fileTimes: [] });

/**
 * Vitest's JSON reporter (`--reporter=json --outputFile.json=…`). A file's time there runs from its first test's start
 * to its last test's end: it leaves out the file's own start (its worker, its imports) and its beforeAll and afterAll
 * hooks, which is where a file starts and stops its shops. With `oneAfterAnother` (a run whose files go one at a
 * time: the API and resilience runs), a file's time is instead from the end of the file before it to its own end, all
 * of it included (the first file's from its first test: before it the run's global setup starts its shared shops).
 */
export function readVitestReport(file, root, { oneAfterAnother = false } = {}) {
  const counts = empty();
  if (!existsSync(file)) return undefined;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const results = [...(report.testResults ?? [])].sort((a, b) => (a.startTime ?? 0) - (b.startTime ?? 0));
  let previousEnd = Infinity;
  for (const result of results) {
    const tests = result.assertionResults ?? [];
    const ran = tests.filter((t) => t.status === 'passed' || t.status === 'failed');
    const failed = tests.filter((t) => t.status === 'failed').length + (result.status === 'failed' && tests.length === 0 ? 1 : 0);
    counts.files += 1;
    counts.tests += ran.length;
    counts.failed += failed;
    counts.skipped += tests.length - ran.length;
    counts.fileTimes.push({
      file: path.relative(root, result.name),
      ms: Math.max(0, (result.endTime ?? 0) - (oneAfterAnother ? Math.min(previousEnd, result.startTime ?? 0) : (result.startTime ?? 0))),
      tests: ran.length,
      failed,
    });
    previousEnd = result.endTime ?? previousEnd;
  }
  return counts;
}

/** Playwright's JSON reporter: suites nest, one top-level suite per file. */
export function readPlaywrightReport(file, root, testDir) {
  if (!existsSync(file)) return undefined;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const counts = empty();
  for (const top of report.suites ?? []) {
    const entry = { file: path.relative(root, path.join(testDir, top.file)), ms: 0, tests: 0, failed: 0 };
    const walk = (suite) => {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests ?? []) {
          const results = test.results ?? [];
          for (const r of results) entry.ms += r.duration ?? 0;
          const last = results.at(-1);
          if (!last || last.status === 'skipped') {
            counts.skipped += 1;
            continue;
          }
          entry.tests += 1;
          if (test.status === 'unexpected' || test.status === 'flaky') entry.failed += 1;
        }
      }
      for (const child of suite.suites ?? []) walk(child);
    };
    walk(top);
    counts.files += 1;
    counts.tests += entry.tests;
    counts.failed += entry.failed;
    counts.fileTimes.push(entry);
  }
  return counts;
}

/** The production checks end with "<label>: N passed, M failed" (or "N passed, M failed"). */
export function readCheckTotals(output) {
  const match = [...output.matchAll(/(\d+) passed, (\d+) failed/g)].at(-1);
  if (!match) return undefined;
  return { files: 1, tests: Number(match[1]) + Number(match[2]), failed: Number(match[2]), skipped: 0, fileTimes: [] };
}

export function addCounts(a, b) {
  if (!a) return b;
  if (!b) return a;
  return {
    files: a.files + b.files,
    tests: a.tests + b.tests,
    failed: a.failed + b.failed,
    skipped: a.skipped + b.skipped,
    fileTimes: [...a.fileTimes, ...b.fileTimes],
  };
}

/** The API run's reports (`api-<database>-<shard>.json` in `dir`), their counts summed per database. */
export function readApiReports(dir, root) {
  const perDb = {};
  for (const kind of ['sqlite', 'postgres']) {
    let counts;
    for (let shard = 1; shard <= 8; shard += 1)
      counts = addCounts(counts, readVitestReport(path.join(dir, `api-${kind}-${shard}.json`), root, { oneAfterAnother: true }));
    if (counts) perDb[kind] = counts;
  }
  return perDb;
}

/**
 * The shops the API and resilience tests started (cms/tests/helpers/strapi-process.ts writes one line per start:
 * file, database, seconds to healthy), as [stage and database, { count, seconds }] sorted; none when the file is missing.
 */
export function readShopStarts(file) {
  if (!existsSync(file)) return [];
  const byStage = new Map();
  for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
    const [test, kind, secs] = line.split('\t');
    const key = `${test.startsWith('resilience/') ? 'resilience' : 'api'} ${kind}`;
    const entry = byStage.get(key) ?? { count: 0, seconds: 0 };
    entry.count += 1;
    entry.seconds += Number(secs);
    byStage.set(key, entry);
  }
  return [...byStage].sort();
}
