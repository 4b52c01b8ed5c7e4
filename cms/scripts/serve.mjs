// The compiled shop's process: what `strapi start` does (createStrapi with this app and its dist, then start), without
// the CLI first loading every other command it has (Strapi Cloud's deploy, the build and its bundlers: 590 modules,
// about a second of CPU on each start). `npm start` (scripts/start.mjs), the container and the tests' shops start
// through it. Needs the compiled server (cms/dist: `npm run build -w cms`, or scripts/start.mjs, makes it).
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { installCompileCache } from './lib/compile-cache.mjs';

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
const compileCache = process.env.SHOP_COMPILE_CACHE ? installCompileCache(process.env.SHOP_COMPILE_CACHE) : undefined;
// start() logs a failure and stops the process itself (stopWithError); anything thrown before it is fatal here too.
try {
  await require('@strapi/strapi').createStrapi({ appDir, distDir }).start();
  compileCache?.save();
} catch (error) {
  console.error(error);
  process.exit(1);
}
