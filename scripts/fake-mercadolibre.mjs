#!/usr/bin/env node
/**
 * A local stand-in for Mercado Libre's OAuth 2.0 and users API, speaking its HTTP protocol as its public developer
 * docs describe it ("Autenticación y Autorización"):
 *
 * - `GET /authorization?response_type=code&client_id&redirect_uri&state` (auth.mercadolibre.com.ar): the seller's
 *   consent page. The fake answers as if the seller accepted: 302 to `redirect_uri?code=TG-…&state=<the same>`.
 * - `POST /oauth/token` (api.mercadolibre.com), form-encoded (`application/x-www-form-urlencoded`, as the docs'
 *   curl; JSON is accepted too): `grant_type=authorization_code` (client_id, client_secret, code, redirect_uri) or
 *   `grant_type=refresh_token` (client_id, client_secret, refresh_token). Answers `{access_token, token_type:
 *   "bearer", expires_in: 21600, scope: "offline_access read write", user_id, refresh_token}`. A code and a refresh
 *   token are single use: a used, unknown or expired one answers 400 `{error: "invalid_grant", error_description,
 *   status: 400, cause: []}`; bad client credentials 400 `invalid_client`. A refresh ends the previous access token.
 * - `GET /users/me` with `Authorization: Bearer <access_token>`: `{id, nickname, site_id, …}`; 401 on an unknown
 *   or expired token.
 *
 * As a module: `startFakeMercadoLibre({ clientId, clientSecret, port })` → `{ url, close, state }` (the same URL
 * serves both the auth host and the API host). As a program: `node scripts/fake-mercadolibre.mjs`
 * (FAKE_MERCADOLIBRE_PORT, MERCADOLIBRE_CLIENT_ID, MERCADOLIBRE_CLIENT_SECRET).
 *
 * Test controls (not Mercado Libre's, under /__control, POST with JSON): `state` (counts and calls), `expire`
 * (every access token expires now), `mode` ({status: 429 | 500 | 503 | 0, times?, delayMs?}: the next `times` API
 * answers get that status; delayMs holds every answer back), `revoke` (every refresh token is refused, as when the
 * seller removes the app). Categories and items: scripts/lib/fake-mercadolibre-items.mjs (and its controls).
 */
import { randomBytes, randomInt } from 'node:crypto';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { createItemsRoutes } from './lib/fake-mercadolibre-items.mjs';
import { createSalesRoutes } from './lib/fake-mercadolibre-sales.mjs';

const TOKEN_SECONDS = 21_600;
const CODE_MS = 10 * 60_000;

const json = (res, status, body, headers = {}) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
};

const oauthError = (res, status, error, description) => json(res, status, { error, error_description: description, status, cause: [] });

/** A JSON body (an object; anything else is {}). */
async function readJson(req) {
  let text = '';
  for await (const chunk of req) {
    text += chunk;
    if (text.length > 2_000_000) break;
  }
  try {
    const parsed = JSON.parse(text || '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

async function readBody(req) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > 1_000_000) break;
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  const type = String(req.headers['content-type'] ?? '');
  if (type.includes('application/json')) {
    try {
      const parsed = JSON.parse(text || '{}');
      return parsed && typeof parsed === 'object' ? Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)])) : {};
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}

