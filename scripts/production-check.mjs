#!/usr/bin/env node
// Shows the production configuration of docker-compose.yml working without a container engine: the app service's
// environment is read from the compose file, with the database and Redis pointed at this machine's services.
//   0. The front door: the app runs as several replicas reachable only through Caddy, which serves PUBLIC_DOMAIN on
//      HTTPS (ports 80/443, automatic certificate and redirect, HSTS), balances over the replicas and sets
//      X-Forwarded-For to the client's address; deploy/Caddyfile is adapted by the real `caddy` binary
//      (scripts/lib/compose-proxy-check.mjs). The proxy running for real: cms/tests/resilience/https-proxy.test.ts.
//   1. NODE_ENV=production without secrets must refuse to start, naming the missing variables.
//   2. With secrets, on a fresh PostgreSQL database: health, storefront, back-office deep links, caching, compression.
//   3. A second start on the same database keeps the owner's data (no reseeding).
// Needs the builds (`npm run build`), Caddy (Debian's `caddy`, or CADDY_BIN) and PostgreSQL (TEST_PG_ADMIN_URL, default
// postgres://postgres@127.0.0.1:5432/postgres).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkComposeProxy } from './lib/compose-proxy-check.mjs';
import {
  checker,
  composeAppEnv,
  composeSecrets,
  freePort,
  startShop as startShopAt,
  stop,
  throwawayDatabase,
  waitHealthy,
} from './lib/shop-process.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { check, totals } = checker();
const startShop = (env) => startShopAt(root, env);

checkComposeProxy(root, check);

const secrets = composeSecrets();
const appEnv = composeAppEnv(root, secrets);
const port = await freePort();
// Same variables as the compose file; only the service hosts differ (this machine instead of the compose network).
// DATABASE_URL is set in step 2, on a fresh database.
const baseEnv = {
  ...process.env,
  ...appEnv,
  REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  HOST: '127.0.0.1',
  PORT: String(port),
  // Strapi would also load cms/.env (a developer's generated secrets): production must get everything from here.
  ENV_PATH: path.join(root, 'cms', '.tmp', 'production-check-has-no-env-file'),
  // The tests' low password cost, set by mistake: production must hash with bcrypt's cost 10 all the same.
  PASSWORD_HASH_ROUNDS: '4',
};

// 1. Missing secrets.
{
  const env = { ...baseEnv };
  for (const name of ['APP_KEYS', 'JWT_SECRET', 'ADMIN_PASSWORD', 'DATABASE_URL', 'PUBLIC_URL']) delete env[name];
  const shop = startShop({ ...env, SHOP_SKIP_BUILD: '1' });
  const timer = setTimeout(() => shop.child.kill('SIGKILL'), 90_000);
  const code = await shop.exited;
  clearTimeout(timer);
  const log = shop.log();
  check('production start without secrets fails', code !== 0, `exit code ${code}`);
  check(
    'the failure names the missing variables',
    /APP_KEYS/.test(log) && /JWT_SECRET/.test(log) && /ADMIN_PASSWORD/.test(log) && /DATABASE_URL/.test(log) && /PUBLIC_URL/.test(log),
    (log.match(/Missing required environment variables[^\n]*/) ?? ['(message not found)'])[0].slice(0, 160),
  );
}

