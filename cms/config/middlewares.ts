export default [
  'strapi::logger',
  'strapi::errors',
  // Closes Strapi's anonymous first-admin registration (the super-admin is created at first start).
  'global::admin-guard',
  {
    name: 'strapi::security',
    config: {
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          'connect-src': ["'self'", 'https:'],
          'img-src': ["'self'", 'data:', 'blob:', 'https:'],
          'media-src': ["'self'", 'data:', 'blob:'],
          upgradeInsecureRequests: null,
        },
      },
    },
  },
  'strapi::cors',
  'strapi::poweredBy',
  'strapi::query',
  // Turns every error under /api (malformed JSON, oversized bodies, unexpected failures) into {message} in Spanish.
  'global::api-errors',
  // Multipart bodies only on the upload routes (415 elsewhere, before any file is written); removes their temp files.
  'global::multipart-routes',
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
  'strapi::session',
  'strapi::favicon',
  'strapi::compression',
  'strapi::public',
  // The storefront at / and the back office at /admin, built by Vite (see README).
  'global::static-apps',
];
