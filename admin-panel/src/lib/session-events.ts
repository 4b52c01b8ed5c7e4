import { TEMPORARY_PASSWORD_MESSAGE } from '@shop/shared';

/** Raised by the API client when the server rejects the stored token; the auth provider ends the session. */
export const sessionEvents = new EventTarget();
export const SESSION_EXPIRED = 'session-expired';
/** Raised when the server refuses a request until the account changes its temporary password. */
export const PASSWORD_CHANGE_REQUIRED = 'password-change-required';

// Answers where 401 means "wrong credentials", not "expired session".
const CREDENTIAL_PATHS = ['/auth/login', '/auth/2fa/verify', '/users/password'];

export function reportUnauthorized(url: string | undefined): void {
  if (url && CREDENTIAL_PATHS.some((p) => url.startsWith(p))) return;
  sessionEvents.dispatchEvent(new Event(SESSION_EXPIRED));
}

/** A 403 whose message says the temporary password must be changed first: the panel opens the password change. */
export function reportForbidden(message: unknown): void {
  if (typeof message === 'string' && message.startsWith(TEMPORARY_PASSWORD_MESSAGE)) {
    sessionEvents.dispatchEvent(new Event(PASSWORD_CHANGE_REQUIRED));
  }
}
