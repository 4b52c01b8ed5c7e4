import { describe, expect, it } from 'vitest';
import { api, adminToken, expectMessage, forgetTokens, shopperToken } from '../helpers/api';
import { GARBAGE_TOKEN } from '../helpers/auth-matrix';
import { TEST_ADMIN, TEST_SHOPPER } from '../helpers/strapi-process';
import { testDatabase } from '../helpers/database';

/** bcrypt's hash of TEST_SHOPPER.password at cost 10 (made once with bcryptjs.hashSync). */
const SHOPPER_PASSWORD_AT_COST_10 = '$2a$10$Vc6M6sghoiPoCy6CVOoireH9.ZvJlLXaEVHTDqN9bLHe0i2Hgsfcq';

describe('POST /auth/login', () => {
  it('answers {token, user} with role admin for staff', async () => {
    const res = await api('/auth/login', { body: { email: TEST_ADMIN.email, password: TEST_ADMIN.password } });
    expect(res.status).toBe(200);
    expect(typeof res.body.token).toBe('string');
    // `role` stays 'admin' for every staff account (clients keep working); `staffRole` says which (the first is the owner).
    expect(res.body.user).toMatchObject({ email: TEST_ADMIN.email, role: 'admin', staffRole: 'owner' });
    expect(Object.keys(res.body.user).sort()).toEqual(['documentId', 'email', 'id', 'name', 'role', 'staffRole', 'username']);
    expect(JSON.stringify(res.body)).not.toMatch(/password/i);
  });

  it('accepts the e-mail in any case', async () => {
    const res = await api('/auth/login', { body: { email: TEST_ADMIN.email.toUpperCase(), password: TEST_ADMIN.password } });
    expect(res.status).toBe(200);
  });

  it('signs in a non-admin user with their own role', async () => {
    const res = await api('/auth/login', { body: { email: TEST_SHOPPER.email, password: TEST_SHOPPER.password } });
    expect(res.status).toBe(200);
    expect(res.body.user.role).not.toBe('admin');
  });

  it.each([
    ['a wrong password', { email: TEST_ADMIN.email, password: 'otra-cosa' }],
    ['an unknown e-mail', { email: 'nadie@test.local', password: TEST_ADMIN.password }],
  ])('answers 401 Credenciales inválidas for %s', async (_label, body) => {
    const res = await api('/auth/login', { body });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Credenciales inválidas' });
  });

  it.each([
    [{}, 'El email es requerido'],
    [{ email: TEST_ADMIN.email }, 'La contraseña es requerida'],
    [{ email: 42, password: 'x' }, 'El email es requerido'],
    [{ email: TEST_ADMIN.email, password: ['x'] }, 'La contraseña es requerida'],
  ])('answers 400 for the incomplete body %j', async (body, message) => {
    const res = await api('/auth/login', { body });
    expectMessage(res, 400, message);
  });

  it('answers 400 for malformed JSON', async () => {
    const res = await api('/auth/login', { method: 'POST', raw: '{"email":', headers: { 'content-type': 'application/json' } });
    expectMessage(res, 400, 'El cuerpo de la petición no es un JSON válido');
  });
});

describe('GET /auth/check', () => {
  it('answers the signed-in user', async () => {
    const admin = await api('/auth/check', { token: await adminToken() });
    expect(admin.status).toBe(200);
    expect(admin.body.user).toMatchObject({ email: TEST_ADMIN.email, role: 'admin' });
    const shopper = await api('/auth/check', { token: await shopperToken() });
    expect(shopper.status).toBe(200);
    expect(shopper.body.user).toMatchObject({ email: TEST_SHOPPER.email, role: 'authenticated' });
  });

  it('answers 401 without a token or with a garbage one', async () => {
    for (const token of [null, GARBAGE_TOKEN, 'x']) {
      const res = await api('/auth/check', { token });
      expect(res.status).toBe(401);
      expect(typeof res.body.message).toBe('string');
    }
  });
});

describe("users-permissions' own content API", () => {
  it.each([
    ['POST', '/auth/local'],
    ['POST', '/auth/local/register'],
    ['POST', '/auth/forgot-password'],
    ['POST', '/auth/reset-password'],
    ['GET', '/users'],
    ['GET', '/users/me'],
    ['GET', '/users/1'],
    ['GET', '/connect/google'],
    ['GET', '/users-permissions/roles'],
  ])('%s %s is not exposed', async (method, path) => {
    const res = await api(path, {
      method,
      body: method === 'POST' ? { identifier: TEST_ADMIN.email, password: TEST_ADMIN.password, email: 'x@y.z', username: 'x' } : undefined,
      token: await adminToken(),
    });
    expect([404, 405]).toContain(res.status);
    expect(typeof res.body.message).toBe('string');
  });
});

