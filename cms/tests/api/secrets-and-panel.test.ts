import { createHmac } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api } from '../helpers/api';
import { knexOn } from '../helpers/database';
import { TEST_ADMIN, createTestDatabase, startStrapi, type RunningStrapi, type TestDatabase } from '../helpers/strapi-process';
import { PUBLISHED_SECRET_VALUES, SECRET_NAMES } from '../../src/domains/platform/secrets';

const PANEL_EMAIL = 'panel@test.local';
const STORE = 'strapi_core_store_settings';
/** The key of a content manager's view setting in Strapi's store. */
const VIEW = (what: string) => `plugin_content_manager_configuration_${what}`;

/** An HS256 JWT signed with `secret`, as anyone who read the value could make. */
function forge(payload: Record<string, unknown>, secret: string): string {
  const now = Math.floor(Date.now() / 1000);
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ iat: now, exp: now + 3600, ...payload })}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

function readEnvFile(file: string): Record<string, string> {
  return Object.fromEntries(
    readFileSync(file, 'utf8')
      .split('\n')
      .map((line) => /^([A-Z0-9_]+)=(.*)$/.exec(line))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => [m[1], m[2]]),
  );
}

/** Raw call to any path of the server (Strapi's panel API lives outside /api). */
async function call(baseUrl: string, path: string, init: { method?: string; body?: unknown; token?: string } = {}) {
  const res = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, text };
}

const REGISTER_PATHS = [
  '/admin/register-admin',
  '/admin/register-admin/',
  '/ADMIN/Register-Admin',
  '/admin//register-admin',
  '/admin/register%2Dadmin',
];
const NEW_ADMIN = { email: 'intruso@example.com', firstname: 'In', lastname: 'Truso', password: 'Intruso-12345' };