export async function startFakeMercadoLibre({
  clientId = '1234567890123456',
  clientSecret = 'secreto-de-prueba',
  userId,
  nickname,
  port = 0,
  host = '127.0.0.1',
} = {}) {
  // Ids and tokens start at a random point: two fakes feeding shops on one database never share a seller or a token.
  const seller = { id: userId ?? randomInt(100_000_000, 2_000_000_000), nickname: nickname ?? `TIENDA${randomInt(1000, 9999)}` };
  const state = {
    seller,
    /** code → { redirectUri, expiresAt, used } */
    codes: new Map(),
    /** access token → { expiresAt, revoked } */
    accessTokens: new Map(),
    /** refresh token → { used } */
    refreshTokens: new Map(),
    /** Exchanges that answered a token, by grant type. */
    exchanges: { authorization_code: 0, refresh_token: 0 },
    /** Refused grants (invalid_grant). */
    refused: 0,
    /** Every call to the API: { method, path, grantType? }. */
    calls: [],
    mode: { status: 0, times: 0, delayMs: 0 },
    revoked: false,
  };
  const stamp = () => `${new Date().toISOString().slice(5, 10).replace('-', '')}${randomBytes(2).toString('hex')}`;
  const newAccessToken = () => `APP_USR-${clientId}-${stamp()}-${randomBytes(16).toString('hex')}-${seller.id}`;
  const newRefreshToken = () => `TG-${randomBytes(12).toString('hex')}-${seller.id}`;

  /** A code or refresh token that is unknown, used or revoked: counted, and refused as Mercado Libre words it. */
  function refuseGrant(res) {
    state.refused += 1;
    return oauthError(
      res,
      400,
      'invalid_grant',
      'Error validating grant. Your authorization code or refresh token may be expired or it was already used',
    );
  }

  function issueTokens(res) {
    const accessToken = newAccessToken();
    const refreshToken = newRefreshToken();
    state.accessTokens.set(accessToken, { expiresAt: Date.now() + TOKEN_SECONDS * 1000 });
    state.refreshTokens.set(refreshToken, { used: false });
    json(res, 200, {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: TOKEN_SECONDS,
      scope: 'offline_access read write',
      user_id: seller.id,
      refresh_token: refreshToken,
    });
  }

  async function token(req, res) {
    const body = await readBody(req);
    state.calls[state.calls.length - 1].grantType = body.grant_type;
    if (body.client_id !== clientId || body.client_secret !== clientSecret) {
      return oauthError(res, 400, 'invalid_client', 'invalid client_id or client_secret');
    }
    if (body.grant_type === 'authorization_code') {
      const code = state.codes.get(body.code ?? '');
      if (!code || code.used || code.expiresAt < Date.now() || code.redirectUri !== body.redirect_uri) {
        return refuseGrant(res);
      }
      code.used = true;
      state.exchanges.authorization_code += 1;
      return issueTokens(res);
    }
    if (body.grant_type === 'refresh_token') {
      const known = state.refreshTokens.get(body.refresh_token ?? '');
      if (!known || known.used || state.revoked) {
        return refuseGrant(res);
      }
      known.used = true;
      // The new pair replaces the old one: the previous access tokens stop working.
      for (const entry of state.accessTokens.values()) entry.expiresAt = Math.min(entry.expiresAt, Date.now() - 1);
      state.exchanges.refresh_token += 1;
      return issueTokens(res);
    }
    return oauthError(res, 400, 'unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
  }

  function bearer(req) {
    const match = /^Bearer\s+(\S+)$/i.exec(String(req.headers.authorization ?? ''));
    const entry = match ? state.accessTokens.get(match[1]) : undefined;
    return entry && entry.expiresAt > Date.now() ? match[1] : null;
  }

  // Orders, shipments, notifications, questions and fiscal documents (scripts/lib/fake-mercadolibre-sales.mjs).
  const salesRoutes = createSalesRoutes({ seller, bearer, json, clientId });
  state.sales = salesRoutes.sales;

  async function control(req, res, path) {
    const body = await new Promise((resolve) => {
      let text = '';
      req.on('data', (c) => (text += c));
      req.on('end', () => {
        try {
          resolve(JSON.parse(text || '{}'));
        } catch {
          resolve({});
        }
      });
    });
    if (path === '/__control/state') {
      return json(res, 200, { seller, exchanges: state.exchanges, refused: state.refused, calls: state.calls, revoked: state.revoked });
    }
    if (path === '/__control/expire') {
      for (const entry of state.accessTokens.values()) entry.expiresAt = Date.now() - 1;
      return json(res, 200, { expired: state.accessTokens.size });
    }
    if (path === '/__control/mode') {
      state.mode = { status: Number(body.status) || 0, times: Number(body.times ?? 1e9) || 0, delayMs: Number(body.delayMs) || 0 };
      return json(res, 200, state.mode);
    }
    if (await salesRoutes.control(path, body, res)) return;
    if (path === '/__control/revoke') {
      state.revoked = body.revoked !== false;
      return json(res, 200, { revoked: state.revoked });
    }
    return json(res, 404, { error: 'not_found' });
  }

  // Categories and items (scripts/lib/fake-mercadolibre-items.mjs): their control routes answer before the modes.
  const itemsRoutes = createItemsRoutes({ state, json, readJson, bearer });

  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://fake');
      const path = url.pathname;
      if (path.startsWith('/__control/') && req.method === 'POST' && (await itemsRoutes(req, res, url))) return;
      if (path.startsWith('/__control/') && req.method === 'POST') return await control(req, res, path);
      if (path === '/authorization' && req.method === 'GET') {
        const redirectUri = url.searchParams.get('redirect_uri') ?? '';
        if (
          url.searchParams.get('response_type') !== 'code' ||
          url.searchParams.get('client_id') !== clientId ||
          !/^https?:\/\//.test(redirectUri)
        ) {
          res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
          return res.end('<p>Parámetros inválidos</p>');
        }
        const code = `TG-${randomBytes(12).toString('hex')}-${seller.id}`;
        state.codes.set(code, { redirectUri, expiresAt: Date.now() + CODE_MS, used: false });
        const target = new URL(redirectUri);
        target.searchParams.set('code', code);
        const given = url.searchParams.get('state');
        if (given !== null) target.searchParams.set('state', given);
        res.writeHead(302, { location: target.toString() });
        return res.end();
      }
      state.calls.push({ method: req.method, path });
      if (state.mode.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.mode.delayMs));
      if (state.mode.status && state.mode.times > 0) {
        state.mode.times -= 1;
        const status = state.mode.status;
        if (state.mode.times === 0) state.mode.status = 0;
        if (status === 429) return json(res, 429, { message: 'Too Many Requests', error: 'too_many_requests', status: 429, cause: [] });
        return json(res, status, { message: 'Internal Server Error', error: 'internal_error', status, cause: [] });
      }
      if (path === '/oauth/token' && req.method === 'POST') return await token(req, res);
      if (await salesRoutes.handle(req, res, url)) return;
      if (path === '/users/me' && req.method === 'GET') {
        if (!bearer(req)) return json(res, 401, { message: 'invalid access token', error: 'unauthorized', status: 401, cause: [] });
        return json(res, 200, {
          id: seller.id,
          nickname: seller.nickname,
          site_id: 'MLA',
          country_id: 'AR',
          user_type: 'normal',
          seller_reputation: { level_id: null, power_seller_status: null },
          status: { site_status: 'active' },
        });
      }
      if (await itemsRoutes(req, res, url)) return;
      return json(res, 404, { message: `Route ${req.method} ${path} not found`, error: 'not_found', status: 404, cause: [] });
    } catch (error) {
      json(res, 500, { message: String(error), error: 'internal_error', status: 500, cause: [] });
    }
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  const address = server.address();
  const url = `http://${host}:${typeof address === 'object' && address ? address.port : port}`;
  return {
    url,
    state,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const fake = await startFakeMercadoLibre({
    port: Number(process.env.FAKE_MERCADOLIBRE_PORT ?? 4320),
    clientId: process.env.MERCADOLIBRE_CLIENT_ID,
    clientSecret: process.env.MERCADOLIBRE_CLIENT_SECRET,
  });
  console.log(`Fake Mercado Libre on ${fake.url} (seller ${fake.state.seller.nickname})`);
  const stop = () => fake.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
