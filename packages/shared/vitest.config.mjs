import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'shared',
    include: ['src/**/*.test.ts'],
    // Pure functions and schemas: no mocks, no globals, no DOM. One module graph per worker instead of one per file
    // (the files import the same zod schemas; re-evaluating them per file was most of this suite's time).
    isolate: false,
  },
});
