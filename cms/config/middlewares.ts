import { corsOrigins, shopSecurityConfig } from '../src/domains/platform';

export default ({ env }: { env: EnvFn }) => [
  'strapi::logger',
  'strapi::errors',
  // Closes Strapi's anonymous first-admin registration (the super-admin is created at first start).
  'global::admin-guard',
  // CSP, frame-ancestors, nosniff, HSTS for the storefront, the back office and the API (src/domains/platform/security-policy.ts).
  { name: 'strapi::security', config: shopSecurityConfig() },
  // Strapi's panel at /cms: the same headers, with the inline styles it needs, on its path only.
  'global::panel-security',
  {
    name: 'strapi::cors',
    config: {
      // Same origin only unless the owner lists other sites (CORS_ORIGINS); never '*', never cookies.
      origin: corsOrigins(env('CORS_ORIGINS', '')),
      credentials: false,
    },
  },
  // No CORS header at all on answers to requests without Origin (strapi::cors would send a '*' there).
  'global::cors-only-cross-origin',
  'strapi::poweredBy',
  'strapi::query',
  // Turns every error under /api (malformed JSON, oversized bodies, unexpected failures) into {message} in Spanish.
  'global::api-errors',
  // Public catalogue reads answered from memory with ETag/304, emptied on every catalogue write (catalogue-cache.ts).
  'global::catalogue-cache',
  // POST /api/checkout/quote without the body parser, session and router it does not need (checkout-quote.ts).
  'global::checkout-quote',
  // Multipart bodies only on the upload routes (415 elsewhere, before any file is written); removes their temp files.
  'global::multipart-routes',
  // POST /api/products/stock.csv: the spreadsheet read as raw bytes (up to 5 MB) before the body parser.
  'global::stock-sheet-body',
  // POST /api/whatsapp/webhook: Meta's notification read as raw bytes, for its X-Hub-Signature-256 (HMAC of the body).
  'global::whatsapp-webhook-body',
  {
    name: 'strapi::body',
    config: {
      jsonLimit: '256kb',
      formLimit: '256kb',
      textLimit: '256kb',
      formidable: { maxFileSize: 10 * 1024 * 1024, maxFiles: 1 },
    },
  },
  // Refuses NUL, lone surrogates and malformed percent-encoding in the path, query or body with a Spanish 400
  // before any route runs (PostgreSQL refuses them with a 500; bcryptjs loops forever on a lone surrogate).
  'global::input-guard',
  // Who did what: every successful staff change, after its answer (src/domains/staff/staff-activity.ts).
  'global::staff-activity',
  'strapi::session',
  'strapi::favicon',
  'strapi::compression',
  'strapi::public',
  // The storefront at / and the back office at /admin, built by Vite (see README).
  'global::static-apps',
];
