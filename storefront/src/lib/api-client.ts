import { createHttpClient } from '@shop/client-kit';
import { env } from '@/config/env';

/**
 * The one HTTP client of the storefront. No request queue and no pauses: the shop's first client serialised
 * calls to protect an overloaded server, which only made pages slower.
 *
 * The shopper never signs in, so no bearer token is sent: a stale or staff token in storage must not change
 * what a shopper sees (admins would otherwise get inactive products) or turn public calls into 401s.
 */
export const api = createHttpClient({ baseURL: env.apiUrl });
