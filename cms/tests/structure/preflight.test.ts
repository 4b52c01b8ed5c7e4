import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { repoPath } from './paths';

/** `npm test` starts with scripts/preflight.mjs: a missing program or service is named with its fix, in seconds. */
function preflight(env: Record<string, string>) {
  const started = Date.now();
  const run = spawnSync(process.execPath, [repoPath('scripts/preflight.mjs')], { env: { ...process.env, ...env }, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}`, seconds: (Date.now() - started) / 1000 };
}

describe('npm test preflight', () => {
  it('names every missing program and service with the command that installs or starts it', () => {
    // Nothing listens on port 9 (discard) here, and no program lives under /nonexistent.
    const nowhere = { CADDY_BIN: '/nonexistent/caddy', RCLONE_BIN: '/nonexistent/rclone' };
    const run = preflight({
      ...nowhere,
      TEST_REDIS_URL: 'redis://127.0.0.1:9',
      TEST_PG_ADMIN_URL: 'postgres://postgres@127.0.0.1:9/postgres',
    });
    expect(run.status).toBe(1);
    const named = ['Caddy', 'apt-get install -y caddy', 'rclone', 'apt-get install -y rclone', 'PostgreSQL', 'Redis'];
    for (const text of [...named, 'redis-server --daemonize yes']) expect(run.output).toContain(text);
    expect(run.seconds).toBeLessThan(30);
  });

  it('passes where everything answers', () => {
    const run = preflight({});
    expect(run.output).toContain('preflight:');
    expect(run.status).toBe(0);
  });
});
