import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Knex } from 'knex';
import { DEFAULT_MERCADOLIBRE_SETTINGS, MERCADOLIBRE_MESSAGES } from '@shop/shared';
import { type FakeMercadoLibre } from '../../../scripts/fake-mercadolibre.mjs';
import { type CallOptions } from '../helpers/api';
import { expectOwnerWithTwoFactorOnly } from '../helpers/auth-matrix';
import { CHANNEL, callOn, fakeControl, startMercadoLibreShop, stopMercadoLibreShop, type MercadoLibreShop } from '../helpers/mercadolibre';
import { inviteStaff } from '../helpers/staff';
import { TEST_ADMIN, type RunningStrapi, type TestDatabase } from '../helpers/strapi-process';
import { totpAt } from '../../src/domains/staff/totp';

// Two app processes on a throwaway database of their own, both pointed at a local fake of Mercado Libre's OAuth and
// users API (real HTTP, the same protocol). The owner of this database turns two-factor sign-in on in the first test.

let fake: FakeMercadoLibre;
let app: MercadoLibreShop['app'];
let database: TestDatabase;
let first: RunningStrapi;
let second: RunningStrapi;
let db: Knex;
let owner: string;

const at = callOn;
const call = (pathname: string, options: CallOptions = {}) => callOn(first)(pathname, options);

/** One of the fake's test controls. */
const control = <T = Record<string, unknown>>(path: string, body: unknown = {}) => fakeControl<T>(fake, path, body);

/** A GET that does not follow redirects: the status and where it points. */
async function visit(url: string): Promise<{ status: number; location: string }> {
  const res = await fetch(url, { redirect: 'manual' });
  await res.text();
  return { status: res.status, location: res.headers.get('location') ?? '' };
}

/** "Conectar" on `server`, then the seller accepts on the fake: answers the callback address the browser is sent to. */
async function authorize(server: RunningStrapi = first): Promise<string> {
  const connect = await at(server)(`${CHANNEL}/connect`, { method: 'POST', token: owner, body: {} });
  expect(connect.status, JSON.stringify(connect.body)).toBe(200);
  const consent = await visit(connect.body.authorizationUrl);
  expect(consent.status).toBe(302);
  return consent.location;
}

/** The whole connection, as the owner's browser goes through it. */
async function connectAccount(): Promise<void> {
  const back = await visit(await authorize());
  expect(back.status).toBe(302);
  expect(back.location).toBe(`${first.url}/admin/channels/mercadolibre?connected=1`);
}

const accountRow = async () =>
  (await db('channel_accounts').where({ channel: 'mercadolibre' }).first()) as Record<string, unknown> | undefined;
/** The stored access token is past its time (as six hours later). */
const expireStoredToken = () => db('channel_accounts').update({ access_expires_at: new Date(Date.now() - 60_000) });
/** A datetime column as read with knex: a Date on PostgreSQL, milliseconds (or text) on SQLite. */
const msOf = (value: unknown) => (value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(String(value)));
const refreshes = () => fake.state.exchanges.refresh_token;

beforeAll(async () => {
  ({ fake, app, database, first, second, db, owner } = await startMercadoLibreShop(inject('databaseKind'), {
    RATE_LIMIT_CHANNEL_CALLBACK_MAX: '1000',
  }));
}, 240_000);

afterAll(async () => {
  await stopMercadoLibreShop({ fake, database, first, second, db });
});

