#!/usr/bin/env node
// `npm start`: builds whatever is missing or out of date, then serves the whole shop on one origin:
// storefront at /, back office at /admin, API at /api, Strapi's panel at /cms (default http://localhost:1337).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cmsDir = path.join(root, 'cms');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Newest modification time below a folder (ignoring build output and dependencies). */
function newest(dir) {
  if (!existsSync(dir)) return 0;
  const stat = statSync(dir);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = 0;
  for (const name of readdirSync(dir)) {
    if (['node_modules', 'dist', '.tmp', '.cache', '.strapi', 'public', 'tests', 'coverage'].includes(name)) continue;
    max = Math.max(max, newest(path.join(dir, name)));
  }
  return max;
}

function stale(output, inputs) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return inputs.some((input) => newest(input) > built);
}

/** Marks a build output as fresh (tools may leave unchanged files untouched). */
function touch(file) {
  const now = new Date();
  if (existsSync(file)) utimesSync(file, now, now);
}

function run(label, command, args, cwd = root) {
  console.log(`\n▶ ${label}`);
  const r = spawnSync(command, args, { cwd, stdio: 'inherit', env: process.env });
  if (r.status !== 0) {
    console.error(`✖ ${label} failed (exit ${r.status})`);
    process.exit(r.status ?? 1);
  }
}

if (!existsSync(path.join(root, 'node_modules'))) {
  console.error('Dependencies are missing: run `npm install` first (see README).');
  process.exit(1);
}

// Images built ahead of time (Dockerfile) skip the freshness checks.
const skipBuild = process.env.SHOP_SKIP_BUILD === '1';
// `npm test` builds ahead of the browser tests, so that their `npm start` only starts: SHOP_BUILD_ONLY=cms builds the
// shared package and the CMS (server and Strapi's panel) and exits, =apps the storefront and the back office, =1 all.
const buildOnly = process.env.SHOP_BUILD_ONLY;
const buildApps = buildOnly !== 'cms';
const buildCms = buildOnly !== 'apps';
const shared = path.join(root, 'packages', 'shared');
const sharedChanged = !skipBuild && stale(path.join(shared, 'dist', 'index.cjs'), [path.join(shared, 'src')]);
if (sharedChanged) {
  run('Building the shared package', npm, ['run', 'build', '-w', 'packages/shared']);
  touch(path.join(shared, 'dist', 'index.cjs'));
}

for (const app of buildApps ? ['storefront', 'admin-panel'] : []) {
  const dir = path.join(root, app);
  if (
    !skipBuild &&
    (sharedChanged ||
      stale(path.join(dir, 'dist', 'index.html'), [
        path.join(dir, 'src'),
        path.join(dir, 'index.html'),
        path.join(dir, 'vite.config.ts'),
        path.join(shared, 'src'),
        path.join(shared, 'styles'),
      ]))
  ) {
    run(`Building ${app}`, npm, ['run', 'build', '-w', app]);
    touch(path.join(dir, 'dist', 'index.html'));
  }
}

const cmsInputs = [path.join(cmsDir, 'src'), path.join(cmsDir, 'config'), path.join(shared, 'src')];
if (buildCms && !skipBuild && stale(path.join(cmsDir, 'dist', 'src', 'index.js'), cmsInputs)) {
  run('Compiling the CMS', process.execPath, [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], cmsDir);
  // tsc never deletes an output: files whose source moved or went would still be loaded by Strapi.
  run('Removing stale compiled files', process.execPath, [path.join(cmsDir, 'scripts', 'prune-dist.mjs')], cmsDir);
  touch(path.join(cmsDir, 'dist', 'src', 'index.js'));
}
const serveStrapiPanel = process.env.SERVE_STRAPI_ADMIN !== 'false';
// The panel bakes some of config/admin.ts in at build time (its URL, the auth cookie's path).
const panelIndex = path.join(cmsDir, 'dist', 'build', 'index.html');
if (buildCms && !skipBuild && serveStrapiPanel && stale(panelIndex, [path.join(cmsDir, 'config', 'admin.ts')])) {
  run("Building Strapi's own panel (/cms, first start only)", npm, ['run', 'build', '-w', 'cms']);
  touch(panelIndex);
}

if (buildOnly) {
  console.log('\n✔ Builds up to date');
  process.exit(0);
}

const port = process.env.PORT ?? '1337';
console.log(`\n▶ Starting the shop on http://localhost:${port} (storefront /, back office /admin, API /api, Strapi panel /cms)\n`);
// cms/scripts/serve.mjs: `strapi start` without the CLI's other commands loaded first (about a second less per start).
const child = spawn(process.execPath, [path.join(cmsDir, 'scripts', 'serve.mjs')], {
  cwd: cmsDir,
  stdio: 'inherit',
  // V8's code for the shop's modules kept between starts (cms/scripts/lib/compile-cache.mjs) where the shop is built
  // here: not in the production image (SHOP_SKIP_BUILD=1, read-only files). SHOP_COMPILE_CACHE= turns it off.
  env: {
    STRAPI_TELEMETRY_DISABLED: 'true',
    BROWSER: 'none',
    ...(skipBuild ? {} : { SHOP_COMPILE_CACHE: path.join(root, '.tmp', 'compile-cache') }),
    ...process.env,
    PORT: port,
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