/** The claims of a JWT (not verified: the server's answer is what the tests check). */
function claims(token: string): { iat: number; exp: number } {
  const [, payload = ''] = token.split('.');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { iat: number; exp: number };
}

describe('session lifetime', () => {
  it('issues tokens that live at most a working day (8 h)', async () => {
    const res = await api('/auth/login', { body: { email: TEST_ADMIN.email, password: TEST_ADMIN.password } });
    const { iat, exp } = claims(res.body.token);
    expect(exp - iat).toBeGreaterThan(0);
    expect(exp - iat).toBeLessThanOrEqual(8 * 3600);
  });

  it('POST /auth/renew answers a fresh token for a valid one, 401 otherwise', async () => {
    const token = await adminToken();
    const renewed = await api('/auth/renew', { method: 'POST', token });
    expect(renewed.status).toBe(200);
    expect(renewed.body.user).toMatchObject({ email: TEST_ADMIN.email, role: 'admin' });
    expect((await api('/orders', { token: renewed.body.token })).status).toBe(200);
    expect(claims(renewed.body.token).exp).toBeGreaterThanOrEqual(claims(token).exp);
    for (const bad of [null, GARBAGE_TOKEN]) {
      const res = await api('/auth/renew', { method: 'POST', token: bad });
      expect(res.status).toBe(401);
      expect(res.body.message).toMatch(/inicia sesión/);
    }
  });

  it('POST /auth/logout ends every token of the account issued before it', async () => {
    const first = (await api('/auth/login', { body: { email: TEST_SHOPPER.email, password: TEST_SHOPPER.password } })).body.token as string;
    const second = (await api('/auth/login', { body: { email: TEST_SHOPPER.email, password: TEST_SHOPPER.password } })).body
      .token as string;
    const renewed = (await api('/auth/renew', { method: 'POST', token: first })).body.token as string;
    const out = await api('/auth/logout', { method: 'POST', token: second });
    expectMessage(out, 200, 'Sesión cerrada');
    for (const token of [first, second, renewed]) {
      expect((await api('/auth/check', { token })).status).toBe(401);
      expect((await api('/auth/renew', { method: 'POST', token })).status).toBe(401);
    }
    for (const token of [second, null, GARBAGE_TOKEN]) {
      const res = await api('/auth/logout', { method: 'POST', token });
      expect(res.status).toBe(401);
      expect(res.body.message).toMatch(/inicia sesión/);
    }
    const again = await api('/auth/login', { body: { email: TEST_SHOPPER.email, password: TEST_SHOPPER.password } });
    expect((await api('/auth/check', { token: again.body.token })).status).toBe(200);
    forgetTokens();
  });

  it('signing one account out leaves the others signed in', async () => {
    const admin = await adminToken();
    const shopper = await shopperToken();
    expect((await api('/auth/logout', { method: 'POST', token: shopper })).status).toBe(200);
    expect((await api('/orders', { token: admin })).status).toBe(200);
    forgetTokens();
  });
});

describe('unknown e-mails', () => {
  it('cost the same time as a wrong password (the answer time does not tell which accounts exist)', async () => {
    const time = async (email: string) => {
      const started = performance.now();
      const res = await api('/auth/login', { body: { email, password: 'no-es-la-clave' } });
      expect(res.status).toBe(401);
      return performance.now() - started;
    };
    // The known account hashed at production's cost (the tests hash at 4): the shopper's own password, at cost 10.
    const db = testDatabase();
    try {
      await db('up_users').where({ email: TEST_SHOPPER.email }).update({ password: SHOPPER_PASSWORD_AT_COST_10 });
    } finally {
      await db.destroy();
    }
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 7; i++) {
      known.push(await time(TEST_SHOPPER.email));
      unknown.push(await time(`nadie-${i}@test.local`));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    // A password check (bcrypt at cost 10) takes tens of milliseconds; a lookup that finds nobody takes about one.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
  });

  it("hash passwords with the cost PASSWORD_HASH_ROUNDS sets outside production (the tests' 4; production keeps 10)", async () => {
    const db = testDatabase();
    try {
      const row = await db('up_users').where({ email: TEST_ADMIN.email }).first('password');
      expect(row.password).toMatch(/^\$2[aby]\$04\$/);
    } finally {
      await db.destroy();
    }
  });
});
