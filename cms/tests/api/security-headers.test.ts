import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { adminToken } from '../helpers/api';
import { startStrapi, type RunningStrapi } from '../helpers/strapi-process';
import { corsOrigins } from '../../src/domains/platform/security-policy';
import { parseCsp } from '../../../e2e/support/csp';

/**
 * Same origin only: another site's script must not be able to read the shop's API answers (CORS grants no foreign
 * origin unless the owner lists it in CORS_ORIGINS), and every answer carries the browser policy (CSP without inline
 * scripts, no framing, no MIME sniffing). The pages themselves are checked in a browser by e2e/tests/security.spec.ts.
 */

const EVIL = 'https://evil.example';
const PARTNER = 'https://tienda-aliada.example';

async function raw(baseUrl: string, path: string, init: RequestInit = {}): Promise<Response> {
  const res = await fetch(`${baseUrl}${path}`, init);
  await res.arrayBuffer();
  return res;
}

const preflight = (baseUrl: string, path: string, origin: string, method = 'POST') =>
  raw(baseUrl, path, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'content-type,authorization' },
  });

/** The Keep-Alive header Node's server sends on a kept-alive answer (hop-by-hop: fetch does not show it). */
function keepAliveHeader(baseUrl: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${baseUrl}/api/health`, { headers: { connection: 'keep-alive' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(String(res.headers['keep-alive'] ?? '')));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The CSP header as a map directive -> sources. */
const csp = (res: Response) => parseCsp(res.headers.get('content-security-policy'));

function expectNoCorsGrant(res: Response, what: string) {
  expect(res.headers.get('access-control-allow-origin'), what).toBeNull();
  expect(res.headers.get('access-control-allow-credentials'), what).toBeNull();
}

describe('CORS: same origin only by default', () => {
  it('grants nothing to a foreign origin, on simple requests and preflights, public and staff routes alike', async () => {
    const base = inject('baseUrl');
    const token = await adminToken();
    expectNoCorsGrant(await raw(base, '/api/products', { headers: { origin: EVIL } }), 'GET /api/products');
    expectNoCorsGrant(await raw(base, '/api/content', { headers: { origin: EVIL } }), 'GET /api/content');
    expectNoCorsGrant(
      await raw(base, '/api/orders', { headers: { origin: EVIL, authorization: `Bearer ${token}` } }),
      'GET /api/orders (staff)',
    );
    expectNoCorsGrant(
      await raw(base, '/api/auth/login', { method: 'POST', headers: { origin: EVIL, 'content-type': 'text/plain' }, body: '{}' }),
      'simple POST /api/auth/login',
    );
    for (const path of ['/api/orders', '/api/auth/login', '/api/content']) {
      const res = await preflight(base, path, EVIL, path === '/api/content' ? 'PUT' : 'POST');
      expectNoCorsGrant(res, `preflight ${path}`);
      expect(res.headers.get('access-control-allow-methods'), path).toBeNull();
    }
    // Not even the shop's own origin is echoed back: its pages are same-origin and need no CORS header; nor does a
    // request without Origin (same-origin GETs, servers) get a wildcard.
    expectNoCorsGrant(await raw(base, '/api/products', { headers: { origin: base } }), 'own origin');
    expectNoCorsGrant(await raw(base, '/api/products'), 'no Origin header');
    expectNoCorsGrant(await raw(base, '/api/no-existe'), 'no Origin header, error answer');
  });

  describe('with CORS_ORIGINS set by the owner', () => {
    let shop: RunningStrapi;
    beforeAll(async () => {
      const database = { kind: inject('databaseKind'), env: inject('databaseEnv'), drop: async () => undefined };
      shop = await startStrapi(database, { CORS_ORIGINS: ` ${PARTNER}/ , http://localhost:5173`, KEEP_ALIVE_TIMEOUT_MS: '7000' });
    });
    afterAll(async () => {
      await shop?.stop();
    });

    it('keeps an idle connection open longer than the proxy in front keeps it (KEEP_ALIVE_TIMEOUT_MS)', async () => {
      // Node's 5 s default ended connections Caddy (2 minutes) and browsers were about to reuse: a reset request.
      expect(await keepAliveHeader(inject('baseUrl'))).toBe('timeout=125');
      expect(await keepAliveHeader(shop.url)).toBe('timeout=7');
    });

    it('grants exactly the listed origins, without cookies, and still nothing to the others', async () => {
      const simple = await raw(shop.url, '/api/products', { headers: { origin: PARTNER } });
      expect(simple.headers.get('access-control-allow-origin')).toBe(PARTNER);
      expect(simple.headers.get('access-control-allow-credentials')).toBeNull();
      const pre = await preflight(shop.url, '/api/orders', 'http://localhost:5173');
      expect(pre.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
      expect(pre.headers.get('access-control-allow-methods')).toContain('POST');
      expectNoCorsGrant(await raw(shop.url, '/api/products', { headers: { origin: EVIL } }), 'evil, simple');
      expectNoCorsGrant(await preflight(shop.url, '/api/orders', EVIL), 'evil, preflight');
      // Look-alikes of a listed origin are foreign origins.
      for (const lookalike of [`${PARTNER}.evil.example`, 'https://tienda-aliada.example:8443', 'http://tienda-aliada.example']) {
        expectNoCorsGrant(await raw(shop.url, '/api/products', { headers: { origin: lookalike } }), lookalike);
      }
    });
  });

  it('CORS_ORIGINS accepts only exact origins (a wildcard or a path stops the start-up)', () => {
    expect(corsOrigins(undefined)).toEqual([]);
    expect(corsOrigins('')).toEqual([]);
    expect(corsOrigins(' https://a.example/ ,http://localhost:5173')).toEqual(['https://a.example', 'http://localhost:5173']);
    for (const bad of ['*', 'https://*.example.com', 'https://a.example/tienda', 'a.example', 'ftp://a.example', 'null']) {
      expect(() => corsOrigins(bad), bad).toThrow(/CORS_ORIGINS/);
    }
  });
});

describe('browser policy headers', () => {
  it('every API answer carries a CSP without inline scripts, no framing, nosniff', async () => {
    const base = inject('baseUrl');
    for (const path of ['/api/health', '/api/products', '/api/no-existe']) {
      const res = await raw(base, path);
      const policy = csp(res);
      expect(policy.get('default-src'), path).toBe("'self'");
      expect(policy.get('script-src'), path).toBe("'self'");
      expect(policy.get('script-src-attr'), path).toBe("'none'");
      expect(policy.get('connect-src'), path).toBe("'self'");
      expect(policy.get('style-src'), path).toBe("'self'");
      expect(policy.get('object-src'), path).toBe("'none'");
      expect(policy.get('frame-ancestors'), path).toBe("'none'");
      expect(policy.get('img-src'), path).toBe("'self' data: blob: https:");
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
    }
  });

  it("relaxes only styles and framing by itself for Strapi's panel, on its path only", async () => {
    const base = inject('baseUrl');
    const panel = csp(await raw(base, '/cms/auth/login', { headers: { accept: 'text/html' } }));
    expect(panel.get('style-src')).toBe("'self' 'unsafe-inline'");
    expect(panel.get('frame-ancestors')).toBe("'self'");
    expect(panel.get('object-src')).toBe("'none'");
    // A path that merely starts with the same letters is the shop's.
    const shop = csp(await raw(base, '/cmsx', { headers: { accept: 'text/html' } }));
    expect(shop.get('style-src')).toBe("'self'");
    expect(shop.get('frame-ancestors')).toBe("'none'");
  });
});
