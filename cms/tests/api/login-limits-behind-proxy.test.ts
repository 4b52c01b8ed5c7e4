import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MSG } from '@shop/shared';
import { TEST_ADMIN, TEST_SHOPPER, startStrapiOnOwnDatabase, type RunningStrapi } from '../helpers/strapi-process';
import { startAppDns, startShopProxy, type AppDns, type ShopProxy } from '../helpers/reverse-proxy';

// A shop behind its production reverse proxy (the real Caddy with deploy/Caddyfile, over HTTPS; TRUST_PROXY=true),
// with low sign-in limits: 3 failures per client and 6 per account e-mail in 15 minutes. Clients come from their own
// 127.x addresses; Caddy sets X-Forwarded-For to that address, whatever the client sent.
const LIMITS = { TRUST_PROXY: 'true', RATE_LIMIT_LOGIN_MAX: '3', RATE_LIMIT_LOGIN_EMAIL_MAX: '6' };

let shop: RunningStrapi;
let dns: AppDns;
let proxy: ShopProxy;

const login = (client: string, body: unknown, headers?: Record<string, string>) => proxy.post(client, '/api/auth/login', body, headers);
const wrong = (email: string) => ({ email, password: 'no-es-la-clave' });

beforeAll(async () => {
  shop = await startStrapiOnOwnDatabase(inject('databaseKind'), LIMITS);
  // The one replica, on 127.0.0.1 (the DNS answer for `app`).
  dns = await startAppDns({ app: ['127.0.0.1'] });
  proxy = await startShopProxy({ dns, appPort: shop.port });
});

afterAll(async () => {
  await proxy?.stop();
  await dns?.close();
  await shop?.stop();
});

describe('sign-in limits behind a reverse proxy', () => {
  it('40 concurrent wrong sign-ins from one client: at most the allowed 3 are even tried', async () => {
    // Guessing the owner's password with 40 requests that reach the server at the same instant.
    const guesses = Array.from({ length: 40 }, (_, i) => ({ email: TEST_ADMIN.email, password: `adivinanza-${i}` }));
    const answers = await proxy.burst('127.0.0.2', '/api/auth/login', guesses);
    const tried = answers.filter((a) => a.status === 401).length;
    const refused = answers.filter((a) => a.status === 429);
    expect(tried).toBeLessThanOrEqual(3);
    expect(tried + refused.length).toBe(40);
    expect(refused[0]?.body.message).toBe(MSG.login.rateLimited);
    // The client stays blocked even with the right password.
    expect((await login('127.0.0.2', TEST_ADMIN)).status).toBe(429);
  });

  it('limits two clients behind the same proxy separately (the address comes from X-Forwarded-For)', async () => {
    expect((await login('127.0.0.3', wrong('otra@test.local'))).status).toBe(401);
    expect((await login('127.0.0.3', TEST_ADMIN)).status).toBe(200);
    expect((await login('127.0.0.2', TEST_ADMIN)).status).toBe(429);
  });

  it('a forged X-Forwarded-For does not give a client a new budget (only the hop the proxy added is trusted)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const answer = await login('127.0.0.4', wrong(`forjado-${i}@test.local`), { 'x-forwarded-for': `203.0.113.${i + 1}` });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
  });

  it('limits each account e-mail across clients: rotating addresses does not get around it', async () => {
    for (let i = 1; i <= 6; i++) expect((await login(`127.0.1.${i}`, wrong(TEST_SHOPPER.email))).status).toBe(401);
    const fromNewClient = await login('127.0.1.7', { email: TEST_SHOPPER.email.toUpperCase(), password: TEST_SHOPPER.password });
    expect(fromNewClient.status).toBe(429);
    expect(fromNewClient.body.message).toBe(MSG.login.rateLimited);
    // Other accounts are not affected.
    expect((await login('127.0.1.8', TEST_ADMIN)).status).toBe(200);
  });
});
