import { defineConfig } from 'vitest/config';
import path from 'node:path';

/**
 * `npm run test:resilience`: the heavy tests (backups under load, crashes, several app processes). Each test starts
 * the processes and databases it needs itself; files run one after another so they never compete for the machine.
 */
export default defineConfig({
  root: path.resolve(__dirname),
  test: {
    include: ['**/*.test.ts'],
    globalSetup: ['./global-setup.ts'],
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 300_000,
    reporters: ['default'],
    passWithNoTests: true,
  },
});
