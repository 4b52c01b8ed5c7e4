import { ensureSecrets, isProduction, secret } from '../src/domains/platform';
import cronTasks from './cron-tasks';

export default ({ env }: { env: EnvFn }) => {
  ensureSecrets();
  return {
    // Outside production the shop listens on this machine only; set HOST=0.0.0.0 to reach it from the network.
    host: env('HOST', isProduction() ? '0.0.0.0' : '127.0.0.1'),
    port: env.int('PORT', 1337),
    url: env('PUBLIC_URL', ''),
    // Strapi 5 reads `proxy.koa` (a plain boolean here is ignored). Behind the shop's own reverse proxy, the client
    // address is the last X-Forwarded-For entry, the one that proxy appended: exactly one hop is trusted, so an
    // address the client forged earlier in the header is never used (rate limits are per client address).
    proxy: { koa: env.bool('TRUST_PROXY', false), ipHeader: 'X-Forwarded-For', maxIpsCount: 1 },
    app: { keys: secret('APP_KEYS').split(',') },
    cron: { enabled: true, tasks: cronTasks },
    // Where uploads and the public files live (default cms/public); a fault test points it at a disk of its own.
    ...(env('PUBLIC_DIR', '') ? { dirs: { public: env('PUBLIC_DIR', '') } } : {}),
  };
};
