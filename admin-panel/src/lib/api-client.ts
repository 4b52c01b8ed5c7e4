import axios from 'axios';
import { createHttpClient } from '@shop/client-kit';
import { env } from '@/config/env';
import { adminToken } from './storage';
import { reportForbidden, reportUnauthorized } from './session-events';

/** The one HTTP client of the back office: bearer token from `adminToken`; a rejected token ends the session. */
export const api = createHttpClient({
  baseURL: env.apiUrl,
  token: adminToken,
  onUnauthorized: reportUnauthorized,
  warnOnInvalidAnswer: import.meta.env.DEV,
});

// A 403 "change the temporary password first" from any route sends the account to the password change.
api.axios.interceptors.response.use(undefined, (error: unknown) => {
  if (axios.isAxiosError(error) && error.response?.status === 403) {
    const data: unknown = error.response.data;
    if (typeof data === 'object' && data !== null && 'message' in data) reportForbidden(data.message);
  }
  return Promise.reject(error);
});