// 2. Fresh PostgreSQL database with the compose environment.
const database = await throwawayDatabase('shop_prod_check');
baseEnv.DATABASE_URL = database.url;
const url = `http://127.0.0.1:${port}`;
try {
  let shop = startShop(baseEnv);
  check('production start with the compose environment on PostgreSQL', await waitHealthy(url, shop), url);
  const home = await fetch(`${url}/`, { headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' } });
  const html = await home.text();
  check('storefront at /', home.ok && /<div id="root">/.test(html), `${home.status}, cache-control ${home.headers.get('cache-control')}`);
  check('index.html is never cached stale', home.headers.get('cache-control') === 'no-cache');
  const [sample] = (await (await fetch(`${url}/api/products?limit=1`)).json()).payload ?? [];
  const deep = await fetch(`${url}/product/${sample?._id}`, { headers: { accept: 'text/html' } });
  const deepHtml = await deep.text();
  check('deep link /product/{id} loads the storefront', deep.ok && /<div id="root">/.test(deepHtml), String(deep.status));
  check(
    'the product page carries its link-preview head on PUBLIC_URL',
    deepHtml.includes(`<link rel="canonical" href="${appEnv.PUBLIC_URL}/product/${sample?._id}" />`) &&
      /property="og:image"/.test(deepHtml),
    appEnv.PUBLIC_URL,
  );
  const unknown = await fetch(`${url}/product/abc123`, { headers: { accept: 'text/html' } });
  const unknownHtml = await unknown.text();
  check(
    'an unknown product is a noindex 404 that still loads the storefront',
    unknown.status === 404 && /<div id="root">/.test(unknownHtml) && /<meta name="robots" content="noindex"/.test(unknownHtml),
    String(unknown.status),
  );
  const adminDeep = await fetch(`${url}/admin/orders/abc`, { headers: { accept: 'text/html' } });
  const adminHtml = await adminDeep.text();
  check('deep link /admin/orders/abc loads the back office', adminDeep.ok && /\/admin\/assets\//.test(adminHtml), String(adminDeep.status));
  const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (asset) {
    const a = await fetch(`${url}${asset}`, { headers: { 'accept-encoding': 'br, gzip' } });
    check(
      'hashed assets cached for a year',
      /max-age=31536000/.test(a.headers.get('cache-control') ?? ''),
      a.headers.get('cache-control') ?? '',
    );
    check(
      'assets compressed',
      ['br', 'gzip'].includes(a.headers.get('content-encoding') ?? ''),
      a.headers.get('content-encoding') ?? 'none',
    );
  } else check('storefront script found in index.html', false);
  const cms = await fetch(`${url}/cms`, { headers: { accept: 'text/html' }, redirect: 'manual' });
  check("Strapi's panel served at /cms", cms.status < 400, String(cms.status));
  // In production Strapi adds no relaxation of its own: no page may run inline scripts, the panel included.
  for (const [page, res] of [
    ['/', home],
    ['/admin/orders/abc', adminDeep],
    ['/cms', cms],
  ]) {
    const policy = res.headers.get('content-security-policy') ?? '';
    const scripts = /(?:^|;)\s*script-src ([^;]*)/.exec(policy)?.[1] ?? '(none)';
    check(
      `CSP of ${page}: scripts from the shop only, no framing by other sites`,
      scripts === "'self'" && /frame-ancestors '(none|self)'/.test(policy) && res.headers.get('x-content-type-options') === 'nosniff',
      `script-src ${scripts}`,
    );
  }

  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: secrets.ADMIN_EMAIL, password: secrets.ADMIN_PASSWORD }),
  });
  const { token } = await login.json();
  check('admin account from ADMIN_EMAIL/ADMIN_PASSWORD signs in', login.ok && Boolean(token), String(login.status));
  const [account] = await database.query('SELECT password FROM up_users WHERE email = $1', [secrets.ADMIN_EMAIL.toLowerCase()]);
  const cost = /^\$2[aby]\$(\d{2})\$/.exec(account?.password ?? '')?.[1];
  check('passwords hashed with bcrypt cost 10 (PASSWORD_HASH_ROUNDS ignored in production)', cost === '10', `cost ${cost}`);
  const list = await (await fetch(`${url}/api/products?limit=all`, { headers: { authorization: `Bearer ${token}` } })).json();
  const seeded = list.totalDocs ?? 0;
  check('demo catalogue seeded on first start', seeded >= 24, `${seeded} products`);
  const first = list.payload?.[0];
  let renamed = false;
  if (first) {
    const r = await fetch(`${url}/api/products/${first._id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ title: 'Editado por la dueña' }),
    });
    renamed = r.ok;
  }
  check("owner's edit saved", renamed);
  await stop(shop);

  // 3. Second start: no reseeding over the owner's changes.
  shop = startShop(baseEnv);
  const restarted = await waitHealthy(url, shop);
  check('second start on the same database', restarted);
  if (!restarted) throw new Error('the second start failed');
  const again = await (await fetch(`${url}/api/products?limit=all`, { headers: { authorization: `Bearer ${token}` } })).json();
  check('data kept on restart (same product count)', again.totalDocs === seeded, `${again.totalDocs} products`);
  const edited = first
    ? await (await fetch(`${url}/api/products/${first._id}`, { headers: { authorization: `Bearer ${token}` } })).json()
    : null;
  check("owner's edit still there after restart", edited?.product?.title === 'Editado por la dueña');
  await stop(shop);
} finally {
  await database.drop();
}
console.log(`\nproduction check: ${totals.passes} passed, ${totals.failures} failed`);
process.exit(totals.failures === 0 ? 0 : 1);
