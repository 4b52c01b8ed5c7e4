import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR_NAME, type Order, type OrderEvent, type SiteContent } from '@shop/shared';
import { api } from '../helpers/api';
import { createProduct, orderBody, uploadProof, type TestProduct } from '../helpers/orders';
import { deleteRedisKeys } from '../helpers/redis';
import {
  answeredBy,
  freePortOn,
  startAppDns,
  startReplica,
  startShopProxy,
  type AppDns,
  type ProxyAnswer,
  type ShopProxy,
} from '../helpers/reverse-proxy';
import { sleep, waitFor } from '../helpers/wait-for';
import { TEST_ADMIN, createTestDatabase, postgresAvailable, type RunningStrapi, type TestDatabase } from '../helpers/strapi-process';

// The production shape (docker-compose.yml): several app processes on one PostgreSQL and one Redis, behind the real
// reverse proxy (Caddy with deploy/Caddyfile, over HTTPS) that balances over them and sets X-Forwarded-For to the
// client's address (TRUST_PROXY=true). Here: two processes on 127.0.0.2 and 127.0.0.3, one port, listed under `app`
// by a small DNS server as Docker's lists replicas (helpers/reverse-proxy.ts); every client comes from its own 127.x
// address. Which process answered a request is read from its log (Strapi logs every request), as the proxy does not
// say.
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Rate-limit keys of this run only: runs (and other suites) on the same Redis never see each other's counts. */
const RATE_LIMIT_PREFIX = `shop-rl-procs-${process.pid}-${Date.now().toString(36)}`;
// Both processes sweep unpaid orders every second with their clock 50 s ahead: a one-minute hold is due ~10 s after
// the order. The sign-in limit is the real one (5 failures per client address); the e-mail limit is out of the way,
// so the per-address count is the one that trips. Orders, uploads and tracking are raised for the bulk parts.
const CLOCK_AHEAD_SECONDS = 50;
const APP_ENV = {
  REDIS_URL,
  RATE_LIMIT_PREFIX,
  TRUST_PROXY: 'true',
  RATE_LIMIT_LOGIN_MAX: '5',
  RATE_LIMIT_LOGIN_EMAIL_MAX: '1000',
  RATE_LIMIT_ORDERS_MAX: '100000',
  RATE_LIMIT_UPLOADS_MAX: '1000',
  RATE_LIMIT_TRACKING_MAX: '100000',
  ORDER_HOLD_SWEEP_CRON: '* * * * * *',
  ORDER_HOLD_CLOCK_OFFSET_SECONDS: String(CLOCK_AHEAD_SECONDS),
};

const REPLICAS = ['127.0.0.2', '127.0.0.3'];

let database: TestDatabase;
let first: RunningStrapi;
let second: RunningStrapi;
let dns: AppDns;
let proxy: ShopProxy;
let staff: string;

