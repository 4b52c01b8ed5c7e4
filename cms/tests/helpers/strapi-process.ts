import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import net from 'node:net';
import pg from 'pg';

export const CMS_DIR = path.resolve(__dirname, '..', '..');
const STRAPI_BIN = path.join(path.dirname(require.resolve('@strapi/strapi/package.json', { paths: [CMS_DIR] })), 'bin', 'strapi.js');

export const TEST_ADMIN = { email: 'admin@test.local', password: 'Admin-Test-123' };
export const TEST_SHOPPER = { email: 'cliente@test.local', password: 'Cliente-Test-123', username: 'cliente' };

export type DatabaseKind = 'sqlite' | 'postgres';

export interface TestDatabase {
  kind: DatabaseKind;
  env: Record<string, string>;
  drop(): Promise<void>;
}

const PG_ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A throwaway database: a fresh SQLite file in a temp dir, or a fresh PostgreSQL database. */
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'shop-api-test-'));
    return {
      kind,
      env: { DATABASE_FILENAME: path.join(dir, 'data.db') },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `shop_test_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    kind,
    env: { DATABASE_URL: url.toString() },
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function postgresAvailable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Compiles the CMS TypeScript (server code only: the tests never need Strapi's own admin build). */
export function compileCms(): void {
  execFileSync('npm', ['run', 'build', '--silent', '-w', 'packages/shared'], { cwd: path.resolve(CMS_DIR, '..'), stdio: 'inherit' });
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc', { paths: [CMS_DIR] }), '-p', 'tsconfig.json'], {
    cwd: CMS_DIR,
    stdio: 'inherit',
  });
}

export interface RunningStrapi {
  url: string;
  port: number;
  process: ChildProcess;
  logs: () => string;
  stop(): Promise<void>;
}

/** Starts `strapi start` in its own process on a free port and waits until /api/health answers. */
export async function startStrapi(database: TestDatabase, extraEnv: Record<string, string> = {}): Promise<RunningStrapi> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, [STRAPI_BIN, 'start'], {
    cwd: CMS_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      SERVE_STRAPI_ADMIN: 'false',
      STRAPI_TELEMETRY_DISABLED: 'true',
      STRAPI_DISABLE_UPDATE_NOTIFICATION: 'true',
      BROWSER: 'none',
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      SEED_TEST_SHOPPER_EMAIL: TEST_SHOPPER.email,
      SEED_TEST_SHOPPER_PASSWORD: TEST_SHOPPER.password,
      // Every test call comes from 127.0.0.1: the shared process gets generous limits; the limits themselves are
      // tested in a separate process started with low ones (see rate-limits.test.ts).
      RATE_LIMIT_LOGIN_MAX: '1000',
      RATE_LIMIT_CONTACT_MAX: '1000',
      RATE_LIMIT_INTERACTIONS_MAX: '100000',
      RATE_LIMIT_TRACKING_MAX: '100000',
      // API tests need no front end: skip loading (and compressing) the built apps on every start.
      STOREFRONT_DIST: path.join(CMS_DIR, '.tmp', 'no-storefront-in-api-tests'),
      ADMIN_PANEL_DIST: path.join(CMS_DIR, '.tmp', 'no-admin-panel-in-api-tests'),
      ...database.env,
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Strapi exited early (code ${child.exitCode}):\n${output.slice(-4000)}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`Strapi did not become healthy in time:\n${output.slice(-4000)}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    url,
    port,
    process: child,
    logs: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}
