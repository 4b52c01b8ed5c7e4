import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'client-kit',
    include: ['src/**/*.test.ts'],
    // An HTTP client and its errors, tested with their own fakes: no module mocks, no globals, no DOM.
    isolate: false,
  },
});