describe('Mercado Libre: who may connect the account', () => {
  it('is the owner only, with two-factor sign-in on; junk settings are refused in Spanish', async () => {
    const routes: [string, string][] = [
      ['GET', CHANNEL],
      ['POST', `${CHANNEL}/connect`],
      ['POST', `${CHANNEL}/check`],
      ['PUT', `${CHANNEL}/settings`],
      ['DELETE', CHANNEL],
    ];
    const sales = await inviteStaff(owner, 'sales', first.url);
    const catalog = await inviteStaff(owner, 'catalog', first.url);
    const body = { priceRule: { kind: 'percent', percent: 15 }, listingType: 'gold_pro', safetyBuffer: 2 };
    for (const [method, path] of routes) {
      const as = (token: string | null) => call(path, { method, token, body: method === 'GET' || method === 'DELETE' ? undefined : body });
      // The owner herself too, until she turns two-factor sign-in on.
      await expectOwnerWithTwoFactorOnly(`${method} ${path}`, as, { staff: [sales, catalog], owner });
    }
    expect(await accountRow()).toBeUndefined();

    const setup = await call('/auth/2fa/setup', { method: 'POST', token: owner, body: {} });
    expect(setup.status).toBe(200);
    const on = await call('/auth/2fa/enable', { method: 'POST', token: owner, body: { code: totpAt(setup.body.secret, Date.now()) } });
    expect(on.status, JSON.stringify(on.body)).toBe(200);

    const fresh = await call(CHANNEL, { token: owner });
    expect(fresh.status).toBe(200);
    expect(fresh.body).toEqual({
      connected: false,
      nickname: null,
      userId: null,
      needsReconnect: false,
      problem: null,
      connectedAt: null,
      settings: DEFAULT_MERCADOLIBRE_SETTINGS,
    });

    const junk: [unknown, string][] = [
      [{ ...body, listingType: 'gold_premium_plus' }, MERCADOLIBRE_MESSAGES.listingType],
      [{ ...body, safetyBuffer: -1 }, MERCADOLIBRE_MESSAGES.safetyBuffer],
      [{ ...body, safetyBuffer: 1001 }, MERCADOLIBRE_MESSAGES.safetyBuffer],
      [{ ...body, safetyBuffer: 1.5 }, MERCADOLIBRE_MESSAGES.safetyBuffer],
      [{ ...body, priceRule: { kind: 'percent', percent: 'diez' } }, MERCADOLIBRE_MESSAGES.percent],
      [{ ...body, priceRule: { kind: 'percent', percent: 201 } }, MERCADOLIBRE_MESSAGES.percent],
      [{ ...body, priceRule: { kind: 'fijo' } }, MERCADOLIBRE_MESSAGES.priceRule],
      [{ ...body, priceRule: null }, MERCADOLIBRE_MESSAGES.priceRule],
    ];
    for (const [input, message] of junk) {
      const res = await call(`${CHANNEL}/settings`, { method: 'PUT', token: owner, body: input });
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect(res.body.message, JSON.stringify(input)).toBe(message);
    }
    for (const raw of ['[]', '"x"', '{"priceRule":', 'null']) {
      const res = await call(`${CHANNEL}/settings`, { method: 'PUT', token: owner, raw, headers: { 'content-type': 'application/json' } });
      expect(res.status, raw).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    const extra = await call(`${CHANNEL}/settings`, { method: 'PUT', token: owner, body: { ...body, accessToken: 'x' } });
    expect(extra.status).toBe(400);

    // A per-product price and no buffer given: the buffer is 0.
    const saved = await call(`${CHANNEL}/settings`, {
      method: 'PUT',
      token: owner,
      body: { priceRule: { kind: 'perProduct' }, listingType: 'free' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.settings).toEqual({ priceRule: { kind: 'perProduct' }, listingType: 'free', safetyBuffer: 0 });
    const again = await call(`${CHANNEL}/settings`, { method: 'PUT', token: owner, body });
    expect(again.status).toBe(200);
    // Saved for every process.
    expect((await at(second)(CHANNEL, { token: owner })).body.settings).toEqual(body);
  });
});

describe('Mercado Libre: connecting the account', () => {
  it('sends the owner to Mercado Libre with a state and comes back connected with the nickname', async () => {
    const connect = await call(`${CHANNEL}/connect`, { method: 'POST', token: owner, body: {} });
    expect(connect.status).toBe(200);
    const url = new URL(connect.body.authorizationUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.url}/authorization`);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('client_id')).toBe(app.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(`${first.url}/api/channels/mercadolibre/callback`);
    expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Two "Conectar" never share a state.
    const other = await call(`${CHANNEL}/connect`, { method: 'POST', token: owner, body: {} });
    expect(new URL(other.body.authorizationUrl).searchParams.get('state')).not.toBe(url.searchParams.get('state'));

    const back = await visit(await authorize());
    expect(back).toEqual({ status: 302, location: `${first.url}/admin/channels/mercadolibre?connected=1` });
    for (const server of [first, second]) {
      const view = await at(server)(CHANNEL, { token: owner });
      expect(view.body).toMatchObject({
        connected: true,
        nickname: fake.state.seller.nickname,
        userId: fake.state.seller.id,
        needsReconnect: false,
        problem: null,
      });
      expect(Date.parse(view.body.connectedAt)).toBeGreaterThan(Date.now() - 60_000);
    }
    expect(fake.state.exchanges.authorization_code).toBe(1);
  });

  it('refuses a reused, forged, expired or missing state, storing nothing', async () => {
    const before = await accountRow();
    const exchanges = fake.state.exchanges.authorization_code;
    const refused = (location: string) => expect(location).toBe(`${first.url}/admin/channels/mercadolibre?error=state`);

    // Used once, refused the second time (also when both arrive together).
    const callbackUrl = await authorize();
    const [one, two] = await Promise.all([visit(callbackUrl), visit(callbackUrl)]);
    expect([one.location, two.location].filter((l) => l.endsWith('connected=1'))).toHaveLength(1);
    refused((await visit(callbackUrl)).location);
    // Another process does not take it either.
    expect((await visit(callbackUrl.replace(first.url, second.url))).location).toBe(
      `${second.url}/admin/channels/mercadolibre?error=state`,
    );

    const code = new URL(callbackUrl).searchParams.get('code') ?? '';
    const forged = `${first.url}/api/channels/mercadolibre/callback?code=${code}&state=${randomBytes(32).toString('base64url')}`;
    refused((await visit(forged)).location);
    for (const query of [
      '',
      `?code=${code}`,
      '?state=corto',
      `?state=a&state=b&code=${code}`,
      `?state=${'x'.repeat(5000)}`,
      '?error=access_denied',
    ]) {
      const answer = await visit(`${first.url}/api/channels/mercadolibre/callback${query}`);
      expect(answer.status, query).toBe(302);
      refused(answer.location);
    }

    // A state older than 10 minutes.
    const late = await authorize();
    await db('channel_oauth_states')
      .whereNull('used_at')
      .update({ expires_at: Date.now() - 1000 });
    refused((await visit(late)).location);

    expect(fake.state.exchanges.authorization_code).toBe(exchanges + 1);
    const after = await accountRow();
    expect(after?.nickname).toBe(before?.nickname);
    expect((await call(CHANNEL, { token: owner })).body.connected).toBe(true);
  });

  it('refuses the callback when the session that asked has ended meanwhile (signed out everywhere)', async () => {
    const before = await accountRow();
    const exchanges = fake.state.exchanges.authorization_code;
    const callbackUrl = await authorize();
    // "Cerrar todas las sesiones" from another device: the session version goes up, every token of before is void.
    const ownerRow = { email: TEST_ADMIN.email };
    await db('up_users').where(ownerRow).increment('session_version', 1);
    try {
      expect((await call(CHANNEL, { token: owner })).status).toBe(401);
      const back = await visit(callbackUrl);
      expect(back).toEqual({ status: 302, location: `${first.url}/admin/channels/mercadolibre?error=forbidden` });
    } finally {
      // The test's own token works again (the same session, as if it had never ended).
      await db('up_users').where(ownerRow).decrement('session_version', 1);
    }
    expect(fake.state.exchanges.authorization_code).toBe(exchanges);
    expect((await accountRow())?.access_token_sealed).toBe(before?.access_token_sealed);
    // The same session, still signed in, connects as before.
    await connectAccount();
  });

  it('refuses the callback when the one who asked may no longer connect (two-factor sign-in turned off meanwhile)', async () => {
    const before = await accountRow();
    const exchanges = fake.state.exchanges.authorization_code;
    const callbackUrl = await authorize();
    const ownerRow = { email: TEST_ADMIN.email };
    await db('up_users').where(ownerRow).update({ two_factor_enabled: false });
    try {
      const back = await visit(callbackUrl);
      expect(back).toEqual({ status: 302, location: `${first.url}/admin/channels/mercadolibre?error=forbidden` });
    } finally {
      await db('up_users').where(ownerRow).update({ two_factor_enabled: true });
    }
    // The code was never exchanged, and the account stays as it was.
    expect(fake.state.exchanges.authorization_code).toBe(exchanges);
    expect((await accountRow())?.access_token_sealed).toBe(before?.access_token_sealed);
    // The state is spent all the same.
    expect((await visit(callbackUrl)).location).toBe(`${first.url}/admin/channels/mercadolibre?error=state`);
  });

  it('keeps the tokens sealed in the database and out of every answer and log', async () => {
    const row = await accountRow();
    expect(row).toBeDefined();
    expect(String(row?.access_token_sealed)).toMatch(/^v1:/);
    expect(String(row?.refresh_token_sealed)).toMatch(/^v1:/);
    const tokens = [...fake.state.accessTokens.keys(), ...fake.state.refreshTokens.keys()];
    expect(tokens.length).toBeGreaterThan(2);
    const everything = JSON.stringify(await db('channel_accounts').select());
    const answers = JSON.stringify([
      (await call(CHANNEL, { token: owner })).body,
      (await call(`${CHANNEL}/check`, { method: 'POST', token: owner, body: {} })).body,
    ]);
    for (const token of tokens) {
      expect(everything).not.toContain(token);
      expect(answers).not.toContain(token);
      expect(first.logs()).not.toContain(token);
      expect(second.logs()).not.toContain(token);
    }
    // Mercado Libre's secret is not answered or logged either.
    expect(answers + first.logs()).not.toContain(app.clientSecret);
  });
});

describe('Mercado Libre: the access token', () => {
  it('is refreshed once it is due, and the old one is never spent again', async () => {
    const before = refreshes();
    const check = await call(`${CHANNEL}/check`, { method: 'POST', token: owner, body: {} });
    expect(check.status).toBe(200);
    expect(refreshes()).toBe(before);

    await expireStoredToken();
    const refreshed = await call(`${CHANNEL}/check`, { method: 'POST', token: owner, body: {} });
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    expect(refreshed.body.message).toContain(fake.state.seller.nickname);
    expect(refreshes()).toBe(before + 1);
    const row = await accountRow();
    expect(msOf(row?.access_expires_at)).toBeGreaterThan(Date.now() + 5 * 60 * 60_000);
    expect(fake.state.refused).toBe(0);
  });

  it('two processes asking at the same moment after expiry: one refresh, both get the new token', async () => {
    // Stored as expired: both processes see it due at once; Mercado Libre answers the refresh slowly.
    await expireStoredToken();
    await control('mode', { delayMs: 400 });
    const before = refreshes();
    const calls = [first, second, first, second, first, second].map((server) =>
      at(server)(`${CHANNEL}/check`, { method: 'POST', token: owner, body: {} }),
    );
    const answers = await Promise.all(calls);
    await control('mode', {});
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(refreshes()).toBe(before + 1);
    expect(fake.state.refused).toBe(0);

    // Mercado Libre ends the token early (the shop still thinks it good): each process is refused once, one
    // refreshes, the other takes the new token.
    await control('expire');
    const again = await Promise.all(
      [first, second].map((server) => at(server)(`${CHANNEL}/check`, { method: 'POST', token: owner, body: {} })),
    );
    for (const answer of again) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(refreshes()).toBe(before + 2);
    expect(fake.state.refused).toBe(0);
    const view = await at(second)(CHANNEL, { token: owner });
    expect(view.body).toMatchObject({ connected: true, needsReconnect: false, problem: null });
  });

  it('a refused refresh (invalid_grant) asks for a reconnection, once, and a new connection mends it', async () => {
    await control('revoke', { revoked: true });
    await expireStoredToken();
    const before = fake.state.calls.filter((c) => c.grantType === 'refresh_token').length;
    const refused = await call(`${CHANNEL}/check`, { method: 'POST', token: owner, body: {} });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(MERCADOLIBRE_MESSAGES.needsReconnect);
    const view = await at(second)(CHANNEL, { token: owner });
    expect(view.body).toMatchObject({ connected: true, needsReconnect: true, problem: MERCADOLIBRE_MESSAGES.needsReconnect });
    // Asked again, from either process: the same answer, and Mercado Libre is not asked again.
    for (const server of [first, second]) {
      const again = await at(server)(`${CHANNEL}/check`, { method: 'POST', token: owner, body: {} });
      expect(again.status).toBe(409);
    }
    expect(fake.state.calls.filter((c) => c.grantType === 'refresh_token').length).toBe(before + 1);

    await control('revoke', { revoked: false });
    await connectAccount();
    expect((await call(CHANNEL, { token: owner })).body).toMatchObject({ connected: true, needsReconnect: false, problem: null });
    expect((await call(`${CHANNEL}/check`, { method: 'POST', token: owner, body: {} })).status).toBe(200);
  });

  it('Mercado Libre down during a refresh: 503 in Spanish, the account kept', async () => {
    await expireStoredToken();
    await control('mode', { status: 503, times: 1 });
    const down = await call(`${CHANNEL}/check`, { method: 'POST', token: owner, body: {} });
    expect(down.status).toBe(503);
    expect(down.body.message).toBe(MERCADOLIBRE_MESSAGES.unavailable);
    const back = await call(`${CHANNEL}/check`, { method: 'POST', token: owner, body: {} });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect((await call(CHANNEL, { token: owner })).body).toMatchObject({ connected: true, needsReconnect: false });
  });
});

describe('Mercado Libre: disconnecting', () => {
  it('deletes the tokens and keeps the settings', async () => {
    const settings = (await call(CHANNEL, { token: owner })).body.settings;
    const res = await call(CHANNEL, { method: 'DELETE', token: owner });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MERCADOLIBRE_MESSAGES.disconnected);
    const row = await accountRow();
    expect(row?.access_token_sealed ?? null).toBeNull();
    expect(row?.refresh_token_sealed ?? null).toBeNull();
    const view = await at(second)(CHANNEL, { token: owner });
    expect(view.body).toMatchObject({ connected: false, nickname: null, userId: null, needsReconnect: false, settings });
    const check = await call(`${CHANNEL}/check`, { method: 'POST', token: owner, body: {} });
    expect(check.status).toBe(409);
    expect(check.body.message).toBe(MERCADOLIBRE_MESSAGES.notConnected);
    // Nothing of the account is left: not even its nickname.
    expect(JSON.stringify(row)).not.toContain(fake.state.seller.nickname);
  });
});
