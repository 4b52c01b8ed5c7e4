import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { api } from '../helpers/api';
import { createTestDatabase, startStrapi, type RunningStrapi, type TestDatabase } from '../helpers/strapi-process';
import { reachable, startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy';

interface PartHealth {
  status: 'up' | 'down';
  latencyMs: number;
}
interface HealthBody {
  status: string;
  database: string;
  message?: string;
  checks: { database: PartHealth; redis?: PartHealth };
  uptime: number;
  timestamp: string;
}

/** A check that fails answers within its 2 s bound (plus the request itself). */
const DOWN_ANSWER_MS = 4_000;

function expectPart(part: PartHealth | undefined, status: 'up' | 'down') {
  expect(part?.status).toBe(status);
  expect(typeof part?.latencyMs).toBe('number');
  expect(part?.latencyMs).toBeGreaterThanOrEqual(0);
}

async function health(baseUrl?: string) {
  const started = Date.now();
  const res = await api<HealthBody>('/health', { baseUrl });
  return { ...res, took: Date.now() - started };
}

describe('GET /health', () => {
  it('answers ok with the database up and its latency (no Redis configured)', async () => {
    const res = await health();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', database: 'ok' });
    expectPart(res.body.checks.database, 'up');
    expect(res.body.checks.redis).toBeUndefined();
    expect(res.body).not.toHaveProperty('message');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(typeof res.body.uptime).toBe('number');
    expect(Number.isNaN(Date.parse(res.body.timestamp))).toBe(false);
  });

  it('answers unknown /api paths with a Spanish 404', async () => {
    const res = await api('/no-existe');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Recurso no encontrado');
  });
});

const REDIS_HOST = '127.0.0.1';
const REDIS_PORT = 6379;
const PG_ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A shop of its own (own database; Redis reached through a TCP relay the test closes): Redis down answers 200
 * "degraded"; on PostgreSQL, the database made unreachable answers 503, and the shop recovers when it comes back.
 */
describe('GET /health when a part is down', () => {
  const kind = inject('databaseKind');
  let database: TestDatabase;
  let shop: RunningStrapi;
  let redisRelay: TcpProxy;
  let redisUp = false;

  beforeAll(async () => {
    redisUp = await reachable(REDIS_HOST, REDIS_PORT);
    // Without a local Redis the relay leads nowhere: Redis is down from the start.
    redisRelay = await startTcpProxy(REDIS_HOST, REDIS_PORT);
    database = await createTestDatabase(kind, { seeded: true });
    shop = await startStrapi(database, {
      REDIS_URL: `redis://127.0.0.1:${redisRelay.port}`,
      RATE_LIMIT_PREFIX: `health-test-${process.pid}-${Date.now()}`,
    });
  });

  afterAll(async () => {
    await shop?.stop();
    await redisRelay?.close();
    await database?.drop();
  });

  it('reports Redis up with its latency, then down (200 "degraded": the database still serves)', async () => {
    if (redisUp) {
      const up = await health(shop.url);
      expect(up.status).toBe(200);
      expect(up.body).toMatchObject({ status: 'ok', database: 'ok' });
      expect(up.body).not.toHaveProperty('message');
      expectPart(up.body.checks.redis, 'up');
    }
    await redisRelay.close();
    const down = await health(shop.url);
    expect(down.status).toBe(200);
    expect(down.body).toMatchObject({ status: 'degraded', database: 'ok', message: 'No responde: Redis' });
    expectPart(down.body.checks.database, 'up');
    expectPart(down.body.checks.redis, 'down');
    expect(down.took).toBeLessThan(DOWN_ANSWER_MS);
  });

  it.runIf(kind === 'postgres')('answers 503 when PostgreSQL is unreachable, and 200 again once it is back', async () => {
    const databaseUrl = database.env.DATABASE_URL;
    if (databaseUrl === undefined) throw new Error('a PostgreSQL test database has a DATABASE_URL');
    const name = new URL(databaseUrl).pathname.slice(1);
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    try {
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
      const down = await health(shop.url);
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({ status: 'error', database: 'error', message: 'No responde: la base de datos y Redis' });
      expectPart(down.body.checks.database, 'down');
      expect(down.took).toBeLessThan(DOWN_ANSWER_MS);
    } finally {
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      await admin.end();
    }
    let back = await health(shop.url);
    for (let i = 0; i < 20 && back.status !== 200; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      back = await health(shop.url);
    }
    expect(back.status).toBe(200);
    expectPart(back.body.checks.database, 'up');
  });
});