/** A staff call straight to one process. */
async function staffCall<T>(app: RunningStrapi, pathname: string, options: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await api<T>(pathname, { ...options, token: staff, baseUrl: app.url });
  if (res.status >= 300) throw new Error(`${options.method ?? 'GET'} ${pathname} on ${app.url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const stockOf = async (app: RunningStrapi, id: string) => (await staffCall<{ product: TestProduct }>(app, `/products/${id}`)).product.stock;
const orderCount = async (app: RunningStrapi) => (await staffCall<{ totalOrders: number }>(app, '/orders?limit=1')).totalOrders;

/** An order placed through the proxy by the client at `from`. */
async function placeThroughProxy(from: string, body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<ProxyAnswer> {
  return proxy.post(from, '/api/orders', body, headers);
}

/** How many `method path…` requests each process has answered so far, once its log has caught up with `total`. */
async function answered(method: string, pathPrefix: string, total?: number): Promise<number[]> {
  const read = async () => [first, second].map((app) => answeredBy(app, method, pathPrefix));
  if (total === undefined) return read();
  return waitFor(`${total} ${method} ${pathPrefix} in the logs`, read, (n) => n[0]! + n[1]! >= total, { timeoutMs: 5000, everyMs: 50 });
}

function orderOf(answer: ProxyAnswer): Order {
  if (answer.status !== 201) throw new Error(`order refused: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.order as Order;
}

// Order numbers (PREFIX-YYYYMMDD-NNNN) placed so far, per shop day: every batch must continue the day's sequence
// with no gap and no repeat (a rolled-back order gives its number back; the test never places a refused order).
const lastOfDay = new Map<string, number>();
function expectNextNumbers(numbers: string[]): void {
  expect(new Set(numbers).size, 'distinct order numbers').toBe(numbers.length);
  const byDay = new Map<string, number[]>();
  for (const number of numbers) {
    const match = /^[A-Z0-9]{1,10}-(\d{8})-(\d{4,})$/.exec(number);
    if (!match) throw new Error(`not an order number: ${number}`);
    byDay.set(match[1]!, [...(byDay.get(match[1]!) ?? []), Number(match[2])]);
  }
  for (const [day, sequences] of byDay) {
    const start = (lastOfDay.get(day) ?? 0) + 1;
    sequences.sort((a, b) => a - b);
    expect(sequences, `sequence of ${day}`).toEqual(sequences.map((_, i) => start + i));
    lastOfDay.set(day, start + sequences.length - 1);
  }
}

beforeAll(async () => {
  if (!(await postgresAvailable())) throw new Error('these tests need PostgreSQL (TEST_PG_ADMIN_URL)');
  database = await createTestDatabase('postgres');
  // Both start at once on the fresh database, as compose starts its replicas: one creates the schema and seeds while
  // the other waits for it (start-up lock), then joins the same database (and the same secrets file).
  const appPort = await freePortOn(REPLICAS);
  [first, second] = (await Promise.all(REPLICAS.map((host) => startReplica(database, host, appPort, APP_ENV)))) as [
    RunningStrapi,
    RunningStrapi,
  ];
  expect([first, second].some((app) => /another app process is starting on this database/.test(app.logs()))).toBe(true);
  dns = await startAppDns({ app: REPLICAS });
  proxy = await startShopProxy({ dns, appPort });
  const login = await api<{ token: string }>('/auth/login', { body: TEST_ADMIN, baseUrl: first.url });
  expect(login.status).toBe(200);
  staff = login.body.token;
});

afterAll(async () => {
  await proxy?.stop();
  await dns?.close();
  // A process killed by a signal has already exited: only the live ones are stopped.
  await Promise.all([first, second].filter((app) => app && app.process.signalCode === null).map((app) => app.stop()));
  await database?.drop();
  await deleteRedisKeys(REDIS_URL, RATE_LIMIT_PREFIX);
});

describe('two app processes on one PostgreSQL and one Redis, behind one proxy', () => {
  it('1,000 orders placed through both get 1,000 distinct consecutive numbers', async () => {
    const ORDERS = 1000;
    const CLIENTS = 20;
    const product = await createProduct({ stock: ORDERS, title: 'Conjunto Mil Pedidos' }, { baseUrl: first.url, token: staff });
    const servedBefore = await answered('POST', '/api/orders');
    const numbers: string[] = [];
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        for (let i = client; i < ORDERS; i += CLIENTS) {
          numbers.push(
            orderOf(await placeThroughProxy(`127.0.1.${client + 1}`, orderBody([{ productId: product._id, quantity: 1 }]))).orderNumber,
          );
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `[several processes] ${ORDERS} orders by ${CLIENTS} clients in ${seconds.toFixed(1)} s (${(ORDERS / seconds).toFixed(0)} orders/s)`,
    );

    expect(numbers).toHaveLength(ORDERS);
    expectNextNumbers(numbers);
    // Both processes took their share, and both see the same end state.
    const share = (await answered('POST', '/api/orders', servedBefore[0]! + servedBefore[1]! + ORDERS)).map((n, i) => n - servedBefore[i]!);
    console.log(`[several processes] orders answered by each process: ${share.join(' + ')}`);
    expect(Math.min(...share)).toBeGreaterThanOrEqual(ORDERS / 2 - CLIENTS);
    expect(await stockOf(first, product._id)).toBe(0);
    expect(await stockOf(second, product._id)).toBe(0);
    expect(await orderCount(second)).toBe(ORDERS);
  });

  it('rate limits are shared: the sixth wrong sign-in from a client is refused through either process', async () => {
    const wrong = { email: TEST_ADMIN.email, password: 'no-es-la-clave' };
    const attempts: { status: number; upstream: string }[] = [];
    for (let i = 0; i < 7; i += 1) {
      const before = await answered('POST', '/api/auth/login');
      const res = await proxy.post('127.0.2.1', '/api/auth/login', wrong);
      const after = await answered('POST', '/api/auth/login', before[0]! + before[1]! + 1);
      attempts.push({ status: res.status, upstream: after[0]! > before[0]! ? '0' : '1' });
    }
    expect(attempts.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 429, 429]);
    // The five failures were spread over both processes, and the refusals came from both.
    expect(new Set(attempts.slice(0, 5).map((a) => a.upstream))).toEqual(new Set(['0', '1']));
    expect(new Set(attempts.slice(5).map((a) => a.upstream))).toEqual(new Set(['0', '1']));
    // The count is per client (the proxy's X-Forwarded-For is read): another address is still answered.
    expect((await proxy.post('127.0.2.2', '/api/auth/login', wrong)).status).toBe(401);
  });

  it('a product saved on one process is served fresh by the other within a second', async () => {
    const product = await createProduct({ stock: 5, title: 'Body Recién Guardado' }, { baseUrl: first.url, token: staff });
    for (let round = 0; round < 6; round += 1) {
      const [writer, reader] = round % 2 === 0 ? [first, second] : [second, first];
      const change = { title: `Body Recién Guardado ${round}`, price: 12000 + round * 100 };
      await staffCall(writer, `/products/${product._id}`, { method: 'PUT', body: change });
      const saved = performance.now();
      await waitFor(
        `the change of round ${round} on the other process`,
        async () => (await api<{ product: TestProduct }>(`/products/${product._id}`, { baseUrl: reader.url })).body.product,
        (seen) => seen.title === change.title && seen.price === change.price,
        { timeoutMs: 1000, everyMs: 100 },
      );
      expect(performance.now() - saved).toBeLessThan(1000);
    }
  });

  it('an upload through one process is served by the other (one uploads folder)', async () => {
    const product = await createProduct({ stock: 2, title: 'Conjunto Comprobante' }, { baseUrl: first.url, token: staff });
    for (const [uploader, server] of [
      [first, second],
      [second, first],
    ] as const) {
      const url = await uploadProof(uploader.url);
      const [own, other] = await Promise.all([fetch(`${uploader.url}${url}`), fetch(`${server.url}${url}`)]);
      expect(other.status, url).toBe(200);
      expect(other.headers.get('content-type')).toBe('image/png');
      // The very file the uploader stored (the upload re-encodes the image: compared with its own copy).
      expect(Buffer.from(await other.arrayBuffer()).equals(Buffer.from(await own.arrayBuffer()))).toBe(true);
      // And the other process accepts it as the proof of an order.
      const placed = await api<{ order: Order }>('/orders', {
        baseUrl: server.url,
        body: orderBody([{ productId: product._id, quantity: 1 }], { paymentMethod: 'transfer', transferProofUrl: url }),
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      expect(placed.body.order.transferProofUrl).toBe(url);
      expectNextNumbers([placed.body.order.orderNumber]);
    }
  });

  it('the sweep of unpaid orders cancels each once, not once per process', async () => {
    const content = (await api<{ content: SiteContent }>('/content', { baseUrl: first.url })).body.content;
    content.checkout.paymentInfo.bankTransfer.enabled = true;
    content.checkout.paymentInfo.bankTransfer.reservationMinutes = 1;
    await staffCall(first, '/content', { method: 'PUT', body: content });

    const HELD = 20;
    const product = await createProduct({ stock: HELD * 2, title: 'Conjunto Reserva Vencida' }, { baseUrl: first.url, token: staff });
    const orders: Order[] = [];
    for (let i = 0; i < HELD; i += 1) {
      orders.push(
        orderOf(await placeThroughProxy('127.0.3.1', orderBody([{ productId: product._id, quantity: 2 }], { paymentMethod: 'transfer' }))),
      );
    }
    expectNextNumbers(orders.map((o) => o.orderNumber));
    expect(await stockOf(second, product._id)).toBe(0);
    const logsBefore = [first.logs().length, second.logs().length];

    for (const order of orders) {
      await waitFor(
        'the sweep',
        () => staffCall<{ order: Order }>(first, `/orders/${order._id}`),
        (o) => o.order.status === 'cancelled',
        {
          timeoutMs: 40_000,
          everyMs: 100,
        },
      );
    }
    // A few more runs of both sweeps change nothing.
    await sleep(2500);
    expect(await stockOf(first, product._id)).toBe(HELD * 2);
    for (const order of orders) {
      const { history } = await staffCall<{ history: OrderEvent[] }>(second, `/orders/${order._id}/history`);
      expect(history, order.orderNumber).toHaveLength(1);
      expect(history[0]).toMatchObject({
        from: 'pending_transfer_proof',
        to: 'cancelled',
        by: { kind: 'system', name: SYSTEM_ACTOR_NAME },
      });
    }
    const logs = [first.logs().slice(logsBefore[0]), second.logs().slice(logsBefore[1])];
    const cancelled = logs.map((log) =>
      [...log.matchAll(/\[orders\] cancelled (\d+) unpaid order/g)].reduce((sum, m) => sum + Number(m[1]), 0),
    );
    console.log(`[several processes] unpaid orders cancelled by the first process: ${cancelled[0]}, by the second: ${cancelled[1]}`);
    expect(cancelled[0]! + cancelled[1]!).toBe(HELD);
    expect(logs.join('')).not.toMatch(/could not cancel the unpaid order|Cron job "releaseExpiredOrders" failed/);
  });

  it('a process killed mid-way leaves the other serving; retried orders are placed once', async () => {
    const ORDERS = 200;
    const CLIENTS = 10;
    const KILL_AFTER = 60;
    const product = await createProduct({ stock: ORDERS + 100, title: 'Conjunto Sobreviviente' }, { baseUrl: first.url, token: staff });
    const before = await orderCount(first);
    const numbers: string[] = [];
    let retries = 0;
    let cutShort = 0;
    let killed: Promise<unknown> | null = null;
    let servedAtKill: number[] = [];

    /** A shopper's checkout: one Idempotency-Key per order, sent again (same key, same body) until it is answered. */
    async function checkout(from: string, key: string): Promise<Order> {
      const body = orderBody([{ productId: product._id, quantity: 1 }]);
      for (let attempt = 0; ; attempt += 1) {
        const answer: ProxyAnswer = await placeThroughProxy(from, body, { 'Idempotency-Key': key }).catch((err: unknown) => ({
          status: 0,
          body: { error: String(err) },
          headers: {},
          raw: Buffer.alloc(0),
        }));
        // A 201 whose body is cut short is unanswered too: the killed process had sent the status line when its
        // connection was reset, and the proxy had already passed it on. The same key gives the same order again.
        if (answer.status === 201 && typeof answer.body.order === 'object' && answer.body.order !== null) return orderOf(answer);
        // 502s come from orders the dying process had received (never resent by the proxy) and, with Caddy 2.6,
        // from every POST sent its way until the DNS stops listing it (about a second, see below).
        if (answer.status === 201) cutShort += 1;
        if (attempt >= 20) throw new Error(`order ${key} never placed: ${answer.status} ${JSON.stringify(answer.body)}`);
        retries += 1;
        await sleep(200);
      }
    }

    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        for (let i = client; i < ORDERS; i += CLIENTS) {
          numbers.push((await checkout(`127.0.4.${client + 1}`, `kill-test-${RATE_LIMIT_PREFIX}-${i}`)).orderNumber);
          if (numbers.length === KILL_AFTER && !killed) {
            killed = new Promise((resolve) => second.process.once('exit', resolve));
            servedAtKill = [first, second].map((app) => answeredBy(app, 'POST', '/api/orders'));
            second.process.kill('SIGKILL');
            // As Docker does when a container stops: the name `app` no longer lists it (the proxy looks it up
            // again every second; until then it skips the refused connections).
            dns.set('app', [REPLICAS[0]!]);
          }
        }
      }),
    );
    await killed;
    console.log(
      `[several processes] second process killed after ${KILL_AFTER} of ${ORDERS} orders: ${retries} retried request(s), ${cutShort} of them after a 201 cut short`,
    );

    expect(second.process.signalCode).toBe('SIGKILL');
    expect(numbers).toHaveLength(ORDERS);
    // Each order once: consecutive numbers with no gap, as many new orders as checkouts, the stock taken once each.
    expectNextNumbers(numbers);
    expect(await orderCount(first)).toBe(before + ORDERS);
    expect(await stockOf(first, product._id)).toBe(100);
    // After the kill, the survivor answered everything; the shop keeps answering through the proxy.
    await waitFor(
      "the survivor's log",
      async () => answeredBy(first, 'POST', '/api/orders') - servedAtKill[0]!,
      (n) => n >= ORDERS - KILL_AFTER - CLIENTS,
      { timeoutMs: 5000, everyMs: 100 },
    );
    for (let i = 0; i < 4; i += 1) expect((await proxy.request('/api/health')).status).toBe(200);
    expect((await proxy.request(`/api/products/${product._id}`)).status).toBe(200);
  });
});
