import { TEMPORARY_PASSWORD_MESSAGE, TWO_FACTOR_REQUIRED_MESSAGE } from '@shop/shared';

/** Raised by the API client when the server rejects the stored token; the auth provider ends the session. */
export const sessionEvents = new EventTarget();
export const SESSION_EXPIRED = 'session-expired';
/** Raised when the server refuses a request until the account changes its temporary password. */
export const PASSWORD_CHANGE_REQUIRED = 'password-change-required';
/** Raised when the owner requires two-factor sign-in and this account has not set it up yet. */
export const TWO_FACTOR_SETUP_REQUIRED = 'two-factor-setup-required';

// Answers where 401 means "wrong credentials", not "expired session".
const CREDENTIAL_PATHS = ['/auth/login', '/auth/2fa/verify', '/users/password'];

export function reportUnauthorized(url: string | undefined): void {
  if (url && CREDENTIAL_PATHS.some((p) => url.startsWith(p))) return;
  sessionEvents.dispatchEvent(new Event(SESSION_EXPIRED));
}

/**
 * A 403 whose message says the temporary password must be changed first, or that the shop requires two-factor sign-in
 * first: the panel opens the settings screen where that is done.
 */
export function reportForbidden(message: unknown): void {
  if (typeof message !== 'string') return;
  if (message.startsWith(TEMPORARY_PASSWORD_MESSAGE)) sessionEvents.dispatchEvent(new Event(PASSWORD_CHANGE_REQUIRED));
  else if (message.startsWith(TWO_FACTOR_REQUIRED_MESSAGE)) sessionEvents.dispatchEvent(new Event(TWO_FACTOR_SETUP_REQUIRED));
}
