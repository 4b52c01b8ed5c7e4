// Plain JavaScript so that the .mjs runners (tests/run-api-tests.mjs, scripts/bench-interactions.mjs) and the
// TypeScript helpers (strapi-process.ts) share it; its types are in strapi-start.d.mts.
import { execFileSync, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const cmsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(path.join(cmsDir, 'package.json'));
const pg = require('pg');
/** The shop's own starter (what `strapi start` does, without loading the CLI's other commands): as npm start runs it. */
const serveScript = path.join(cmsDir, 'scripts', 'serve.mjs');
/**
 * Where the shops the tests start keep V8's code for their modules between starts (cms/scripts/lib/compile-cache.mjs:
 * about a third less CPU per start). `SHOP_COMPILE_CACHE=` (empty) turns it off.
 */
export const compileCacheDir = process.env.SHOP_COMPILE_CACHE ?? path.resolve(cmsDir, '..', '.tmp', 'compile-cache');

/** Whether the PostgreSQL server at this admin URL accepts a connection within two seconds. */
export async function postgresAnswers(adminUrl) {
  const c = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

/** A port nothing listens on now (the system picks it), for a process the tests or benchmarks start. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Compiles the CMS TypeScript (server code only: the tests never need Strapi's own admin build), then prunes dist. */
export function compileCms() {
  execFileSync('npm', ['run', 'build', '--silent', '-w', 'packages/shared'], { cwd: path.resolve(cmsDir, '..'), stdio: 'inherit' });
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.json'], { cwd: cmsDir, stdio: 'inherit' });
  // A source moved or deleted since an older compile must not keep running from dist.
  execFileSync(process.execPath, [path.join(cmsDir, 'scripts', 'prune-dist.mjs')], { cwd: cmsDir, stdio: 'inherit' });
}

/**
 * Starts `strapi start` of this cms in a child process on 127.0.0.1:`port`, without Strapi's own admin panel,
 * telemetry or update notice, with `admin` as the staff account and `env` on top; its output is piped. `nodeArgs`
 * go to Node itself (e.g. --cpu-prof, which NODE_OPTIONS does not take); `script` is another starter (the checkout
 * bench's comparison starts another commit's compiled CMS through scripts/lib/serve-app.mjs).
 */
export function spawnStrapiStart(port, admin, env, nodeArgs = [], script = serveScript) {
  // TEST_STRAPI_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"): every shop the tests start, profiled.
  const extra = process.env.TEST_STRAPI_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  return spawn(process.execPath, [...extra, ...nodeArgs, script], {
    cwd: cmsDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      SERVE_STRAPI_ADMIN: 'false',
      STRAPI_TELEMETRY_DISABLED: 'true',
      STRAPI_DISABLE_UPDATE_NOTIFICATION: 'true',
      BROWSER: 'none',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      SHOP_COMPILE_CACHE: compileCacheDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}
