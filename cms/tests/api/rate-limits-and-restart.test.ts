import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MSG } from '@shop/shared';
import { api } from '../helpers/api';
import { TEST_ADMIN, createTestDatabase, startStrapi, type RunningStrapi, type TestDatabase } from '../helpers/strapi-process';

// A second Strapi with low limits on its own throwaway database, so the shared one is never blocked.
const OWNER = { email: 'duena@test.local', password: 'Clave-De-La-Duena' };
const LOW_LIMITS = {
  RATE_LIMIT_LOGIN_MAX: '3',
  RATE_LIMIT_CONTACT_MAX: '2',
  RATE_LIMIT_INTERACTIONS_MAX: '3',
  RATE_LIMIT_TRACKING_MAX: '4',
};

let database: TestDatabase;
let strapi: RunningStrapi;
// The process's temp folder, to see that multipart uploads leave nothing behind.
const tempDir = mkdtempSync(path.join(tmpdir(), 'shop-strapi-tmp-'));
/** True when a Redis server answers PING at the URL. */
function redisAvailable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(1500);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      resolve(data.toString().startsWith('+PONG'));
      socket.destroy();
    });
    socket.once('timeout', () => {
      resolve(false);
      socket.destroy();
    });
    socket.once('error', () => resolve(false));
  });
}

const call = (path: string, options: Parameters<typeof api>[1] = {}) => api(path, { ...options, baseUrl: strapi.url });

beforeAll(async () => {
  database = await createTestDatabase(inject('databaseKind'), { seeded: true });
  strapi = await startStrapi(database, { ...LOW_LIMITS, TMPDIR: tempDir });
});

afterAll(async () => {
  await strapi?.stop();
  await database?.drop();
  rmSync(tempDir, { recursive: true, force: true });
});

