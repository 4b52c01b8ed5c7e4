// Helpers shared by scripts/production-check.mjs and scripts/image-check.mjs: the compose file's app environment,
// a production shop in its own process, and a throwaway PostgreSQL database.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import YAML from 'yaml';

export const pgAdminUrl = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A pass/fail line and the running totals. */
export function checker() {
  const totals = { passes: 0, failures: 0 };
  const check = (label, ok, detail = '') => {
    if (ok) totals.passes += 1;
    else totals.failures += 1;
    console.log(`${ok ? '✔' : '✖'} ${label}${detail ? ` — ${detail}` : ''}`);
    return ok;
  };
  return { check, totals };
}

/** Compose-style interpolation: ${VAR}, ${VAR:-default}, ${VAR:?error}. */
export function interpolate(value, vars) {
  return String(value).replace(/\$\{([A-Z0-9_]+)(?::([-?])([^}]*))?\}/g, (_m, name, op, arg) => {
    const v = vars[name];
    if (v !== undefined && v !== '') return v;
    if (op === '-') return arg;
    if (op === '?') throw new Error(`compose: ${name} is required (${arg})`);
    return '';
  });
}

/** Fresh random values for every secret the compose file requires. */
export function composeSecrets() {
  return {
    POSTGRES_PASSWORD: 'unused-locally',
    APP_KEYS: `${randomBytes(16).toString('base64')},${randomBytes(16).toString('base64')}`,
    API_TOKEN_SALT: randomBytes(16).toString('base64'),
    ADMIN_JWT_SECRET: randomBytes(24).toString('base64'),
    TRANSFER_TOKEN_SALT: randomBytes(16).toString('base64'),
    JWT_SECRET: randomBytes(24).toString('base64'),
    ENCRYPTION_KEY: randomBytes(24).toString('base64'),
    ADMIN_EMAIL: 'duena@jazminlenceria.com.ar',
    ADMIN_PASSWORD: `Prod-${randomBytes(6).toString('hex')}`,
    PUBLIC_DOMAIN: 'tienda.example',
  };
}

/** The app service's environment from docker-compose.yml, interpolated with these secrets. */
export function composeAppEnv(root, secrets) {
  const compose = YAML.parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'));
  return Object.fromEntries(Object.entries(compose.services.app.environment).map(([k, v]) => [k, interpolate(v, secrets)]));
}

export function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** `node scripts/start.mjs` of the tree at `root`, with exactly this environment (and uid/gid when given). */
export function startShop(root, env, { uid, gid } = {}) {
  const ids = uid === undefined ? {} : { uid, gid };
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    ...ids,
  });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, log: () => log };
}

export async function waitHealthy(url, shop, ms = 120_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (shop.child.exitCode !== null) {
      console.log(
        shop
          .log()
          .split('\n')
          .filter((l) => !l.includes('http: '))
          .slice(-40)
          .join('\n'),
      );
      return false;
    }
    try {
      const r = await fetch(`${url}/api/health`);
      if (r.ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

export async function stop(shop) {
  if (shop.child.exitCode === null) shop.child.kill('SIGTERM');
  await shop.exited;
}

/** A new empty PostgreSQL database; `drop()` removes it. */
export async function throwawayDatabase(prefix) {
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: pgAdminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(pgAdminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    /** The rows of one query on the database (its own connection). */
    query: async (sql, params = []) => {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        return (await client.query(sql, params)).rows;
      } finally {
        await client.end();
      }
    },
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
