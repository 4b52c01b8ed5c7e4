import { assertProductionSecrets, secret } from '../src/utils/secrets';
import cronTasks from './cron-tasks';

export default ({ env }: { env: EnvFn }) => {
  assertProductionSecrets();
  return {
    host: env('HOST', '0.0.0.0'),
    port: env.int('PORT', 1337),
    url: env('PUBLIC_URL', ''),
    // Only trust X-Forwarded-For behind a known reverse proxy; otherwise clients could dodge rate limits.
    proxy: env.bool('TRUST_PROXY', false),
    app: { keys: secret('APP_KEYS').split(',') },
    cron: { enabled: true, tasks: cronTasks },
  };
};
