// A script as a developer would run one (`strapi console`, a one-off task): loads this cms without serving it and
// makes one Document Service call on the database of the environment, then prints the outcome as one JSON line.
// Used by tests/api/strapi-panel.test.ts to show that the order rules hold for scripts too.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { installCompileCache } from '../../scripts/lib/compile-cache.mjs';

// V8's code for Strapi's modules, shared with the tests' shops (strapi-start.mjs sets the folder in their env).
const compileCache = process.env.SHOP_COMPILE_CACHE ? installCompileCache(process.env.SHOP_COMPILE_CACHE) : undefined;
// Strapi's CommonJS build: its ES module build cannot be loaded by Node directly (directory imports).
const { createStrapi } = createRequire(import.meta.url)('@strapi/strapi');
const cmsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const [uid, action, params] = process.argv.slice(2);
const app = createStrapi({ appDir: cmsDir, distDir: path.join(cmsDir, 'dist') });
await app.load();
compileCache?.save();
let outcome;
try {
  const result = await app.documents(uid)[action](JSON.parse(params));
  outcome = { ok: true, result };
} catch (error) {
  outcome = { ok: false, message: error instanceof Error ? error.message : String(error) };
}
process.stdout.write(`\n@@outcome ${JSON.stringify(outcome)}\n`);
await app.destroy();
process.exit(0);
