import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { Knex } from 'knex';
import { startFakeMercadoLibre, type FakeMercadoLibre } from '../../../scripts/fake-mercadolibre.mjs';
import { api, type CallOptions } from './api';
import { knexOn } from './database';
import { TEST_ADMIN, type DatabaseKind, type RunningStrapi, type TestDatabase } from './strapi-process';
import { startTwoProcesses, stopTwoProcesses } from './two-processes';
import { totpAt } from '../../src/domains/staff/totp';

/** The channel's routes under /api. */
export const CHANNEL = '/channels/mercadolibre';

/** Calls the API of one process. */
export const callOn =
  (server: RunningStrapi) =>
  (pathname: string, options: CallOptions = {}) =>
    api(pathname, { baseUrl: server.url, ...options });

/** Two app processes on a throwaway database, pointed at a fake Mercado Libre (real HTTP), and the owner's token. */
export interface MercadoLibreShop {
  fake: FakeMercadoLibre;
  /** The made-up Mercado Libre application of this file (MERCADOLIBRE_CLIENT_ID / _SECRET). */
  app: { clientId: string; clientSecret: string };
  database: TestDatabase;
  first: RunningStrapi;
  second: RunningStrapi;
  db: Knex;
  owner: string;
}

/** Starts the fake with an application made up for this file, then two processes on a database of their own. */
export async function startMercadoLibreShop(kind: DatabaseKind, env: Record<string, string> = {}): Promise<MercadoLibreShop> {
  const app = { clientId: String(1_000_000_000_000 + Math.floor(Math.random() * 1e12)), clientSecret: randomBytes(16).toString('hex') };
  const fake = await startFakeMercadoLibre(app);
  const { database, first, second } = await startTwoProcesses(kind, {
    MERCADOLIBRE_CLIENT_ID: app.clientId,
    MERCADOLIBRE_CLIENT_SECRET: app.clientSecret,
    MERCADOLIBRE_AUTH_URL: fake.url,
    MERCADOLIBRE_API_URL: fake.url,
    ...env,
  });
  const db = knexOn(database.env);
  const login = await callOn(first)('/auth/login', { body: TEST_ADMIN });
  expect(login.status).toBe(200);
  return { fake, app, database, first, second, db, owner: login.body.token as string };
}

/** The shop started, the owner's two-factor sign-in on, and Mercado Libre connected through the first process. */
export async function startConnectedMercadoLibreShop(kind: DatabaseKind, env: Record<string, string> = {}): Promise<MercadoLibreShop> {
  const shop = await startMercadoLibreShop(kind, env);
  await turnOnTwoFactor(shop.first, shop.owner);
  await connectMercadoLibre(shop.first, shop.owner);
  return shop;
}

export async function stopMercadoLibreShop(shop: Partial<MercadoLibreShop>): Promise<void> {
  await shop.db?.destroy();
  await stopTwoProcesses(shop);
  await shop.fake?.close();
}

/** One of the fake's test controls (POST /__control/<path>): its answer, after checking it said 200. */
export async function fakeControl<T = Record<string, unknown>>(fake: FakeMercadoLibre, path: string, body: unknown = {}): Promise<T> {
  const res = await fetch(`${fake.url}/__control/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

/** The owner turns two-factor sign-in on (channels.manage asks for it). */
export async function turnOnTwoFactor(server: RunningStrapi, token: string): Promise<void> {
  const call = callOn(server);
  const setup = await call('/auth/2fa/setup', { method: 'POST', token, body: {} });
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  const on = await call('/auth/2fa/enable', { method: 'POST', token, body: { code: totpAt(setup.body.secret, Date.now()) } });
  expect(on.status, JSON.stringify(on.body)).toBe(200);
}

/**
 * "Conectar", the seller's consent on the fake and the browser's way back to the callback: the account is connected.
 * `callbackOn` rewrites the callback's address when the shop's PUBLIC_URL is not a process's own.
 */
export async function connectMercadoLibre(
  server: RunningStrapi,
  token: string,
  callbackOn: (url: string) => string = (url) => url,
): Promise<void> {
  const connect = await callOn(server)(`${CHANNEL}/connect`, { method: 'POST', token, body: {} });
  expect(connect.status, JSON.stringify(connect.body)).toBe(200);
  const consent = await fetch(connect.body.authorizationUrl, { redirect: 'manual' });
  const back = await fetch(callbackOn(consent.headers.get('location') ?? ''), { redirect: 'manual' });
  expect(back.headers.get('location')).toContain('connected=1');
}
