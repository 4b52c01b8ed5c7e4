#!/usr/bin/env node
// Reports the gzipped size of what the home page loads: the entry chunk, every chunk it imports statically
// and its CSS (from Vite's build manifest), plus the deferred chunks the home requests after first paint.
// Usage: node scripts/measure-home.mjs [--build]   (builds first when --build is given or dist is missing)
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');

if (process.argv.includes('--build') || !existsSync(manifestPath)) {
  const result = spawnSync('npx', ['vite', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const entryKey = 'index.html' in manifest ? 'index.html' : Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) {
  console.error('No entry chunk in the manifest');
  process.exit(1);
}

const js = new Set();
const css = new Set();
function walk(key) {
  const chunk = manifest[key];
  if (!chunk || js.has(chunk.file)) return;
  js.add(chunk.file);
  for (const file of chunk.css ?? []) css.add(file);
  for (const imported of chunk.imports ?? []) walk(imported);
}
walk(entryKey);

// Loaded by the home page right after the first render (content icons), not before it.
const deferred = new Set();
function walkDeferred(key) {
  const chunk = manifest[key];
  if (!chunk || js.has(chunk.file) || deferred.has(chunk.file)) return;
  deferred.add(chunk.file);
  for (const imported of chunk.imports ?? []) walkDeferred(imported);
}
for (const key of Object.keys(manifest)) if (key.endsWith('packages/icons/src/index.ts')) walkDeferred(key);

function sizes(files) {
  return [...files].map((file) => {
    const buffer = readFileSync(join(dist, file));
    return { file, raw: buffer.length, gzip: gzipSync(buffer, { level: 9 }).length };
  });
}
const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
function report(title, rows) {
  const total = rows.reduce((sum, r) => sum + r.gzip, 0);
  console.log(`\n${title}`);
  for (const r of rows) console.log(`  ${r.file.padEnd(48)} ${kb(r.raw).padStart(10)}  gzip ${kb(r.gzip).padStart(9)}`);
  console.log(`  ${'total'.padEnd(48)} ${''.padStart(10)}  gzip ${kb(total).padStart(9)}`);
  return total;
}

const jsTotal = report('Home route JavaScript (entry + static imports):', sizes(js));
const cssTotal = report('Home route CSS:', sizes(css));
const deferredTotal = report('Deferred after first paint (content icon chunk):', sizes(deferred));
console.log(
  `\nHOME_JS_GZIP=${jsTotal} (${kb(jsTotal)})  HOME_CSS_GZIP=${cssTotal} (${kb(cssTotal)})  HOME_DEFERRED_GZIP=${deferredTotal} (${kb(deferredTotal)})`,
);
