import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeMercadoPago, type FakeMercadoPago } from '../../../scripts/fake-mercadopago.mjs';
import { api } from '../helpers/api';
import { knexOn } from '../helpers/database';
import { createProduct, fileForm, orderBody, PNG_BYTES, type TestProduct } from '../helpers/orders';
import {
  createOwnDatabase,
  mountSmallDisk,
  startOwnPostgres,
  startOwnRedis,
  type OwnPostgres,
  type OwnRedis,
} from '../helpers/own-services';
import { startStrapi, TEST_ADMIN, type RunningStrapi, type TestDatabase } from '../helpers/strapi-process';
import { sleep, waitFor } from '../helpers/wait-for';

/**
 * A Hot Sale night's faults under load (issue 40 §2). Two app processes on a PostgreSQL and a Redis of the test's
 * own take a steady mix (cash orders, transfer proofs, Mercado Pago orders, quotes) while, one after another: Redis
 * stops for FAULT_SECONDS, PostgreSQL restarts, one app process is killed (SIGKILL) and started again, the uploads disk fills
 * up, and Mercado Pago answers after 20 s for FAULT_SECONDS. It holds when no acknowledged order is lost or made twice (a client retries
 * what got no answer with its Idempotency-Key, as the storefront does), the stock taken equals the units of the orders
 * kept, every answer came within 10 s (a failure a Spanish 503 with Retry-After, or Mercado Pago's 502), the sign-in
 * limit keeps counting without Redis, a Redis outage signs nobody out, and the shop serves again within 30 s of each
 * fault's end by itself.
 */

// How long Redis stays down and Mercado Pago stays slow (FAULT_SECONDS, 30 s as issue 40 asked).
const FAULT_SECONDS = Number(process.env.FAULT_SECONDS ?? 30);
const CLIENTS = 4;
const ANSWER_LIMIT_MS = 10_000;
const ACCESS_TOKEN = `TEST-${randomUUID()}`;
const WEBHOOK_SECRET = randomUUID();

interface Attempt {
  kind: 'order' | 'proof' | 'mercadopago' | 'quote';
  phase: string;
  key: string;
  body: Record<string, unknown> | null;
  status: number; // 0: no answer (connection refused or cut)
  ms: number;
  retryAfter: string | null;
  message: string;
  orderNumber: string | null;
}

let pgServer: OwnPostgres;
let redis: OwnRedis;
let fake: FakeMercadoPago;
let database: TestDatabase;
let apps: RunningStrapi[] = [];
let env: Record<string, string>;
let staff: string;
let product: TestProduct;
let uploadsDir: string;
let disk: { unmount(): void } | null = null;
let phase = 'calm';
const attempts: Attempt[] = [];

async function timed(kind: Attempt['kind'], app: RunningStrapi, pathname: string, init: RequestInit, body: Attempt['body'], key: string) {
  const t0 = performance.now();
  const attempt: Attempt = { kind, phase, key, body, status: 0, ms: 0, retryAfter: null, message: '', orderNumber: null };
  try {
    const res = await fetch(`${app.url}/api${pathname}`, { ...init, signal: AbortSignal.timeout(20_000) });
    const json = (await res.json().catch(() => ({}))) as { message?: string; order?: { orderNumber?: string } };
    Object.assign(attempt, { status: res.status, retryAfter: res.headers.get('retry-after'), message: json.message ?? '' });
    attempt.orderNumber = json.order?.orderNumber ?? null;
  } catch (err) {
    attempt.message = err instanceof Error ? err.name : String(err);
  }
  attempt.ms = performance.now() - t0;
  attempts.push(attempt);
  return attempt;
}

