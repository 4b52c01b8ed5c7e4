#!/usr/bin/env node
// Compares two folders of screenshots from visual-snapshots.mjs pixel by pixel and prints, per page, how many
// pixels differ (and writes a diff image for each page that differs into <after>/diff).
//
//   node e2e/scripts/visual-compare.mjs <before folder> <after folder>
//
// Exits with 1 when a page differs or is missing, so it can guard a change meant to be invisible.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

const [beforeDir, afterDir] = process.argv.slice(2);
if (!beforeDir || !afterDir) {
  console.error('usage: node e2e/scripts/visual-compare.mjs <before folder> <after folder>');
  process.exit(1);
}

const diffDir = path.join(afterDir, 'diff');
const names = readdirSync(beforeDir)
  .filter((name) => name.endsWith('.png'))
  .sort();
let changed = 0;
for (const name of names) {
  let after;
  try {
    after = PNG.sync.read(readFileSync(path.join(afterDir, name)));
  } catch {
    console.log(`${name.padEnd(40)} missing after`);
    changed += 1;
    continue;
  }
  const before = PNG.sync.read(readFileSync(path.join(beforeDir, name)));
  if (before.width !== after.width || before.height !== after.height) {
    console.log(`${name.padEnd(40)} size ${before.width}x${before.height} -> ${after.width}x${after.height}`);
    changed += 1;
    continue;
  }
  const diff = new PNG({ width: before.width, height: before.height });
  // threshold 0: any change of colour counts.
  const pixels = pixelmatch(before.data, after.data, diff.data, before.width, before.height, { threshold: 0 });
  console.log(`${name.padEnd(40)} ${pixels} differing pixels`);
  if (pixels > 0) {
    changed += 1;
    mkdirSync(diffDir, { recursive: true });
    writeFileSync(path.join(diffDir, name), PNG.sync.write(diff));
  }
}
console.log(`${names.length} pages, ${changed} with differences`);
process.exit(changed > 0 ? 1 : 0);
