import { availableParallelism } from 'node:os';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const cmsUrl = process.env.CMS_URL ?? 'http://127.0.0.1:1337';
const proxied = { target: cmsUrl, changeOrigin: true };

export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  resolve: {
    alias: {
      // Listed before '@shop/shared', which points at the package's TypeScript entry.
      '@shop/shared/styles': fileURLToPath(new URL('../packages/shared/styles', import.meta.url)),
      '@shop/shared': fileURLToPath(new URL('../packages/shared/src/index.ts', import.meta.url)),
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // What the first screen loads is one chunk, as Rollup built it before Vite 8 (Rolldown would otherwise split
        // each module the entry shares with a lazy screen into a small chunk of its own); every screen stays lazy.
        codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    proxy: { '/api': proxied, '/uploads': proxied, '/images': proxied, '/feeds': proxied },
  },
  test: {
    name: 'admin-panel',
    environment: 'jsdom',
    // Vitest's default is one worker fewer than the cores (one on a 2-core machine). Each file keeps its own
    // environment and modules (the default isolation): the app's modules and the page keep state between tests
    // (window.__shop* answers, module caches, vi.mock).
    maxWorkers: availableParallelism(),
    globals: false,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Tests type key by key; on a busy two-core CI machine a long form test can pass 5 s, and a test
    // that times out keeps running and clicks into the next test's page.
    testTimeout: 30_000,
    css: false,
  },
});
