import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { MSG } from '@shop/shared';
import { phonePhoto } from '../helpers/images';
import { PNG_BYTES, fileForm } from '../helpers/orders';
import { deleteRedisKeys } from '../helpers/redis';
import {
  answeredBy,
  caddyVersion,
  freePortOn,
  freeTcpPort,
  startAppDns,
  startReplica,
  startShopProxy,
  type AppDns,
  type ShopProxy,
} from '../helpers/reverse-proxy';
import { sleep, waitFor } from '../helpers/wait-for';
import {
  CMS_DIR,
  TEST_ADMIN,
  createTestDatabase,
  postgresAvailable,
  type RunningStrapi,
  type TestDatabase,
} from '../helpers/strapi-process';

// HTTPS by itself: the REAL Caddy (the binary the production image runs) with the repository's
// deploy/Caddyfile, in front of two app processes on one PostgreSQL and one Redis, as docker-compose.yml runs them:
// the replicas listen on 127.0.0.2 and 127.0.0.3 on one port and a small DNS server lists both under `app`, as
// Docker's does. The domain is shop.localhost, which Caddy serves from its own local CA; every HTTPS client here
// verifies the chain against that CA's root. The back office is built for the test (into a temp folder) so its
// pages go through the proxy too. Then the compose file's healthcheck commands run for real (end of the file).
const ROOT = path.resolve(CMS_DIR, '..');
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const RATE_LIMIT_PREFIX = `shop-rl-https-${process.pid}-${Date.now().toString(36)}`;
const REPLICAS = ['127.0.0.2', '127.0.0.3'];
const DOMAIN = 'shop.localhost';
const HSTS = 'max-age=31536000; includeSubDomains';
/** Headers the app sets for the browser's protection (helmet through strapi::security): the proxy must keep them. */
const SECURITY_HEADERS = [
  'content-security-policy',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'permissions-policy',
];

let backOffice: string;
let database: TestDatabase;
let replicas: RunningStrapi[] = [];
let dns: AppDns;
let proxy: ShopProxy;
let staff: string;

interface ComposeFile {
  services: Record<string, { healthcheck?: { test: string[] | string; timeout?: string }; build?: unknown }>;
}
const compose = YAML.parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8')) as ComposeFile;
const pgUrl = new URL(process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');

interface Outcome {
  code: number;
  output: string;
}

/**
 * Runs a compose healthcheck `test` as Docker does: CMD exec'd as is, CMD-SHELL (and a plain string) through
 * /bin/sh -c, killed after the compose `timeout` (a killed check is a failure, as for Docker).
 */
function runCheck(test: string[] | string, env: Record<string, string> = {}, timeout = '5s'): Promise<Outcome> {
  const [kind, ...rest] = typeof test === 'string' ? ['CMD-SHELL', test] : test;
  const [file, args] = kind === 'CMD' ? [rest[0]!, rest.slice(1)] : ['/bin/sh', ['-c', rest.join(' ')]];
  const ms = Number(/^(\d+)s$/.exec(timeout)?.[1] ?? 30) * 1000;
  return new Promise((resolve) => {
    execFile(file, args, { env: { ...process.env, ...env }, timeout: ms }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, output: `${stdout}${stderr}`.trim() });
    });
  });
}

/** A healthcheck whose URL's 127.0.0.1:<port> is pointed at another port of this machine (nothing else changes). */
function toPort(test: string[], port: number): string[] {
  const pointed = test.map((arg) => arg.replace(/^(https?:\/\/127\.0\.0\.1):\d+/, `$1:${port}`));
  if (pointed.join(' ') === test.join(' ')) throw new Error(`no http://127.0.0.1:<port> URL to point elsewhere in ${test.join(' ')}`);
  return pointed;
}

/** The proxy service's healthcheck, run against the Caddy of this test. */
function proxyHealthcheck(): Promise<Outcome> {
  const check = compose.services.proxy!.healthcheck!;
  return runCheck(toPort(check.test as string[], proxy.healthPort), {}, check.timeout);
}

/** Builds the back office (Vite) into a temp folder: the replicas serve it at /admin as in production. */
function buildBackOffice(): string {
  const adminDir = path.join(ROOT, 'admin-panel');
  const vite = path.join(path.dirname(createRequire(path.join(adminDir, 'package.json')).resolve('vite/package.json')), 'bin', 'vite.js');
  const out = mkdtempSync(path.join(tmpdir(), 'shop-back-office-'));
  try {
    execFileSync(process.execPath, [vite, 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'error'], {
      cwd: adminDir,
      stdio: 'inherit',
    });
    return out;
  } catch (error) {
    rmSync(out, { recursive: true, force: true });
    throw error;
  }
}

