import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * `npm run test:unit` (and `npm run check`): every unit suite in one Vitest run. The suites share one pool of workers
 * (one startup instead of five, and a slow suite's last files overlap the next suite's first ones); each keeps its
 * own config, environment and isolation. `npm test -w <workspace>` still runs one suite alone with the same config.
 */
export default defineConfig({
  test: {
    projects: [
      './packages/shared/vitest.config.mjs',
      './packages/client-kit/vitest.config.mjs',
      './storefront/vite.config.ts',
      './admin-panel/vite.config.ts',
      './cms/tests/structure/vitest.config.mts',
    ],
    // Vitest's default for `run` is one worker fewer than the cores: a single worker on a 2-core machine.
    maxWorkers: availableParallelism(),
  },
});
