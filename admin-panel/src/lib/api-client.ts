import { createHttpClient } from '@shop/client-kit';
import { env } from '@/config/env';
import { adminToken } from './storage';
import { reportUnauthorized } from './session-events';

/** The one HTTP client of the back office: bearer token from `adminToken`; a rejected token ends the session. */
export const api = createHttpClient({
  baseURL: env.apiUrl,
  token: adminToken,
  onUnauthorized: reportUnauthorized,
  warnOnInvalidAnswer: import.meta.env.DEV,
});
