// `npm run check`'s type check: each workspace's `typecheck` script, one `tsc` program at a time, skipping a program
// when nothing it read has changed since it last passed. `tsc --incremental` alone re-reads and re-hashes every file
// of the program (4-13 s a workspace on a busy 2-core machine, 45 s in all, with nothing changed); `tsc -b` would skip
// by timestamps but looks only at the files the tsconfig includes, so a change in packages/shared/src (reached through
// `paths`) would not re-check the apps. Here the program's own file list is read from its build info: the program is
// skipped only when it passed last time (a stamp written after exit 0) and no file of that list, no folder holding one
// (a file added or removed), no tsconfig it extends and neither package-lock.json nor the workspace's package.json is
// newer than the stamp. Anything else runs the workspace's command as `npm run typecheck` would.
// `npm run typecheck` (and so `npm test`) still runs every program.
import { existsSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const rootPackage = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

function mtime(file) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return Infinity; // gone: counts as changed
  }
}

/** The tsconfig and every config it extends (relative `extends` only, as in this repository). */
function configChain(config) {
  const chain = [config];
  try {
    const text = readFileSync(config, 'utf8');
    const extended = /"extends"\s*:\s*"([^"]+)"/.exec(text)?.[1];
    if (extended?.startsWith('.')) chain.push(...configChain(path.resolve(path.dirname(config), extended)));
  } catch {
    // a missing config is reported by tsc itself
  }
  return chain;
}

/** Whether the program passed last time and nothing it read has changed since. */
function upToDate(workspace, project, buildInfo) {
  const stamp = `${buildInfo}.passed`;
  if (!existsSync(stamp) || !existsSync(buildInfo)) return false;
  const since = mtime(stamp);
  let info;
  try {
    info = JSON.parse(readFileSync(buildInfo, 'utf8'));
  } catch {
    return false;
  }
  if (!Array.isArray(info.fileNames) || info.version === undefined) return false;
  const files = info.fileNames.map((name) => path.resolve(path.dirname(buildInfo), name));
  const folders = new Set();
  for (const file of files) {
    if (file.includes(`${path.sep}node_modules${path.sep}`)) continue;
    // The folders between the file and the repository root (not the root itself, which holds no program's files)
    for (let dir = path.dirname(file); dir.startsWith(root + path.sep) && !folders.has(dir); dir = path.dirname(dir)) {
      folders.add(dir);
    }
  }
  const inputs = [
    ...files,
    ...folders,
    ...configChain(project),
    path.join(root, 'package-lock.json'),
    path.join(workspace, 'package.json'),
  ];
  return inputs.every((input) => mtime(input) <= since);
}

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
let failed = false;
let skipped = 0;
let ran = 0;
for (const name of rootPackage.workspaces) {
  const workspace = path.join(root, name);
  const script = JSON.parse(readFileSync(path.join(workspace, 'package.json'), 'utf8')).scripts?.typecheck;
  if (!script) continue;
  for (const command of script.split('&&').map((part) => part.trim())) {
    const args = command.split(/\s+/);
    const infoAt = args.indexOf('--tsBuildInfoFile');
    const projectAt = args.indexOf('-p');
    if (args[0] !== 'tsc' || infoAt === -1) throw new Error(`${name}: unexpected typecheck command: ${command}`);
    const buildInfo = path.resolve(workspace, args[infoAt + 1]);
    const project = path.resolve(workspace, projectAt === -1 ? 'tsconfig.json' : args[projectAt + 1]);
    if (upToDate(workspace, project, buildInfo)) {
      skipped += 1;
      continue;
    }
    ran += 1;
    const stamp = `${buildInfo}.passed`;
    rmSync(stamp, { force: true });
    const started = new Date();
    const result = spawnSync(npx, args, { cwd: workspace, stdio: 'inherit' });
    if (result.status === 0) {
      // Dated when tsc started: a file saved while it ran is newer than the stamp, so it is checked next time.
      writeFileSync(stamp, `${started.toISOString()}\n`);
      utimesSync(stamp, started, started);
    } else {
      failed = true;
      console.error(`typecheck failed in ${name}: ${command}`);
    }
  }
}
console.log(`typecheck: ${ran} program(s) checked, ${skipped} unchanged since they last passed`);
process.exit(failed ? 1 : 0);
