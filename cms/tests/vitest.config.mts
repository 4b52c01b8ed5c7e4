import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    include: ['api/**/*.test.ts'],
    globalSetup: ['./global-setup.ts'],
    // One Strapi serves every file; files run one after another so rate limits and counters stay deterministic.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    reporters: ['default'],
  },
});