/** A multipart body as a browser sends it (the back office's image upload), with its content type. */
async function multipart(form: FormData): Promise<{ body: Buffer; type: string }> {
  const encoded = new Response(form);
  return { body: Buffer.from(await encoded.arrayBuffer()), type: encoded.headers.get('content-type') ?? '' };
}

beforeAll(async () => {
  caddyVersion(); // fails (not skips) without the real proxy
  if (!(await postgresAvailable())) throw new Error('these tests need PostgreSQL (TEST_PG_ADMIN_URL)');
  backOffice = buildBackOffice();
  database = await createTestDatabase('postgres');
  const appPort = await freePortOn(REPLICAS);
  const env = {
    REDIS_URL,
    RATE_LIMIT_PREFIX,
    TRUST_PROXY: 'true',
    RATE_LIMIT_LOGIN_MAX: '3',
    RATE_LIMIT_LOGIN_EMAIL_MAX: '1000',
    ADMIN_PANEL_DIST: backOffice,
    PUBLIC_URL: `https://${DOMAIN}`,
  };
  replicas = await Promise.all(REPLICAS.map((host) => startReplica(database, host, appPort, env)));
  dns = await startAppDns({ app: REPLICAS });
  proxy = await startShopProxy({ dns, appPort, domain: DOMAIN });
  const login = await proxy.request('/api/auth/login', { body: TEST_ADMIN });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  staff = String(login.body.token);
});

afterAll(async () => {
  await proxy?.stop();
  await dns?.close();
  await Promise.all(replicas.map((app) => app.stop()));
  await database?.drop();
  if (backOffice) rmSync(backOffice, { recursive: true, force: true });
  await deleteRedisKeys(REDIS_URL, RATE_LIMIT_PREFIX);
});

