// Prints every route Strapi registers (a line per route: `GET|POST<TAB>/api/…`), as `strapi routes:list` lists them,
// but from the CMS already compiled in cms/dist: the CLI command compiles the TypeScript project into cms/dist first,
// which rewrote the files under the shops other test files were starting at that moment (a shop that loaded half a
// dist exited with "Handler not found").
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Strapi's CommonJS build, as its CLI loads it (its ES build imports lodash/fp as a directory, which Node refuses).
const load = createRequire(import.meta.url);
const { createStrapi } = load('@strapi/strapi');

const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

try {
  const app = await createStrapi({ appDir, distDir: path.join(appDir, 'dist') }).load();
  const routes = app.server.mount().listRoutes();
  for (const route of routes.filter((r) => r.methods.length > 0)) {
    process.stdout.write(`${route.methods.map((m) => m.toUpperCase()).join('|')}\t${route.path}\n`);
  }
  await app.destroy();
  process.exit(0);
} catch (error) {
  console.error(error);
  process.exit(1);
}
