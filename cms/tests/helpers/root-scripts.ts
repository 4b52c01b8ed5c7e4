import { spawn } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { CMS_DIR } from './strapi-process';

const ROOT = path.resolve(CMS_DIR, '..');

export interface ScriptResult {
  code: number | null;
  stdout: string;
  stderr: string;
  seconds: number;
}

/**
 * Runs one of the root scripts as the owner would (`npm run backup` is `node scripts/backup.mjs`), from the
 * repository's root, with `env` over this process's environment less the variables `dropInherited` names.
 */
export function runRootScript(
  script: string,
  args: string[],
  env: Record<string, string>,
  dropInherited: (name: string) => boolean,
): Promise<ScriptResult> {
  const inherited = { ...process.env };
  for (const name of Object.keys(inherited)) if (dropInherited(name)) delete inherited[name];
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'scripts', script), ...args], { cwd: ROOT, env: { ...inherited, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr, seconds: (performance.now() - started) / 1000 }));
  });
}
