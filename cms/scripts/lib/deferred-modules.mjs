// Libraries Strapi loads when it starts but that this shop uses only later, or never, left unloaded until something
// reads them. Each start of the shop (the container's, `npm start`'s and the 150 or so the tests make) loaded:
//
// - `@strapi/typescript-utils`, and with it TypeScript's compiler (about 0.35 s of CPU on a slow 2-core machine), only
//   to read `outDir` from cms/tsconfig.json and find the compiled migrations: the starter already knows that folder
//   (it hands `distDir` to Strapi), so the question about this app is answered with it; any other question, or one
//   about another folder, goes to the real library, loaded then.
// - Strapi's MCP server (`@modelcontextprotocol/server`, `/node` and their `core`, about 0.2 s): off unless
//   `server.mcp.enabled` is set, and then loaded by its first use as before.
//
// How: the module's entry in Node's module cache is taken by a stand-in whose exports are a proxy; the first read of
// any of its properties loads the real module (which then replaces the stand-in in the cache) and answers from it.
// Strapi's compiled code reads these modules' exports inside its functions (`server.McpServer`), never when it loads.
import Module, { createRequire } from 'node:module';
import path from 'node:path';

/** Puts a stand-in for `id` (as `requireFrom` resolves it) in the module cache; `own` answers some properties itself. */
function defer(requireFrom, id, own = () => ({})) {
  const filename = requireFrom.resolve(id);
  if (Module._cache[filename]) return;
  let real;
  const load = () => {
    if (real === undefined) {
      delete Module._cache[filename];
      real = requireFrom(id);
    }
    return real;
  };
  const answers = own(load);
  const target = {};
  const stand = new Module(filename);
  stand.filename = filename;
  stand.loaded = true;
  stand.exports = new Proxy(target, {
    get: (_, key) => (Object.hasOwn(answers, key) ? answers[key] : Reflect.get(load(), key)),
    has: (_, key) => Object.hasOwn(answers, key) || Reflect.has(load(), key),
    ownKeys: () => Reflect.ownKeys(load()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(load(), key);
      // A proxy may not report a property its (empty) target lacks as non-configurable.
      return descriptor && { ...descriptor, configurable: true };
    },
  });
  Module._cache[filename] = stand;
}

/** Installs the stand-ins for the shop in `appDir`, compiled into `distDir`. */
export function deferStartupModules(appDir, distDir) {
  const fromApp = createRequire(path.join(appDir, 'package.json'));
  const fromCore = createRequire(fromApp.resolve('@strapi/core'));
  defer(fromCore, '@strapi/typescript-utils', (load) => ({
    resolveOutDirSync: (dir, configFilename) =>
      path.resolve(dir) === appDir && configFilename === undefined ? distDir : load().resolveOutDirSync(dir, configFilename),
  }));
  const fromMcp = createRequire(path.join(path.dirname(fromApp.resolve('@strapi/core')), 'services', 'mcp', 'index.js'));
  defer(fromMcp, '@modelcontextprotocol/server');
  defer(fromMcp, '@modelcontextprotocol/node');
}
