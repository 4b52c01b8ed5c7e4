// `npm test`'s type check: every workspace's `typecheck` script, as `npm run typecheck` runs them, but as many at a
// time as the machine has cores instead of one after another (each `tsc` is a single thread). @shop/shared is built
// first when its sources are newer than its dist (scripts/build-shared.mjs), since the others check against it.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const built = spawnSync(process.execPath, [path.join(root, 'scripts', 'build-shared.mjs')], { cwd: root, stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);

const { workspaces } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const withTypecheck = workspaces.filter((ws) => {
  const pkg = JSON.parse(readFileSync(path.join(root, ws, 'package.json'), 'utf8'));
  return Boolean(pkg.scripts?.typecheck);
});
// The largest programs first, so that the last one to start is a short one.
const order = ['cms', 'admin-panel', 'storefront', 'e2e'];
withTypecheck.sort((a, b) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99));

const queue = [...withTypecheck];
const failures = [];
async function worker() {
  for (let ws = queue.shift(); ws; ws = queue.shift()) {
    const t0 = Date.now();
    const child = spawn(npm, ['run', 'typecheck', '--silent', '-w', ws], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const code = await new Promise((resolve) => child.on('close', (c) => resolve(c ?? 1)));
    process.stdout.write(output);
    console.log(`typecheck ${ws}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    if (code !== 0) failures.push(ws);
  }
}
// TYPECHECK_JOBS=n: at most n at a time (`npm test` runs it beside the API tests with one).
const jobs = Number(process.env.TYPECHECK_JOBS) || availableParallelism();
await Promise.all(Array.from({ length: Math.max(1, jobs) }, worker));
process.exit(failures.length ? 1 : 0);
