// The checkout bench's comparison mode (BENCH_AGAINST=<commit>): another commit's shop, built once in a git worktree
// under .tmp/bench-against/, beside the working tree's, so that runs can alternate on one machine (A B B A).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const run = (cmd, args, cwd) => execFileSync(cmd, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'] });

/**
 * The other commit checked out and compiled: a worktree whose node_modules links every installed package of this
 * checkout but its own workspace packages (@shop/*), which point at the worktree's, so that its CMS runs its own
 * shared rules. Its packages and Strapi are this checkout's versions (the lock file may have moved since).
 */
export function prepareAgainst(commit) {
  const sha = execFileSync('git', ['rev-parse', '--verify', `${commit}^{commit}`], { cwd: root, encoding: 'utf8' }).trim();
  const dir = path.join(root, '.tmp', 'bench-against', sha.slice(0, 12));
  if (!existsSync(path.join(dir, 'package.json'))) {
    mkdirSync(path.dirname(dir), { recursive: true });
    run('git', ['worktree', 'add', '--force', '--detach', dir, sha], root);
  }
  const modules = path.join(dir, 'node_modules');
  if (!existsSync(modules)) {
    mkdirSync(path.join(modules, '@shop'), { recursive: true });
    for (const entry of readdirSync(path.join(root, 'node_modules'))) {
      if (entry === '@shop') continue;
      symlinkSync(path.join(root, 'node_modules', entry), path.join(modules, entry));
    }
    for (const folder of readdirSync(path.join(dir, 'packages'))) {
      const manifest = path.join(dir, 'packages', folder, 'package.json');
      if (!existsSync(manifest)) continue;
      const { name } = JSON.parse(readFileSync(manifest, 'utf8'));
      if (name?.startsWith('@shop/')) symlinkSync(path.join(dir, 'packages', folder), path.join(modules, name));
    }
  }
  const appDir = path.join(dir, 'cms');
  if (!existsSync(path.join(appDir, 'dist', 'src', 'index.js'))) {
    console.error(`building ${sha.slice(0, 12)} in ${path.relative(root, dir)} (once)`);
    run('npm', ['run', 'build', '--silent', '-w', 'packages/shared'], dir);
    run(process.execPath, [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], appDir);
  }
  return { sha: sha.slice(0, 12), appDir };
}

const pad = (s, n) => String(s).padEnd(n);

/**
 * The comparison's table: per database, the runs in order (A B B A) with orders/s, p50 and p99 at 10 and 50 clients
 * and the quote's share of /_health; then, per pair (runs 1–2 and 3–4), the working tree's orders/s ÷ the other's.
 */
export function compareTable(results, sha, seconds) {
  const lines = [`\nSide by side: ${sha} (A) and the working tree (B), A B B A, ${seconds} s per run, each on a fresh database\n`];
  lines.push(`| database | run | shop | 10 clients: orders/s (p50 / p99 ms) | 50 clients: orders/s (p50 / p99 ms) | quote ÷ /_health |`);
  lines.push(`| -------- | --- | ---- | ----------------------------------- | ----------------------------------- | ---------------- |`);
  const fig = (r) => `${r.perSecond.toFixed(1)} (${r.p50} / ${r.p99})`;
  for (const kind of ['sqlite', 'postgres']) {
    const rows = results.filter((r) => r.kind === kind);
    rows.forEach((r, i) =>
      lines.push(
        `| ${pad(kind, 8)} | ${i + 1}   | ${pad(r.side, 12)} | ${pad(fig(r[10]), 35)} | ${pad(fig(r[50]), 35)} | ${(r.rates.quote.rps / r.rates['/_health'].rps).toFixed(2)} |`,
      ),
    );
    for (const [a, b] of [
      [0, 1],
      [3, 2],
    ]) {
      const A = rows[a];
      const B = rows[b];
      if (!A || !B) continue;
      const ratio = (c) => (B[c].perSecond / A[c].perSecond).toFixed(2);
      const p99 = (c) => `${A[c].p99} → ${B[c].p99} ms`;
      lines.push(
        `| ${pad(kind, 8)} | pair ${a + 1}-${b + 1} | B ÷ A | ${pad(`${ratio(10)}× (p99 ${p99(10)})`, 35)} | ${pad(`${ratio(50)}× (p99 ${p99(50)})`, 35)} | |`,
      );
    }
  }
  return lines.join('\n');
}
