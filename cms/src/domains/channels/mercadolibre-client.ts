/**
 * Mercado Libre's OAuth 2.0 and users API as the shop calls them (developers.mercadolibre.com.ar, "Autenticación y
 * Autorización"): the consent page on MERCADOLIBRE_AUTH_URL, `POST /oauth/token` (form-encoded) and `GET /users/me`
 * on MERCADOLIBRE_API_URL. Tokens pass through here and are never logged.
 */
export const DEFAULT_MERCADOLIBRE_AUTH_URL = 'https://auth.mercadolibre.com.ar';
export const DEFAULT_MERCADOLIBRE_API_URL = 'https://api.mercadolibre.com';
const TIMEOUT_MS = 15_000;

export interface MercadoLibreConfig {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  apiUrl: string;
}

const trimmed = (name: string) => (process.env[name] ?? '').trim();
const address = (name: string, fallback: string) => (trimmed(name) || fallback).replace(/\/+$/, '');

/** The app's credentials and Mercado Libre's addresses from the environment; null when the app is not configured. */
export function mercadoLibreConfig(): MercadoLibreConfig | null {
  const clientId = trimmed('MERCADOLIBRE_CLIENT_ID');
  const clientSecret = trimmed('MERCADOLIBRE_CLIENT_SECRET');
  if (!clientId || !clientSecret) return null;
  return {
    clientId,
    clientSecret,
    authUrl: address('MERCADOLIBRE_AUTH_URL', DEFAULT_MERCADOLIBRE_AUTH_URL),
    apiUrl: address('MERCADOLIBRE_API_URL', DEFAULT_MERCADOLIBRE_API_URL),
  };
}

/** Why a call to Mercado Libre failed: the grant was refused (`invalid_grant`), the token was refused, or it is down. */
export class MercadoLibreCallError extends Error {
  constructor(
    public readonly kind: 'invalid_grant' | 'unauthorized' | 'unavailable' | 'refused',
    public readonly status: number,
  ) {
    super(`Mercado Libre answered ${status} (${kind})`);
    this.name = 'MercadoLibreCallError';
  }
}

export interface TokenAnswer {
  accessToken: string;
  refreshToken: string;
  expiresInSeconds: number;
  userId: number;
}

async function call(url: string, init: RequestInit): Promise<{ status: number; body: Record<string, unknown> }> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw new MercadoLibreCallError('unavailable', 0);
  }
  const text = await res.text().catch(() => '');
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  return { status: res.status, body: body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {} };
}

function tokenAnswer(status: number, body: Record<string, unknown>): TokenAnswer {
  if (status === 429 || status >= 500) throw new MercadoLibreCallError('unavailable', status);
  if (status === 400 && body.error === 'invalid_grant') throw new MercadoLibreCallError('invalid_grant', status);
  const { access_token: accessToken, refresh_token: refreshToken, expires_in: expiresIn, user_id: userId } = body;
  if (status !== 200 || typeof accessToken !== 'string' || typeof refreshToken !== 'string') {
    throw new MercadoLibreCallError('refused', status);
  }
  return {
    accessToken,
    refreshToken,
    expiresInSeconds: typeof expiresIn === 'number' && expiresIn > 0 ? expiresIn : 21_600,
    userId: Number(userId) || 0,
  };
}

function tokenRequest(config: MercadoLibreConfig, fields: Record<string, string>) {
  const form = new URLSearchParams({ client_id: config.clientId, client_secret: config.clientSecret, ...fields });
  return call(`${config.apiUrl}/oauth/token`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
}

/** The seller's consent page: Mercado Libre sends her back to `redirectUri?code=…&state=…`. */
export function authorizationUrl(config: MercadoLibreConfig, redirectUri: string, state: string): string {
  const url = new URL(`${config.authUrl}/authorization`);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', config.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('state', state);
  return url.toString();
}

export async function exchangeCode(config: MercadoLibreConfig, code: string, redirectUri: string): Promise<TokenAnswer> {
  const { status, body } = await tokenRequest(config, { grant_type: 'authorization_code', code, redirect_uri: redirectUri });
  return tokenAnswer(status, body);
}

/** Spends the refresh token (single use: Mercado Libre answers a new one, the old one is dead from now on). */
export async function refreshTokens(config: MercadoLibreConfig, refreshToken: string): Promise<TokenAnswer> {
  const { status, body } = await tokenRequest(config, { grant_type: 'refresh_token', refresh_token: refreshToken });
  return tokenAnswer(status, body);
}

export async function usersMe(config: MercadoLibreConfig, accessToken: string): Promise<{ id: number; nickname: string }> {
  const { status, body } = await call(`${config.apiUrl}/users/me`, {
    headers: { accept: 'application/json', authorization: `Bearer ${accessToken}` },
  });
  if (status === 401 || status === 403) throw new MercadoLibreCallError('unauthorized', status);
  if (status !== 200 || typeof body.nickname !== 'string') {
    throw new MercadoLibreCallError(status === 429 || status >= 500 || status === 0 ? 'unavailable' : 'refused', status);
  }
  return { id: Number(body.id) || 0, nickname: body.nickname.slice(0, 200) };
}
