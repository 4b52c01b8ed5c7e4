// Reads the machine-readable reports the test stages write (Vitest's and Playwright's JSON, the production checks'
// closing lines) into one shape: per stage its files, tests and failures, per file its time. scripts/test.mjs prints
// them as the table that ends `npm test`.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** @typedef {{ file: string, ms: number, tests: number, failed: number }} FileTime */
/** @typedef {{ files: number, tests: number, failed: number, skipped: number, fileTimes: FileTime[] }} Counts */

const empty = () => ({ files: 0, tests: 0, failed: 0, skipped: 0, fileTimes: [] });

/** Vitest's JSON reporter (`--reporter=json --outputFile.json=…`). */
export function readVitestReport(file, root) {
  const counts = empty();
  if (!existsSync(file)) return undefined;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  for (const result of report.testResults ?? []) {
    const tests = result.assertionResults ?? [];
    const ran = tests.filter((t) => t.status === 'passed' || t.status === 'failed');
    const failed = tests.filter((t) => t.status === 'failed').length + (result.status === 'failed' && tests.length === 0 ? 1 : 0);
    counts.files += 1;
    counts.tests += ran.length;
    counts.failed += failed;
    counts.skipped += tests.length - ran.length;
    counts.fileTimes.push({
      file: path.relative(root, result.name),
      ms: Math.max(0, (result.endTime ?? 0) - (result.startTime ?? 0)),
      tests: ran.length,
      failed,
    });
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
