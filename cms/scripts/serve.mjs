// The compiled shop's process: what `strapi start` does (createStrapi with this app and its dist, then start), without
// the CLI first loading every other command it has (Strapi Cloud's deploy, the build and its bundlers: 590 modules,
// about a second of CPU on each start). `npm start` (scripts/start.mjs), the container and the tests' shops start
// through it. Needs the compiled server (cms/dist: `npm run build -w cms`, or scripts/start.mjs, makes it).
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(appDir, 'dist');
if (!existsSync(path.join(distDir, 'src', 'index.js'))) {
  console.error(`${distDir} holds no compiled server: run the build before starting the shop`);
  process.exit(1);
}
// Strapi reads its project from the working directory (package.json, .env, public/).
process.chdir(appDir);
const require = createRequire(path.join(appDir, 'package.json'));
// SHOP_COMPILE_CACHE=<folder>: V8's code for the modules kept between starts (scripts/lib/compile-cache.mjs).
// Loaded only then: the production image sets no such folder and does not carry the module.
const compileCache = process.env.SHOP_COMPILE_CACHE
  ? (await import('./lib/compile-cache.mjs')).installCompileCache(process.env.SHOP_COMPILE_CACHE)
  : undefined;
// Libraries Strapi loads at start but this shop uses later or never (TypeScript's compiler, the MCP server): loaded on
// first use instead (scripts/lib/deferred-modules.mjs).
(await import('./lib/deferred-modules.mjs')).deferStartupModules(appDir, distDir);
// start() logs a failure and stops the process itself (stopWithError); anything thrown before it is fatal here too.
try {
  await require('@strapi/strapi').createStrapi({ appDir, distDir }).start();
  try {
    compileCache?.save();
  } catch (error) {
    // A cache that cannot be written (a read-only folder, a full disk) costs the next start time, never this one.
    console.warn(`[compile-cache] not saved: ${error instanceof Error ? error.message : String(error)}`);
  }
} catch (error) {
  console.error(error);
  process.exit(1);
}
