import { defineConfig } from 'vitest/config';
import path from 'node:path';

export default defineConfig({
  root: path.resolve(__dirname),
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
