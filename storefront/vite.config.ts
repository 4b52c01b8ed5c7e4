import { availableParallelism } from 'node:os';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin, Rolldown } from 'vite';
import { defineConfig } from 'vitest/config';

const cmsUrl = process.env.CMS_URL ?? 'http://127.0.0.1:1337';
const proxied = { target: cmsUrl, changeOrigin: true };
/**
 * Her account's routes refuse a request whose Origin is not the host it reached (docs/api.md, "Her account"): they
 * keep the browser's Host header, so the dev server's origin is the host the CMS sees. The session cookie's path is
 * /api/account, and the CMS sets no Domain, so the cookie belongs to the dev server's origin as in production.
 */
const accountProxied = { target: cmsUrl, changeOrigin: false };

const sharedSource = fileURLToPath(new URL('../packages/shared/src/', import.meta.url));

/**
 * Building a zod schema runs code, so the bundler keeps every schema of a shared module it imports, even those the
 * storefront never uses (the back office's, the checkout's on the home page). The shared modules only declare schemas
 * and constants, so their zod calls are marked free of side effects: a schema nobody imports is left out of the
 * bundle and is not built while the page starts. What a schema accepts does not change.
 */
function pureSharedSchemas(): Plugin {
  return {
    name: 'pure-shared-schemas',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!id.startsWith(sharedSource) || id.includes('.test.')) return null;
      const annotated = code.replace(/(?<![\w.$])z\.(\w+)\(/g, '/* @__PURE__ */ z.$1(');
      return { code: annotated, map: null };
    },
  };
}

const headStart = fileURLToPath(new URL('./src/head-start.ts', import.meta.url));

/**
 * `src/head-start.ts` is built as an entry of its own and loaded by index.html as a separate async script, before the
 * shop's code: it is a few hundred bytes, so it starts its requests long before the main chunks have downloaded.
 * (A script written in index.html itself would be bundled into the main entry.)
 */
function headStartScript(): Plugin {
  const tag = (src: string) => ({
    tag: 'script',
    attrs: { type: 'module', async: true, crossorigin: true, src },
    injectTo: 'head' as const,
  });
  return {
    name: 'head-start-script',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle) return [tag('/src/head-start.ts')];
        const chunk = Object.values(ctx.bundle).find((c) => c.type === 'chunk' && c.isEntry && c.name === 'head-start');
        return chunk ? [tag(`/${chunk.fileName}`)] : [];
      },
    },
  };
}

const reactLibraries = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@remix-run)[\\/]/;
const vendorLibraries = /[\\/]node_modules[\\/](zod|axios)[\\/]/;

/** Whether the head-start script loads the module (the script's own graph is a handful of modules). */
function loadedByHeadStart(id: string, ctx: Rolldown.ChunkingContext): boolean {
  const seen = new Set<string>();
  const visit = (module: string): boolean => {
    if (module === id) return true;
    if (seen.has(module)) return false;
    seen.add(module);
    return (ctx.getModuleInfo(module)?.importedIds ?? []).some(visit);
  };
  return visit(headStart);
}

/**
 * The chunks of the build. Libraries every screen needs are chunks of their own: a new release of the shop's code
 * keeps them cached. What the head-start script shares with the pages is a small chunk of its own, so that script
 * stays a few hundred bytes. The rest of what the home page loads at start is one chunk, as Rollup built it before
 * Vite 8: Rolldown would otherwise split each module the home shares with a lazy screen into a small chunk of its
 * own, a dozen more requests before the first paint.
 */
const chunkGroups: Rolldown.CodeSplittingGroup[] = [
  { name: 'react', test: reactLibraries, priority: 4 },
  { name: 'vendor', test: vendorLibraries, priority: 3 },
  {
    name: (id, ctx) => (id !== headStart && loadedByHeadStart(id, ctx) ? 'early' : null),
    priority: 2,
  },
  { name: 'index', tags: ['$initial'], test: (id) => id !== headStart, priority: 1 },
];

export default defineConfig({
  base: '/',
  plugins: [react(), pureSharedSchemas(), headStartScript()],
  resolve: {
    alias: {
      // Listed before '@shop/shared', which points at the package's TypeScript entry.
      // The constants alone (no zod): for the head-start script, which must stay a few hundred bytes.
      '@shop/shared/constants': fileURLToPath(new URL('../packages/shared/src/constants/limits.ts', import.meta.url)),
      '@shop/shared/pictures': fileURLToPath(new URL('../packages/shared/src/pages/pictures.ts', import.meta.url)),
      '@shop/shared/page-answers': fileURLToPath(new URL('../packages/shared/src/pages/page-answers.ts', import.meta.url)),
      '@shop/shared/styles': fileURLToPath(new URL('../packages/shared/styles', import.meta.url)),
      '@shop/shared': fileURLToPath(new URL('../packages/shared/src/index.ts', import.meta.url)),
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  server: {
    proxy: { '/api/account': accountProxied, '/api': proxied, '/uploads': proxied, '/images': proxied },
  },
  preview: {
    proxy: { '/api/account': accountProxied, '/api': proxied, '/uploads': proxied, '/images': proxied },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Read by scripts/measure-home.mjs to follow the entry's static imports.
    manifest: true,
    rolldownOptions: {
      // The shared package's modules have no side effects (declarations only: no top-level calls, no bare imports),
      // so a module reached only through the `@shop/shared` barrel is not a dependency of the home page unless the
      // home uses one of its exports. Without this, every shared module any lazy screen uses (the checkout's pricing,
      // the order and alert schemas, …) sat in the entry chunk, about 7 kB gzip the home never ran.
      treeshake: {
        moduleSideEffects: (id: string) => !(id.startsWith(sharedSource) && /\.ts$/.test(id)),
      },
      input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), 'head-start': headStart },
      output: { codeSplitting: { groups: chunkGroups } },
    },
  },
  test: {
    name: 'storefront',
    environment: 'jsdom',
    // Vitest's default is one worker fewer than the cores (one on a 2-core machine). Each file keeps its own
    // environment and modules (the default isolation): the app's modules and the page keep state between tests
    // (window.__shop* answers, module caches, vi.mock).
    maxWorkers: availableParallelism(),
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Tests type key by key; on a busy two-core CI machine a long form test can pass 5 s, and a test
    // that times out keeps running and clicks into the next test's page.
    testTimeout: 30_000,
    restoreMocks: true,
  },
});
