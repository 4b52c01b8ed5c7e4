// `npm run check`'s first step: builds @shop/shared (its dist is what the other workspaces type-check and test
// against) only when a file of packages/shared/src, its package.json or its tsconfig is newer than the build. The build
// (tsup with type declarations) takes 30-40 s on a busy 2-core machine, and a check usually follows a change elsewhere.
import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const shared = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'packages', 'shared');
const outputs = ['index.js', 'index.cjs', 'index.d.ts', 'index.d.cts'].map((name) => path.join(shared, 'dist', name));

function newest(file) {
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(file).reduce((max, name) => Math.max(max, newest(path.join(file, name))), stat.mtimeMs);
}

const inputs = [path.join(shared, 'src'), path.join(shared, 'package.json'), path.join(shared, 'tsconfig.json')];
const built = outputs.every((file) => existsSync(file)) ? Math.min(...outputs.map((file) => statSync(file).mtimeMs)) : 0;
if (built > 0 && inputs.every((input) => newest(input) <= built)) process.exit(0);

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const result = spawnSync(npm, ['run', 'build', '--silent', '-w', 'packages/shared'], {
  stdio: 'inherit',
  cwd: path.join(shared, '..', '..'),
});
if (result.status !== 0) process.exit(result.status ?? 1);
// tsup may leave an unchanged file untouched: the outputs are marked as built now.
const now = new Date();
for (const file of outputs) if (existsSync(file)) utimesSync(file, now, now);
