import { secret } from '../src/domains/platform';

export default ({ env }: { env: EnvFn }) => ({
  // Strapi's own panel lives at /cms so that /admin belongs to the shop's back office.
  url: '/cms',
  serveAdminPanel: env.bool('SERVE_STRAPI_ADMIN', true),
  auth: {
    secret: secret('ADMIN_JWT_SECRET'),
    // The panel reads its access cookie from its own path: with the panel at /cms, the default (/admin) would hide
    // it from the panel and every sign-in would bounce back to the login form. Changing this needs `strapi build`.
    cookie: { path: '/cms' },
  },
  apiToken: { salt: secret('API_TOKEN_SALT') },
  transfer: { token: { salt: secret('TRANSFER_TOKEN_SALT') } },
  secrets: { encryptionKey: secret('ENCRYPTION_KEY') },
  flags: { nps: false, promoteEE: false },
  watchIgnoreFiles: ['**/tests/**', '**/.tmp/**'],
});
