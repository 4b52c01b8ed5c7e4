import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * `npm run test:structure -w cms`: the repository's shape (the backend's domains and their import boundary, file
 * sizes, the architecture map's paths). Reads files and runs ESLint; starts no server.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: { name: 'structure', include: ['**/*.test.ts'], testTimeout: 180_000 },
});