describe('rate limits', () => {
  it('blocks login for 15 minutes after too many failures from one client, whatever the e-mail or X-Forwarded-For', async () => {
    // Successful sign-ins do not count.
    for (let i = 0; i < 4; i++) expect((await call('/auth/login', { body: TEST_ADMIN })).status).toBe(200);
    // Without TRUST_PROXY a client's own X-Forwarded-For is ignored: it cannot pose as another client.
    const forged = (n: number) => ({ 'x-forwarded-for': `198.51.100.${n}` });
    for (const [i, email] of ['a@test.local', 'b@test.local', TEST_ADMIN.email].entries()) {
      const res = await call('/auth/login', { body: { email, password: 'mala-clave' }, headers: forged(i) });
      expect(res.status).toBe(401);
    }
    for (const [i, body] of [
      TEST_ADMIN,
      { email: 'otra@test.local', password: 'x' },
      { email: 'NUEVA@test.local', password: TEST_ADMIN.password },
    ].entries()) {
      const blocked = await call('/auth/login', { body, headers: forged(10 + i) });
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toBe(MSG.login.rateLimited);
      const retryAfter = Number(blocked.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(14 * 60);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    }
  });

  it('limits the contact form', async () => {
    const body = { name: 'Ana', email: 'ana@example.com', subject: 'Hola', message: 'Consulta' };
    expect((await call('/contact', { body })).status).toBe(201);
    expect((await call('/contact', { body })).status).toBe(201);
    const blocked = await call('/contact', { body });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(MSG.rateLimited);
  });

  it('limits interactions', async () => {
    const body = { type: 'product_view', data: { productId: 'x' } };
    for (let i = 0; i < 3; i++) expect((await call('/interactions', { body })).status).toBe(201);
    const blocked = await call('/interactions', { body });
    expect(blocked.status).toBe(429);
    expect(typeof blocked.body.message).toBe('string');
  });

  it('limits order tracking lookups, so sequential numbers cannot be walked through', async () => {
    for (let i = 1; i <= 4; i++) {
      const res = await call(`/orders/by-number/JL-20240101-${String(i).padStart(4, '0')}`);
      expect(res.status).toBe(404);
    }
    const blocked = await call('/orders/by-number/JL-20240101-0005');
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(MSG.rateLimited);
  });
});

describe('a rate-limit store shared by several app processes (Redis)', () => {
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

  it('blocks a client on every process once it failed too often on one of them', async (context) => {
    if (!(await redisAvailable(redisUrl))) {
      if (process.env.CI) throw new Error(`Redis is required in CI but ${redisUrl} is not reachable`);
      context.skip();
    }
    // Two processes, each on its own database, sharing only Redis (a fresh key prefix keeps runs apart).
    const env = { REDIS_URL: redisUrl, RATE_LIMIT_PREFIX: `test-${process.pid}-${Date.now()}`, RATE_LIMIT_LOGIN_MAX: '2' };
    const databases = [
      await createTestDatabase(inject('databaseKind'), { seeded: true }),
      await createTestDatabase(inject('databaseKind'), { seeded: true }),
    ];
    const processes = [await startStrapi(databases[0]!, env), await startStrapi(databases[1]!, env)];
    try {
      const [first, second] = processes.map(
        (p) =>
          (path: string, options: Parameters<typeof api>[1] = {}) =>
            api(path, { ...options, baseUrl: p.url }),
      );
      expect((await second!('/auth/login', { body: TEST_ADMIN })).status).toBe(200);
      for (let i = 0; i < 2; i++)
        expect((await first!('/auth/login', { body: { email: TEST_ADMIN.email, password: 'mala' } })).status).toBe(401);
      const blocked = await second!('/auth/login', { body: TEST_ADMIN });
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toBe(MSG.login.rateLimited);
    } finally {
      await Promise.all(processes.map((p) => p.stop()));
      await Promise.all(databases.map((d) => d.drop()));
    }
  });
});

describe('multipart bodies', () => {
  it('leave no temp file behind, whatever the route and its answer', async () => {
    const form = new FormData();
    form.append('file', new Blob([Buffer.alloc(300_000, 7)]), 'relleno.bin');
    const refused = await call('/products', { method: 'POST', raw: form });
    expect(refused.status).toBe(415);
    expect(readdirSync(tempDir)).toEqual([]);
  });
});

describe('restart on the same database', () => {
  it("never reseeds over the owner's changes nor brings back the development admin account", async () => {
    // The first process's login limiter is exhausted: sign in on a fresh process with the same database.
    await strapi.stop();
    strapi = await startStrapi(database);
    const login = await call('/auth/login', { body: TEST_ADMIN });
    expect(login.status).toBe(200);
    const token = login.body.token;
    const content = await call('/content');
    const edited = { ...content.body.content, hero: { ...content.body.content.hero, slogan: 'Eslogan de la dueña' } };
    expect((await call('/content', { method: 'PUT', body: edited, token })).status).toBe(200);
    const list = await call('/products?limit=all', { token });
    const victim = list.body.payload[0];
    expect((await call(`/products/${victim._id}`, { method: 'DELETE', token })).status).toBe(200);
    const changed = await call('/users/password', {
      method: 'PUT',
      body: { currentPassword: TEST_ADMIN.password, newPassword: 'Clave-De-La-Duena' },
      token,
    });
    expect(changed.status).toBe(200);
    // The password change ended the earlier token; the answer carries the one for this session.
    expect((await call('/orders', { token })).status).toBe(401);
    const session = changed.body.token;
    const moved = await call('/users/profile', {
      method: 'PUT',
      body: { username: 'duena', email: OWNER.email, currentPassword: OWNER.password },
      token: session,
    });
    expect(moved.status).toBe(200);

    await strapi.stop();
    strapi = await startStrapi(database);
    expect((await call('/content')).body.content.hero.slogan).toBe('Eslogan de la dueña');
    const after = await call('/products?limit=all', { token: session });
    expect(after.body.totalDocs).toBe(list.body.totalDocs - 1);
    expect((await call(`/products/${victim._id}`, { token: session })).status).toBe(404);
    // Neither the old password nor the development account (ADMIN_EMAIL) comes back.
    expect((await call('/auth/login', { body: TEST_ADMIN })).status).toBe(401);
    expect((await call('/auth/login', { body: { email: TEST_ADMIN.email, password: OWNER.password } })).status).toBe(401);
    expect((await call('/auth/login', { body: OWNER })).status).toBe(200);
  });
});

describe('DELETE /products/{id} with orders', () => {
  // Runs on this file's own process: the shared one keeps the real order rate limit, which the orders tests use up.
  it('refuses (409, "órdenes activas") while an active order contains the product, allows it once cancelled', async () => {
    const token = (await call('/auth/login', { body: OWNER })).body.token;
    const created = await call('/products', {
      body: {
        title: 'Con orden activa',
        description: 'd',
        price: 5000,
        category: 'bombis',
        stock: 10,
        size: ['M'],
        thumbnails: ['/images/x.webp'],
      },
      token,
    });
    expect(created.status).toBe(201);
    const product = created.body.product;
    const order = await call('/orders', {
      body: {
        items: [{ productId: product._id, quantity: 1, size: 'M' }],
        shippingInfo: { fullName: 'Ana Pérez', email: 'ana@example.com', phone: '2995551234' },
        paymentMethod: 'cash',
      },
    });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    const refused = await call(`/products/${product._id}`, { method: 'DELETE', token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('órdenes activas');
    expect((await call(`/products/${product._id}`)).status).toBe(200);
    const cancelled = await call(`/orders/${order.body.order._id}/status`, { method: 'PUT', body: { status: 'cancelled' }, token });
    expect(cancelled.status).toBe(200);
    const deleted = await call(`/products/${product._id}`, { method: 'DELETE', token });
    expect(deleted.status).toBe(200);
  });
});
