/** Raised by the API client when the server rejects the stored token; the auth provider ends the session. */
export const sessionEvents = new EventTarget();
export const SESSION_EXPIRED = 'session-expired';

// Answers where 401 means "wrong credentials", not "expired session".
const CREDENTIAL_PATHS = ['/auth/login', '/users/password'];

export function reportUnauthorized(url: string | undefined): void {
  if (url && CREDENTIAL_PATHS.some((p) => url.startsWith(p))) return;
  sessionEvents.dispatchEvent(new Event(SESSION_EXPIRED));
}
