import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoPath } from './paths';

/** `npm test` starts with scripts/preflight.mjs: a missing program or service is named with its fix, in seconds. */
function preflight(env: Record<string, string>) {
  const started = Date.now();
  const run = spawnSync(process.execPath, [repoPath('scripts/preflight.mjs')], { env: { ...process.env, ...env }, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}`, seconds: (Date.now() - started) / 1000 };
}

// An empty folder as PATH: no program is found by name there (wget is looked up on PATH only).
const emptyPath = mkdtempSync(path.join(tmpdir(), 'preflight-path-'));
afterAll(() => rmSync(emptyPath, { recursive: true, force: true }));

/** Each need as the preflight names it, and its install or start command. */
const NEEDS = {
  chromium: ['Chromium', 'apt-get install -y chromium'],
  caddy: ['Caddy', 'apt-get install -y caddy'],
  rclone: ['rclone', 'apt-get install -y rclone'],
  wget: ['wget', 'apt-get install -y wget'],
  postgres: ['PostgreSQL', 'apt-get install -y postgresql && pg_ctlcluster'],
  redis: ['Redis', 'apt-get install -y redis-server && redis-server --daemonize yes'],
} as const;

/** The names of the needs the output lists as missing (one `  - <name> ...` line each). */
const listed = (output: string) => output.split('\n').filter((line) => line.startsWith('  - ')).length;

describe('npm test preflight', () => {
  it('names every missing program and service with the command that installs or starts it, within seconds', () => {
    // Nothing listens on port 9 (discard) here, and no program lives under /nonexistent or in an empty PATH.
    const run = preflight({
      PATH: emptyPath,
      CHROMIUM_PATH: '/nonexistent/chromium',
      CADDY_BIN: '/nonexistent/caddy',
      RCLONE_BIN: '/nonexistent/rclone',
      TEST_REDIS_URL: 'redis://127.0.0.1:9',
      TEST_PG_ADMIN_URL: 'postgres://postgres@127.0.0.1:9/postgres',
    });
    expect(run.status).toBe(1);
    for (const [name, fix] of Object.values(NEEDS)) {
      expect(run.output).toContain(`- ${name}`);
      expect(run.output).toContain(fix);
    }
    expect(listed(run.output)).toBe(Object.keys(NEEDS).length);
    expect(run.seconds).toBeLessThan(15);
  });

  it('names only what is missing: a stopped Redis alone', () => {
    const run = preflight({ TEST_REDIS_URL: 'redis://127.0.0.1:9' });
    expect(run.status).toBe(1);
    expect(run.output).toContain(NEEDS.redis[1]);
    expect(listed(run.output)).toBe(1);
    for (const [name] of [NEEDS.chromium, NEEDS.caddy, NEEDS.rclone, NEEDS.wget, NEEDS.postgres]) {
      expect(run.output).not.toContain(`- ${name}`);
    }
  });

  it('passes where everything answers', () => {
    const run = preflight({});
    expect(run.output).toContain('preflight:');
    expect(run.status).toBe(0);
  });
});
