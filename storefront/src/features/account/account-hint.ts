/**
 * Whether this browser signed in to her account before. Not a credential (the session is an HttpOnly cookie the
 * storefront never reads): only a hint, so that screens other than /cuenta (the product page, the checkout, the
 * confirmation) ask GET /account only when she may be signed in, instead of one request that answers 401 on every
 * visit of every shopper. /cuenta always asks; a 401 clears the hint, a sign-in or an answered GET /account sets it.
 */
const KEY = 'account-signed-in';

export function hasAccountHint(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function setAccountHint(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(KEY, '1');
    else localStorage.removeItem(KEY);
  } catch {
    // Private mode or a full storage: /cuenta still knows, other screens act as signed out.
  }
}