describe('HTTPS by itself: the real Caddy with deploy/Caddyfile in front of two app processes', () => {
  it('answers over HTTPS with a certificate for the domain that chains to the CA it was given', async () => {
    const health = await proxy.request('/api/health');
    expect(health.status).toBe(200);
    expect(health.certificate?.subjectaltname).toContain(`DNS:${DOMAIN}`);
    expect(String(health.certificate?.issuer?.CN)).toMatch(/Caddy Local Authority/);
    // The verification is real: without that CA's root the same request is refused by the client.
    await expect(proxy.request('/api/health', { ca: null })).rejects.toThrow(/certificate|self.signed|issuer/i);
  });

  it('redirects HTTP to HTTPS with the same path and query, whatever the method', async () => {
    for (const method of ['GET', 'POST']) {
      const answer = await proxy.request('/admin/orders/abc?vista=1', { plain: true, method, body: method === 'POST' ? {} : undefined });
      expect([301, 308], method).toContain(answer.status);
      // The production ports are the defaults (443), so the location names none; here Caddy listens elsewhere.
      expect(answer.headers.location).toBe(`https://${DOMAIN}/admin/orders/abc?vista=1`);
    }
  });

  it("sets HSTS once and keeps every security header of the app's answers", async () => {
    let checked = 0;
    for (const pathname of ['/api/health', '/api/products?limit=1', '/admin/orders/abc', '/admin/']) {
      const through = await proxy.request(pathname, { headers: { accept: 'text/html' } });
      const direct = await fetch(`${replicas[0]!.url}${pathname}`, { headers: { accept: 'text/html' } });
      expect(through.status, pathname).toBe(direct.status);
      // Node joins a repeated header with ', ': one value means the app's own HSTS was replaced, not doubled.
      expect(through.headers['strict-transport-security'], pathname).toBe(HSTS);
      for (const name of SECURITY_HEADERS) {
        const expected = direct.headers.get(name);
        if (expected === null) continue;
        expect(through.headers[name], `${pathname} ${name}`).toBe(expected);
        checked += 1;
      }
      expect(through.headers['content-security-policy'], pathname).toMatch(/script-src 'self'/);
      expect(through.headers['x-content-type-options'], pathname).toBe('nosniff');
    }
    expect(checked).toBeGreaterThanOrEqual(8);
  });

  it('serves the back office: a deep link, its script (compressed once), a staff sign-in and an owner-only call', async () => {
    const page = await proxy.request('/admin/orders/abc', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    const html = page.raw.toString();
    const script = /src="(\/admin\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script, html.slice(0, 500)).toBeTruthy();
    const asset = await proxy.request(script!, { headers: { 'accept-encoding': 'br' } });
    expect(asset.status).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['cache-control']).toMatch(/max-age=31536000/);

    // Signing in and an owner-only call (staff.manage) go through; without the token the same call is refused.
    const team = await proxy.request('/api/staff', { headers: { authorization: `Bearer ${staff}` } });
    expect(team.status, JSON.stringify(team.body)).toBe(200);
    expect([401, 403]).toContain((await proxy.request('/api/staff')).status);
  });

  it('takes an image upload (multipart) like the back office sends it, stored once for both replicas', async () => {
    const photo = await phonePhoto();
    const { body, type } = await multipart(fileForm(photo, 'producto.jpg', 'image/jpeg'));
    const uploaded = await proxy.request('/api/upload/proof', {
      method: 'POST',
      body,
      headers: { 'content-type': type, authorization: `Bearer ${staff}` },
    });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const url = String(uploaded.body.url);
    expect(url).toMatch(/^\/uploads\//);
    const served = await proxy.request(url);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toMatch(/^image\//);
    for (const app of replicas) {
      const own = Buffer.from(await (await fetch(`${app.url}${url}`)).arrayBuffer());
      expect(own.equals(served.raw), app.url).toBe(true);
    }

    // Past the app's limits the APP answers (in Spanish): the proxy's own limit (11 MiB) is above them.
    for (const [size, message] of [
      [6 * 1024 * 1024, MSG.upload.heroTooLarge],
      [10.5 * 1024 * 1024, 'La petición es demasiado grande'],
    ] as const) {
      const padded = new Uint8Array(size);
      padded.set(PNG_BYTES);
      const big = await multipart(fileForm(padded, 'grande.png', 'image/png'));
      const refused = await proxy.request('/api/upload/proof', {
        method: 'POST',
        body: big.body,
        headers: { 'content-type': big.type, authorization: `Bearer ${staff}` },
      });
      expect(refused.status, `${size} bytes`).toBe(413);
      expect(refused.body.message).toBe(message);
    }
  });

  it('passes the real client address: the sign-in limit counts per client, and a forged X-Forwarded-For gains nothing', async () => {
    const wrong = { email: TEST_ADMIN.email, password: 'no-es-la-clave' };
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      statuses.push((await proxy.post('127.0.6.1', '/api/auth/login', wrong, { 'x-forwarded-for': `203.0.113.${i + 1}` })).status);
    }
    // RATE_LIMIT_LOGIN_MAX=3: a new forged address on every attempt does not give the client a new budget.
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    // Another client behind the same proxy still has its own.
    expect((await proxy.post('127.0.6.2', '/api/auth/login', wrong)).status).toBe(401);
  });

  it('balances over both replicas', async () => {
    const ROUNDS = 8;
    for (let i = 0; i < ROUNDS; i += 1) expect((await proxy.request(`/api/health?balance=${i}`)).status).toBe(200);
    const counts = await waitFor(
      'the log lines of the balanced requests',
      async () => replicas.map((app) => answeredBy(app, 'GET', '/api/health?balance=')),
      (seen) => seen[0]! + seen[1]! === ROUNDS,
      { timeoutMs: 5000, everyMs: 100 },
    );
    console.log(`[https proxy] ${ROUNDS} requests: ${counts.join(' + ')} per replica`);
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(ROUNDS / 2 - 1);
  });

  describe("the compose file's healthcheck commands, executed on this machine", () => {
    /** The local equivalent of each service that has a healthcheck: how to point the command at it, healthy or down. */
    async function targets(
      name: string,
      test: string[],
      timeout?: string,
    ): Promise<{ healthy: () => Promise<Outcome>; down: () => Promise<Outcome> }> {
      const closed = await freeTcpPort();
      if (name === 'db') {
        // pg_isready reads PGHOST/PGPORT (libpq): the command text stays as written (user and database `shop`; the
        // server's readiness does not depend on them existing).
        const at = { PGHOST: pgUrl.hostname, PGPORT: pgUrl.port || '5432' };
        return { healthy: () => runCheck(test, at, timeout), down: () => runCheck(test, { ...at, PGPORT: String(closed) }, timeout) };
      }
      if (name === 'proxy') {
        return {
          healthy: () => runCheck(toPort(test, proxy.healthPort), {}, timeout),
          down: () => runCheck(toPort(test, closed), {}, timeout),
        };
      }
      throw new Error(`docker-compose.yml: service ${name} has a healthcheck this test has no local equivalent for; add one here`);
    }

    it('every healthcheck in docker-compose.yml passes against a live target and fails against a dead one', async () => {
      const checked: string[] = [];
      for (const [name, service] of Object.entries(compose.services)) {
        const test = service.healthcheck?.test;
        if (!test) continue;
        expect(Array.isArray(test) ? test[0] : 'CMD-SHELL', name).toMatch(/^CMD(-SHELL)?$/);
        const { healthy, down } = await targets(name, typeof test === 'string' ? ['CMD-SHELL', test] : test, service.healthcheck?.timeout);
        const up = await healthy();
        expect(up.code, `${name} healthy: ${up.output}`).toBe(0);
        const dead = await down();
        expect(dead.code, `${name} down: ${dead.output}`).not.toBe(0);
        checked.push(name);
      }
      expect(checked.sort()).toEqual(['db', 'proxy']);
    });

    it("the app image's HEALTHCHECK (Dockerfile; the proxy waits for it) passes on a live replica and fails on a dead port", async () => {
      const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
      const command = /^HEALTHCHECK\b.*?\bCMD\s+(.+)$/m.exec(dockerfile)?.[1];
      expect(command, 'HEALTHCHECK … CMD … in the Dockerfile').toBeTruthy();
      expect(compose.services.app?.build, 'the app service is built from that Dockerfile').toBeTruthy();
      const at = (hostPort: string) => command!.replace(/127\.0\.0\.1:1337/g, hostPort);
      expect(at('x'), 'the command checks 127.0.0.1:1337').not.toBe(command);
      const up = await runCheck(['CMD-SHELL', at(`${REPLICAS[0]}:${replicas[0]!.port}`)]);
      expect(up.code, up.output).toBe(0);
      const dead = await runCheck(['CMD-SHELL', at(`127.0.0.1:${await freeTcpPort()}`)]);
      expect(dead.code, dead.output).not.toBe(0);
    });
  });

  it('skips a replica that is down: reads at once, and everything once Docker drops it from its DNS', async () => {
    const [, second] = replicas;
    const exited = new Promise((resolve) => second!.process.once('exit', resolve));
    second!.process.kill('SIGKILL');
    await exited;

    // Still listed by the DNS: a GET that meets the dead one is sent to the other (Caddy resends a GET).
    for (let i = 0; i < 10; i += 1) expect((await proxy.request(`/api/products?limit=1&tras-caida=${i}`)).status, `GET ${i}`).toBe(200);
    // A POST is never resent after the connection failed with Caddy 2.6 (it cannot replay the body; later versions
    // can): those meeting the dead replica answer 502 until it leaves the DNS. Only reported here.
    const early: number[] = [];
    for (let i = 0; i < 6; i += 1) early.push((await proxy.post(`127.0.8.${i + 1}`, '/api/auth/login', TEST_ADMIN)).status);
    console.log(`[https proxy] sign-ins while the dead replica was still listed: ${early.join(', ')}`);

    // Docker removes a stopped container from its DNS; the proxy looks the name up again every second.
    dns.set('app', [REPLICAS[0]!]);
    await sleep(1500);
    for (let i = 0; i < 10; i += 1) {
      const answer = await proxy.post(`127.0.9.${i + 1}`, '/api/auth/login', TEST_ADMIN);
      expect(answer.status, `POST ${i}: ${JSON.stringify(answer.body)}`).toBe(200);
    }
  });

  it("the proxy's healthcheck fails when no replica answers through it, and when Caddy is stopped", async () => {
    expect((await proxyHealthcheck()).code).toBe(0);
    // Caddy up, no replica listed: the check fails (it is killed after the compose timeout, or gets a 5xx).
    dns.set('app', []);
    await sleep(1200);
    expect((await proxyHealthcheck()).code).not.toBe(0);
    dns.set('app', [REPLICAS[0]!]);
    await sleep(1200);
    expect((await proxyHealthcheck()).code).toBe(0);
    await proxy.stop();
    expect((await proxyHealthcheck()).code).not.toBe(0);
  });
});
