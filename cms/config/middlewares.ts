export default [
  'strapi::logger',
  'strapi::errors',
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
  // Removes multipart temp files once a request is answered (any route, any outcome).
  'global::cleanup-uploads',
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