/** POST /admin/register-admin in every spelling the router might accept never answers a token. */
async function expectRegisterAdminClosed(baseUrl: string) {
  for (const path of REGISTER_PATHS) {
    const res = await call(baseUrl, path, { body: NEW_ADMIN });
    expect(res.status, `${path} -> ${res.status} ${res.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.text).not.toMatch(/token/i);
  }
  const intruder = await call(baseUrl, '/admin/login', { body: { email: NEW_ADMIN.email, password: NEW_ADMIN.password } });
  expect(intruder.status).toBe(400);
}

describe('the shared test shop (Strapi panel not served)', () => {
  it('never grants a panel token through /admin/register-admin', async () => {
    await expectRegisterAdminClosed(inject('baseUrl'));
  });

  it("created the panel's super-admin at first start from ADMIN_EMAIL/ADMIN_PASSWORD", async () => {
    const res = await call(inject('baseUrl'), '/admin/login', { body: TEST_ADMIN });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text).data.token).toEqual(expect.any(String));
  });

  it('refuses tokens signed with any secret value published in the repository', async () => {
    for (const value of PUBLISHED_SECRET_VALUES) {
      for (const payload of [{ id: 1, sv: 0 }, { id: 1 }, { id: 2, sv: 0 }]) {
        const res = await api('/orders', { token: forge(payload, value) });
        expect(res.status, `token signed with ${value}`).toBe(401);
      }
      const panel = await call(inject('baseUrl'), '/admin/users/me', {
        token: forge({ id: 1, userId: '1', type: 'access', sessionId: 'x' }, value),
      });
      expect(panel.status, `panel token signed with ${value}`).toBe(401);
    }
  });
});

describe('first start without secrets (panel served)', () => {
  let database: TestDatabase;
  let shop: RunningStrapi;
  let envFile: string;
  // Empty values count as unset: the process must generate every secret and the first password itself.
  const unset = Object.fromEntries([...SECRET_NAMES, 'ADMIN_PASSWORD', 'CMS_ADMIN_PASSWORD'].map((name) => [name, '']));
  const env = { ...unset, SERVE_STRAPI_ADMIN: 'true', CMS_ADMIN_EMAIL: PANEL_EMAIL };

  beforeAll(async () => {
    database = await createTestDatabase(inject('databaseKind'));
    const envPath = database.env.ENV_PATH;
    if (envPath === undefined) throw new Error('every test database has its own secrets file (ENV_PATH)');
    envFile = envPath;
    shop = await startStrapi(database, env);
  });

  afterAll(async () => {
    await shop?.stop();
    await database?.drop();
  });

  it('generates strong random secrets into a private file', () => {
    expect(statSync(envFile).mode & 0o777).toBe(0o600);
    const stored = readEnvFile(envFile);
    for (const name of SECRET_NAMES) {
      const secret = stored[name] ?? '';
      for (const part of secret.split(',')) expect(part.length, name).toBeGreaterThanOrEqual(32);
      expect(
        PUBLISHED_SECRET_VALUES.some((value) => secret.includes(value)),
        name,
      ).toBe(false);
    }
    expect(stored.APP_KEYS?.split(',')).toHaveLength(4);
    expect(stored.ADMIN_PASSWORD).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{16,}$/);
    const values = Object.values(stored);
    expect(new Set(values).size).toBe(values.length);
  });

  it('signs the staff and the panel super-admin in with the generated password only', async () => {
    const { ADMIN_PASSWORD: password } = readEnvFile(envFile);
    const staff = await api('/auth/login', { baseUrl: shop.url, body: { email: TEST_ADMIN.email, password } });
    expect(staff.status).toBe(200);
    const panel = await call(shop.url, '/admin/login', { body: { email: PANEL_EMAIL, password } });
    expect(panel.status).toBe(200);
    for (const published of PUBLISHED_SECRET_VALUES) {
      expect((await api('/auth/login', { baseUrl: shop.url, body: { email: TEST_ADMIN.email, password: published } })).status).toBe(401);
    }
    await expectRegisterAdminClosed(shop.url);
  });

  it('reuses the same secrets on the next start (tokens survive a restart); redoes only the panel views that need it', async () => {
    const before = readFileSync(envFile, 'utf8');
    const { ADMIN_PASSWORD: password } = readEnvFile(envFile);
    const token = (await api('/auth/login', { baseUrl: shop.url, body: { email: TEST_ADMIN.email, password } })).body.token as string;
    await shop.stop();
    // The panel's view settings (src/extensions/content-manager): the content types' pass is skipped when no model
    // changed, so a stray field in the order's settings stays; a component's setting gone brings the components'
    // pass back, which writes it again.
    const db = knexOn(database.env);
    try {
      const orderView = await db(STORE)
        .where({ key: VIEW('content_types::api::order.order') })
        .first();
      const stray = JSON.parse(orderView.value);
      stray.metadatas.noSuchField = { edit: {}, list: {} };
      await db(STORE)
        .where({ key: VIEW('content_types::api::order.order') })
        .update({ value: JSON.stringify(stray) });
      expect(
        await db(STORE)
          .where({ key: VIEW('components::order.item') })
          .delete(),
      ).toBe(1);
      shop = await startStrapi(database, env);
      expect(readFileSync(envFile, 'utf8')).toBe(before);
      expect((await api('/orders', { baseUrl: shop.url, token })).status).toBe(200);
      const after = JSON.parse(
        (
          await db(STORE)
            .where({ key: VIEW('content_types::api::order.order') })
            .first()
        ).value,
      );
      expect(after.metadatas.noSuchField).toEqual({ edit: {}, list: {} });
      const item = await db(STORE)
        .where({ key: VIEW('components::order.item') })
        .first();
      expect(JSON.parse(item.value)).toMatchObject({ uid: 'order.item', layouts: { list: expect.any(Array) } });
    } finally {
      await db.destroy();
    }
  });

  it('refuses to start with a secret value published in the repository', async () => {
    const other = await createTestDatabase(inject('databaseKind'));
    try {
      await expect(startStrapi(other, { JWT_SECRET: 'dev-jwt-secret-change-me' })).rejects.toThrow(/JWT_SECRET holds a value published/);
    } finally {
      await other.drop();
    }
  });
});
