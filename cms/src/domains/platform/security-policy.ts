/**
 * Browser-facing security policy of the one origin that serves everything: the storefront (/), the back office
 * (/admin), the API (/api) and Strapi's own panel (/cms). Used by config/middlewares.ts.
 *
 * - CORS: no foreign origin is granted anything unless the owner lists it in CORS_ORIGINS (comma-separated exact
 *   origins, e.g. `https://tienda.example.com`); the shop's own pages are same-origin and need no CORS at all.
 * - Content-Security-Policy: scripts only from the shop's own files (Vite builds have no inline script), calls only
 *   to the shop's own API, images also from https: (the owner may set hero and product images by URL), nothing
 *   may frame the shop, and files are never MIME-sniffed (X-Content-Type-Options: nosniff, helmet's default).
 * - Strapi's panel ships an inline <style> and styled-components inserts more: only under its path may styles be
 *   inline, and the panel may frame itself (its own previews), never be framed by another site.
 */

/**
 * Each directive is ONE string, never an array: strapi::security fills its options with lodash `defaultsDeep`, which
 * merges arrays index by index, so `['\'self\'']` would silently become Strapi's `['\'self\'', 'https:']`.
 */
type Directives = Record<string, string | null>;

export interface HelmetConfig {
  contentSecurityPolicy: { useDefaults: boolean; directives: Directives };
  frameguard: { action: 'deny' | 'sameorigin' };
  noSniff: boolean;
}

const SHOP_DIRECTIVES: Directives = {
  'default-src': "'self'",
  'base-uri': "'self'",
  'script-src': "'self'",
  'script-src-attr': "'none'",
  'style-src': "'self'",
  'img-src': "'self' data: blob: https:",
  'font-src': "'self' data:",
  'connect-src': "'self'",
  'media-src': "'self' data: blob:",
  'object-src': "'none'",
  'frame-src': "'self'",
  'form-action': "'self'",
  'frame-ancestors': "'none'",
  // The shop may run on plain http (local, or TLS ended by a proxy that already redirects): do not force https here.
  upgradeInsecureRequests: null,
};

const PANEL_DIRECTIVES: Directives = {
  ...SHOP_DIRECTIVES,
  'style-src': "'self' 'unsafe-inline'",
  'frame-ancestors': "'self'",
};

const helmetConfig = (directives: Directives, frame: 'deny' | 'sameorigin'): HelmetConfig => ({
  // useDefaults false: the policy is exactly the directives above (helmet's defaults allow https: styles).
  contentSecurityPolicy: { useDefaults: false, directives },
  frameguard: { action: frame },
  noSniff: true,
});

/** strapi::security options for everything but Strapi's panel. */
export const shopSecurityConfig = (): HelmetConfig => helmetConfig(SHOP_DIRECTIVES, 'deny');

/** strapi::security options for Strapi's panel (its path only). */
export const panelSecurityConfig = (): HelmetConfig => helmetConfig(PANEL_DIRECTIVES, 'sameorigin');

/**
 * The origins allowed to call the API from another site (CORS_ORIGINS), as exact `scheme://host[:port]` values.
 * Empty by default: same origin only. A wildcard or anything that is not a bare origin stops the start-up.
 */
export function corsOrigins(raw: string | undefined): string[] {
  const entries = (raw ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  return entries.map((entry) => {
    let origin: string;
    try {
      origin = new URL(entry).origin;
    } catch {
      origin = 'null';
    }
    const bare = entry.replace(/\/$/, '').toLowerCase();
    if (entry.includes('*') || !/^https?:\/\//.test(origin) || origin !== bare) {
      throw new Error(
        `CORS_ORIGINS: "${entry}" is not an origin. List exact origins separated by commas (https://shop.example.com), ` +
          "no wildcard, no path; leave it empty to allow the shop's own origin only.",
      );
    }
    return origin;
  });
}
