#!/usr/bin/env node
// Writes cms/tests/api-durations.json from the last `npm test`'s API reports (.tmp/test-report/api-*.json): each
// file's time, the longer of its SQLite and PostgreSQL runs, in seconds. cms/tests/run-api-tests.mjs deals the files
// to its shards by these times; run this after adding or slowing API tests so the shards stay even (a file missing
// from the list counts as a minute until then).
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readVitestReport } from './lib/test-report.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reportDir = path.join(root, '.tmp', 'test-report');
const target = path.join(root, 'cms', 'tests', 'api-durations.json');
const seconds = {};
for (const name of readdirSync(reportDir).filter((f) => /^api-.*\.json$/.test(f))) {
  for (const { file, ms } of readVitestReport(path.join(reportDir, name), path.join(root, 'cms', 'tests'), { oneAfterAnother: true })
    ?.fileTimes ?? []) {
    seconds[file] = Math.max(seconds[file] ?? 0, Math.round(ms / 100) / 10);
  }
}
if (Object.keys(seconds).length === 0) {
  console.error(`no API report in ${reportDir}: run the API tests through npm test first`);
  process.exit(1);
}
const previous = JSON.parse(readFileSync(target, 'utf8'));
const sorted = Object.fromEntries(Object.entries({ ...previous.seconds, ...seconds }).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(target, `${JSON.stringify({ note: previous.note, seconds: sorted }, null, 2)}\n`);
console.log(`${Object.keys(seconds).length} files' times written to ${path.relative(root, target)}`);