function placeOrder(app: RunningStrapi, body: Record<string, unknown>, key: string = randomUUID(), kind: Attempt['kind'] = 'order') {
  const init = { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': key }, body: JSON.stringify(body) };
  return timed(kind, app, '/orders', init, body, key);
}

const cashBody = (i: number) => orderBody([{ productId: product._id, size: product.size[i % product.size.length], quantity: 1 + (i % 2) }]);

/** One client: round robin over the processes alive, a mix of calls, until `running.value` is false. */
async function client(n: number, running: { value: boolean }) {
  for (let i = n; running.value; i += CLIENTS) {
    const app = apps[i % apps.length]!;
    const roll = i % 10;
    if (roll < 6) await placeOrder(app, cashBody(i));
    else if (roll === 6)
      await timed(
        'proof',
        app,
        '/upload/proof',
        { method: 'POST', body: fileForm(PNG_BYTES, 'comprobante.png', 'image/png') },
        null,
        randomUUID(),
      );
    else if (roll === 7) await placeOrder(app, { ...cashBody(i), paymentMethod: 'mercadopago' }, randomUUID(), 'mercadopago');
    else {
      const body = JSON.stringify({ items: cashBody(i).items, paymentMethod: 'cash', deliveryType: 'pickup' });
      await timed('quote', app, '/checkout/quote', { method: 'POST', headers: { 'content-type': 'application/json' }, body }, null, '');
    }
    await sleep(25);
  }
}

/** Within 30 s of a fault's end, a cash order is taken by every process alive. */
async function expectRecovered(fault: string) {
  const t0 = Date.now();
  for (const app of apps) {
    try {
      await waitFor(
        `${fault}: an order on ${app.url}`,
        async () => (await placeOrder(app, cashBody(1))).status,
        (s) => s === 201,
        {
          timeoutMs: 30_000 - (Date.now() - t0),
          everyMs: 500,
        },
      );
    } catch (err) {
      throw new Error(`${String(err)}\n--- its log:\n${app.logs().slice(-3000)}`);
    }
  }
}

beforeAll(async () => {
  [pgServer, redis, fake] = await Promise.all([
    startOwnPostgres(),
    startOwnRedis(),
    startFakeMercadoPago({ accessToken: ACCESS_TOKEN, webhookSecret: WEBHOOK_SECRET }),
  ]);
  const folder = mkdtempSync(path.join(tmpdir(), 'shop-faults-'));
  uploadsDir = path.join(folder, 'public', 'uploads');
  disk = mountSmallDisk(uploadsDir, 8);
  const url = await createOwnDatabase(pgServer, `shop_faults_${process.pid}`);
  database = {
    kind: 'postgres',
    env: { ENV_PATH: path.join(folder, '.env'), DATABASE_URL: url },
    drop: async () => rmSync(folder, { recursive: true, force: true }),
  };
  env = {
    REDIS_URL: redis.url,
    RATE_LIMIT_PREFIX: `faults-${process.pid}`,
    PUBLIC_DIR: path.join(folder, 'public'),
    MERCADOPAGO_API_URL: fake.url,
    MERCADOPAGO_ACCESS_TOKEN: ACCESS_TOKEN,
    MERCADOPAGO_WEBHOOK_SECRET: WEBHOOK_SECRET,
    RATE_LIMIT_ORDERS_MAX: '1000000',
    RATE_LIMIT_UPLOADS_MAX: '1000000',
    RATE_LIMIT_QUOTE_MAX: '1000000',
    RATE_LIMIT_LOGIN_MAX: '5',
    RATE_LIMIT_LOGIN_EMAIL_MAX: '1000',
  };
  apps = [await startStrapi(database, env)];
  apps.push(await startStrapi(database, env));
  const login = await api<{ token: string }>('/auth/login', { body: TEST_ADMIN, baseUrl: apps[0]!.url });
  staff = login.body.token;
  const paymentInfo = { mercadoPago: { enabled: true } };
  expect((await api('/content', { method: 'PUT', token: staff, baseUrl: apps[0]!.url, body: { checkout: { paymentInfo } } })).status).toBe(
    200,
  );
  product = await createProduct({ stock: 0, stockBySize: { S: 50_000, M: 50_000, L: 50_000 } }, { baseUrl: apps[0]!.url, token: staff });
});

afterAll(async () => {
  for (const app of apps) await app.stop();
  disk?.unmount();
  await Promise.all([fake?.close(), redis?.stop()]);
  await pgServer?.stop();
  await database?.drop();
});

describe('faults at peak (two processes, own PostgreSQL and Redis)', () => {
  it('loses no acknowledged order, answers within 10 s, and recovers by itself', async () => {
    const running = { value: true };
    const load = Promise.all(Array.from({ length: CLIENTS }, (_, n) => client(n, running)));
    await sleep(3000);

    phase = 'redis';
    await redis.stop();
    const deadline = Date.now() + FAULT_SECONDS * 1000;
    // The sign-in limit keeps counting in each process's memory: five failures, then 429 (never unlimited).
    const wrong = [];
    for (let i = 0; i < 6; i++)
      wrong.push((await api('/auth/login', { body: { ...TEST_ADMIN, password: 'Mala-Clave-1' }, baseUrl: apps[0]!.url })).status);
    expect(wrong.slice(0, 5).every((s) => s === 401 || s === 400)).toBe(true);
    expect(wrong[5]).toBe(429);
    // Nobody is signed out: the staff token still opens the orders list.
    expect((await api('/orders?limit=1', { token: staff, baseUrl: apps[1]!.url })).status).toBe(200);
    await sleep(Math.max(0, deadline - Date.now()));
    await redis.start();
    phase = 'after-redis';
    await expectRecovered('redis');

    phase = 'postgres';
    await pgServer.restart();
    phase = 'after-postgres';
    await expectRecovered('postgres');

    phase = 'kill';
    const killed = apps.pop()!;
    killed.process.kill('SIGKILL');
    await sleep(2000);
    apps.push(await startStrapi(database, env));
    phase = 'after-kill';
    await expectRecovered('kill');

    phase = 'disk';
    const filler = path.join(uploadsDir, 'relleno.bin');
    try {
      writeFileSync(filler, Buffer.alloc(16 * 1024 * 1024));
    } catch {
      // ENOSPC: the disk is full, as wanted
    }
    await sleep(8000);
    rmSync(filler, { force: true });
    phase = 'after-disk';
    await expectRecovered('disk');

    phase = 'mercadopago';
    fake.state.delayMs = 20_000;
    await sleep(FAULT_SECONDS * 1000);
    fake.state.delayMs = 0;
    phase = 'after-mercadopago';
    await expectRecovered('mercadopago');

    running.value = false;
    await load;

    // What got no answer is sent again with its Idempotency-Key, as the storefront's retry does.
    phase = 'retry';
    for (const lost of attempts.filter((a) => (a.kind === 'order' || a.kind === 'mercadopago') && (a.status === 0 || a.status === 503))) {
      const again = await placeOrder(apps[0]!, lost.body!, lost.key);
      expect(again.status, `retry of ${lost.key}: ${again.message}`).toBe(201);
    }

    // Answers: within 10 s; failures are 503 with Retry-After in Spanish, or Mercado Pago's 502, or no answer at all
    // from the process killed on purpose.
    const slow = attempts.filter((a) => a.ms > ANSWER_LIMIT_MS && !(a.phase === 'kill' && a.status === 0));
    // A request left unanswered has no answer to read: name the processes' last warnings, Redis's and the uploads' lines.
    const recentLines = () =>
      apps
        .flatMap((app) => app.logs().split('\n'))
        .filter((line) => /redis|upload|warn|error/i.test(line))
        .slice(-25)
        .join('\n');
    expect(
      slow.map((a) => `${a.phase} ${a.kind} ${a.status} ${Math.round(a.ms)} ms`),
      slow.length > 0 ? `answers over ${ANSWER_LIMIT_MS} ms; the processes' last lines:\n${recentLines()}` : undefined,
    ).toEqual([]);
    const failures = attempts.filter((a) => a.status >= 500);
    // An unexpected failure names the processes' last error lines (the cause of a 500 is only in their logs).
    const errorLines = () =>
      apps
        .flatMap((app) => app.logs().split('\n'))
        // The expected failures (a full disk, Mercado Pago down) would push the cause out of the last lines.
        .filter((line) => /error/i.test(line) && !/ENOSPC|No pudimos conectar con Mercado Pago/.test(line))
        .slice(-15)
        .join('\n');
    for (const f of failures) {
      if (f.status === 503) expect(f.retryAfter, `${f.phase} ${f.kind}`).toMatch(/^\d+$/);
      else expect([f.status, f.kind], `${f.phase} ${f.kind} ${f.status} ${f.message}\n${errorLines()}`).toEqual([502, 'mercadopago']);
      expect(f.message).toMatch(/[a-záéíóúñ]/);
      expect(f.message).not.toMatch(/internal server error/i);
    }
    expect(attempts.filter((a) => a.kind === 'proof' && a.phase === 'disk' && a.status === 503).length).toBeGreaterThan(0);

    // The books: the orders kept are exactly the acknowledged ones, each once; the stock taken is their units.
    const acknowledged = attempts.filter((a) => (a.kind === 'order' || a.kind === 'mercadopago') && a.status === 201);
    const numbers = new Set(acknowledged.map((a) => a.orderNumber));
    const db = knexOn(database.env);
    try {
      const rows: { order_number: string; order_status: string }[] = await db('orders').select('order_number', 'order_status');
      const kept = rows.filter((r) => r.order_status !== 'cancelled');
      expect(new Set(rows.map((r) => r.order_number)).size).toBe(rows.length);
      expect(kept.map((r) => r.order_number).sort()).toEqual([...numbers].sort());
      const units = await db('components_order_items as i')
        .join('orders_cmps as l', function join() {
          this.on('l.cmp_id', '=', 'i.id').andOnVal('l.component_type', '=', 'order.item');
        })
        .join('orders as o', 'o.id', 'l.entity_id')
        .whereNot('o.order_status', 'cancelled')
        .sum({ units: 'i.quantity' });
      const left = (await api<{ product: TestProduct }>(`/products/${product._id}`, { token: staff, baseUrl: apps[0]!.url })).body.product
        .stock;
      expect(150_000 - left).toBe(Number(units[0]!.units));
    } finally {
      await db.destroy();
    }
    console.log(
      `faults: ${attempts.length} calls, ${acknowledged.length} orders, failures by phase ${JSON.stringify(
        failures.reduce<Record<string, number>>((acc, f) => {
          const key = `${f.phase} ${f.kind} ${f.status} ${f.message.slice(0, 40)}`;
          return { ...acc, [key]: (acc[key] ?? 0) + 1 };
        }, {}),
      )}`,
    );
  });
});
