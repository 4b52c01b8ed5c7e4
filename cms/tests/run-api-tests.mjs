// Runs the API suite on SQLite, then on PostgreSQL (required in CI; skipped with a notice locally if unreachable).
import { spawnSync } from 'node:child_process';
import { postgresAnswers } from './helpers/strapi-start.mjs';

const adminUrl = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const only = process.env.TEST_DB;
const kinds = only ? [only] : ['sqlite', 'postgres'];
let failed = false;
for (const kind of kinds) {
  if (kind === 'postgres' && !(await postgresAnswers(adminUrl))) {
    if (process.env.CI) {
      console.error('PostgreSQL is required in CI but is not reachable');
      process.exit(1);
    }
    console.warn('PostgreSQL not reachable: skipping the PostgreSQL run of the API tests');
    continue;
  }
  console.log(`\n=== API tests on ${kind} ===`);
  const r = spawnSync('npx', ['vitest', 'run', '--config', 'tests/vitest.config.mts', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, TEST_DB: kind, SKIP_CMS_COMPILE: kind === kinds[0] ? '' : '1' },
  });
  if (r.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
